import { ACCOUNT, AUTH, STORAGE_KEYS } from '@otaku/shared';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fail, fakeApi, ok, renderScreen, sessionBody } from '../testing/auth-test-kit';
import { GoogleAuthSuccessRoute } from './google-auth-success-route';

const path = '/auth/google/success';
const google = sessionBody({
  googleId: 'g-1',
  profilePic: 'https://lh3.googleusercontent.com/a/x',
});

describe('GoogleAuthSuccessRoute', () => {
  it('signs in with the session cookie, shows a toast and goes home', async () => {
    const api = fakeApi({
      'GET /api/googleAuth/success': ok({ ...google, message: ACCOUNT.googleSignedIn }),
    });
    renderScreen(<GoogleAuthSuccessRoute />, path);
    expect(await screen.findByRole('heading', { name: 'Home screen' })).toBeInTheDocument();
    expect(await screen.findByText(ACCOUNT.googleSignedIn)).toBeInTheDocument();
    expect(api.called('GET /api/googleAuth/success')).toHaveLength(1);
    expect(JSON.parse(window.localStorage.getItem(STORAGE_KEYS.userInfo)!).googleId).toBe('g-1');
  });

  it('signs in with a token from the query string', async () => {
    const api = fakeApi({ 'GET /api/auth/verify': ok({ user: google.user }) });
    renderScreen(<GoogleAuthSuccessRoute />, path, `${path}?token=query-token`);
    expect(await screen.findByRole('heading', { name: 'Home screen' })).toBeInTheDocument();
    expect(api.fetchMock.mock.calls[0]![1]!.headers).toBeInstanceOf(Headers);
    const headers = api.fetchMock.mock.calls[0]![1]!.headers as Headers;
    expect(headers.get('Authorization')).toBe('Bearer query-token');
    expect(window.localStorage.getItem(STORAGE_KEYS.authToken)).toBe('query-token');
  });

  it('shows the failure toast and goes to /login when the session is missing', async () => {
    fakeApi({ 'GET /api/googleAuth/success': fail(401, ACCOUNT.sessionExpired) });
    renderScreen(<GoogleAuthSuccessRoute />, path);
    expect(await screen.findByRole('heading', { name: 'Login screen' })).toBeInTheDocument();
    expect(await screen.findByText(AUTH.googleFailed)).toBeInTheDocument();
    expect(window.localStorage.length).toBe(0);
  });

  it('explains an unverified Google address', async () => {
    const api = fakeApi({});
    renderScreen(<GoogleAuthSuccessRoute />, path, `${path}?error=email-unverified`);
    expect(await screen.findByText(ACCOUNT.googleEmailUnverified)).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'Login screen' })).toBeInTheDocument();
    expect(api.calls).toHaveLength(0);
  });

  it('explains an account whose address was never confirmed', async () => {
    fakeApi({});
    renderScreen(<GoogleAuthSuccessRoute />, path, `${path}?error=account-unverified`);
    expect(await screen.findByText(ACCOUNT.googleAccountUnverified)).toBeInTheDocument();
  });

  it('says only that it failed for a reason it does not know, whatever its name', async () => {
    fakeApi({});
    renderScreen(<GoogleAuthSuccessRoute />, path, `${path}?error=constructor`);
    expect(await screen.findByText(AUTH.googleFailed)).toBeInTheDocument();
  });
});
