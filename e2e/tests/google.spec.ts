import { googleUser } from '../environment';
import { expect, test } from '../fixtures';

test.describe('Google sign-in', () => {
  test('signs in through the OpenID provider, shows the picture, and logs out', async ({
    page,
  }) => {
    await page.goto('/login');
    await page.getByRole('link', { name: 'Continue with Google' }).click();

    // Login route → provider (auto-approves) → callback → completion page → home.
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByText('Signed in with Google!')).toBeVisible();
    const banner = page.getByRole('banner');
    const avatar = banner.getByRole('img', { name: `${googleUser.name}'s profile picture` });
    await expect(avatar).toHaveAttribute('src', googleUser.picture);

    const stored = await page.evaluate(() => JSON.parse(localStorage.getItem('userInfo') ?? '{}'));
    expect(stored).toMatchObject({ email: googleUser.email, googleId: googleUser.sub });

    // A Google-signed-in user logs out through the Google logout redirect, a form's POST from
    // the shop's own page (the server refuses one from another site).
    const logout = page.waitForRequest('**/api/googleAuth/logout');
    await banner.getByRole('button', { name: 'Logout' }).click();
    expect((await logout).method()).toBe('POST');
    await expect(page).toHaveURL(/\/login$/);
    await expect(banner.getByRole('link', { name: 'Login' })).toBeVisible();
    expect(await page.evaluate(() => localStorage.length)).toBe(0);
  });
});
