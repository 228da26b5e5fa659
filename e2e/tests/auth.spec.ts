import { ACCOUNT } from '@otaku/shared';
import {
  expect,
  readMailedCode,
  SHOPPER_PASSWORD as PASSWORD,
  signUpShopper,
  test,
  uniqueEmail,
  waitForMail,
  type Page,
} from '../fixtures';

const nav = (page: Page) => page.getByRole('banner');

async function expectSignedIn(page: Page, username: string) {
  await expect(nav(page).getByRole('img', { name: `${username}'s profile picture` })).toBeVisible();
  await expect(nav(page).getByRole('button', { name: 'Logout' })).toBeVisible();
}

test.describe('accounts', () => {
  test('sign-up in three steps with the code from the e-mail', async ({ page, request }) => {
    const email = uniqueEmail('signup');
    await page.goto('/signup');
    await page.getByLabel('Email').fill(email);
    await page.getByRole('button', { name: 'Send code' }).click();

    await expect(page.getByRole('button', { name: /Resend code in \d+s/ })).toBeDisabled();
    const code = await readMailedCode(request, email);
    await page.getByLabel('Code').fill(code);
    await page.getByRole('button', { name: 'Verify code' }).click();

    await page.getByLabel('Username').fill('Journey Fan');
    await page.getByLabel('Password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Create account' }).click();

    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByText('Account created successfully!')).toBeVisible();
    await expectSignedIn(page, 'Journey Fan');
  });

  test('sign-up with an address that has an account looks the same, and mails its owner a note', async ({
    page,
    request,
  }) => {
    const email = uniqueEmail('taken');
    await signUpShopper(request, { email, username: 'Taken Fan' });
    await page.goto('/signup');
    await page.getByLabel('Email').fill(email);
    await page.getByRole('button', { name: 'Send code' }).click();
    await expect(page.getByText(`We sent a code to ${email}.`)).toBeVisible();
    const note = await waitForMail(request, email, { subject: ACCOUNT.accountExistsMailSubject });
    expect(note.text).toContain('/forgot-password');
    expect(note.text).not.toMatch(/\b\d{6}\b/);
  });

  test('login, a refused password, then logout', async ({ page, request, pageErrors }) => {
    const email = uniqueEmail('login');
    await signUpShopper(request, { email, username: 'Login Fan' });
    // The refused login answers 401, which Chromium logs as a failed resource.
    pageErrors.allow(/status of 401/);

    await page.goto('/login');
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password').fill('not-my-password');
    await page.getByRole('button', { name: 'Log in' }).click();
    await expect(page.getByText('Invalid email or password.')).toBeVisible();
    await expect(page).toHaveURL(/\/login$/);

    await page.getByLabel('Password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Log in' }).click();
    await expect(page).toHaveURL(/\/$/);
    await expectSignedIn(page, 'Login Fan');

    const token = await page.evaluate(() => window.localStorage.getItem('authToken'));
    expect(token).toBeTruthy();
    await nav(page).getByRole('button', { name: 'Logout' }).click();
    await expect(page).toHaveURL(/\/login$/);
    await expect(nav(page).getByRole('link', { name: 'Login' })).toBeVisible();
    expect(await page.evaluate(() => window.localStorage.length)).toBe(0);

    // The access token the browser held is ended too, not merely forgotten.
    const verify = await request.get('/api/auth/verify', {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(verify.status()).toBe(401);

    // The refresh cookie was revoked too: a guarded page sends the visitor to /login.
    await page.goto('/cart');
    await expect(page).toHaveURL(/\/login$/);
  });

  test('after logging in, Back leads on instead of showing the login form again', async ({
    page,
    request,
  }) => {
    // Two guarded pages, two login forms in the history; the second one is used.
    for (const guarded of ['/cart', '/history']) {
      await page.goto(guarded);
      await expect(page).toHaveURL(/\/login$/);
    }
    const shopper = { email: uniqueEmail('back'), username: 'Back Fan' };
    const { email } = await signUpShopper(request, shopper);
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Log in' }).click();
    await expect(page).toHaveURL(/\/history$/);

    // Back reaches the first login form, which sends the shopper on to the cart it was for.
    await page.goBack();
    await expect(page).toHaveURL(/\/cart$/);
    await expect(page.getByRole('heading', { name: 'Your Cart' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Log in' })).toHaveCount(0);
    await expectSignedIn(page, 'Back Fan');
  });

  test('a forgotten password is reset with a mailed code, which ends the other sessions', async ({
    page,
    request,
  }) => {
    const email = uniqueEmail('reset');
    await signUpShopper(request, { email, username: 'Reset Fan' });
    // Another device's session: its refresh cookie lives in `request`, and renews.
    await request.post('/api/auth/login', { data: { email, password: PASSWORD } });
    const renewed = await request.post('/api/auth/refresh');
    expect(renewed.ok()).toBe(true);
    const elsewhere = { authorization: `Bearer ${(await renewed.json()).token}` };
    expect((await request.get('/api/auth/verify', { headers: elsewhere })).ok()).toBe(true);

    await page.goto('/login');
    await page.getByRole('link', { name: 'Forgot password?' }).click();
    await expect(page).toHaveURL(/\/forgot-password$/);
    // The address changes as the link is followed, while the login page, which has an Email
    // field too, stays up until the reset page's code has arrived: wait for the reset page.
    await expect(page.getByRole('heading', { name: 'Reset your password' })).toBeVisible();
    await page.getByLabel('Email').fill(email);
    await page.getByRole('button', { name: 'Send code' }).click();
    await expect(page.getByText(`If an account uses ${email}, we sent it a code.`)).toBeVisible();
    await page.getByLabel('Code').fill(await readMailedCode(request, email, 'reset'));
    await page.getByRole('button', { name: 'Verify code' }).click();

    await page.getByLabel('New password', { exact: true }).fill('a-brand-new-password');
    await page.getByLabel('Confirm new password').fill('a-brand-new-password');
    await page.getByRole('button', { name: 'Save new password' }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByText(ACCOUNT.passwordReset)).toBeVisible();
    await expectSignedIn(page, 'Reset Fan');

    // The other device is out at its next call, not when its access token expires.
    expect((await request.get('/api/auth/verify', { headers: elsewhere })).status()).toBe(401);
    expect((await request.post('/api/auth/refresh')).status()).toBe(401);
    const old = await request.post('/api/auth/login', { data: { email, password: PASSWORD } });
    expect(old.status()).toBe(401);
    const fresh = await request.post('/api/auth/login', {
      data: { email, password: 'a-brand-new-password' },
    });
    expect(fresh.ok()).toBe(true);
  });

  test('an expired access token is renewed from the refresh cookie', async ({
    page,
    request,
    pageErrors,
  }) => {
    const email = uniqueEmail('refresh');
    pageErrors.allow(/status of 401/);
    await signUpShopper(request, { email, username: 'Refresh Fan' });
    await page.goto('/login');
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Log in' }).click();
    await expectSignedIn(page, 'Refresh Fan');

    await page.evaluate(() => window.localStorage.setItem('authToken', 'expired.or.forged'));
    const refreshed = page.waitForResponse('**/api/auth/refresh');
    await page.reload();
    expect((await refreshed).status()).toBe(200);
    await expectSignedIn(page, 'Refresh Fan');
    await expect
      .poll(() => page.evaluate(() => window.localStorage.getItem('authToken')))
      .not.toBe('expired.or.forged');
  });

  test('a session that cannot be renewed is wiped and a guarded page goes to /login', async ({
    page,
    request,
    context,
    pageErrors,
  }) => {
    const email = uniqueEmail('expired');
    await signUpShopper(request, { email, username: 'Expired Fan' });
    pageErrors.allow(/status of 401/);
    await page.goto('/login');
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Log in' }).click();
    await expectSignedIn(page, 'Expired Fan');

    await context.clearCookies();
    await page.evaluate(() => window.localStorage.setItem('authToken', 'expired.or.forged'));
    await page.goto('/history');
    await expect(page).toHaveURL(/\/login$/);
    await expect(nav(page).getByRole('link', { name: 'Login' })).toBeVisible();
    expect(await page.evaluate(() => window.localStorage.getItem('userInfo'))).toBeNull();
  });

  test('the recruiter page creates an admin once its address is verified, and goes home', async ({
    page,
    request,
  }) => {
    const email = uniqueEmail('recruiter');
    await page.goto('/recruiter');
    await page.getByLabel('Username').fill('Recruiter Rae');
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await page.getByLabel('Confirm password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Create Recruiter Account' }).click();
    await page.getByLabel('Code').fill(await readMailedCode(request, email, 'recruiter'));
    await page.getByRole('button', { name: 'Verify code' }).click();

    await expect(page.getByText('Recruiter account created successfully!')).toBeVisible();
    await expect(page).toHaveURL(/\/$/, { timeout: 5_000 });
    await expectSignedIn(page, 'Recruiter Rae');
    await expect(nav(page).getByRole('link', { name: 'Dashboard' })).toBeVisible();
  });
});
