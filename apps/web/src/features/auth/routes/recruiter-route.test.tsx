import { ACCOUNT, AUTH, RECRUITER, STORAGE_KEYS, TIMINGS, VALIDATION } from '@otaku/shared';
import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { notFromTheServer } from '../../../test/api-stub';
import { jsonResponse } from '../../../test/factories';
import {
  fail,
  fakeApi,
  networkDown,
  ok,
  renderScreen,
  sessionBody,
  type Handler,
} from '../testing/auth-test-kit';
import { RecruiterRoute } from './recruiter-route';

beforeEach(() => vi.useFakeTimers({ shouldAdvanceTime: true }));
afterEach(() => vi.useRealTimers());

const valid = {
  Username: 'Recruiter Rae',
  Email: 'rae@hiring.test',
  Password: 'hire-me-please',
  'Confirm password': 'hire-me-please',
};

async function fillAndSubmit(values: Partial<Record<keyof typeof valid, string>> = valid) {
  const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
  for (const [label, value] of Object.entries(values)) {
    if (value) await user.type(screen.getByLabelText(label), value);
  }
  await user.click(screen.getByRole('button', { name: 'Create Recruiter Account' }));
  return user;
}

const verificationToken = 'token-of-the-verified-code';
/** The sign-up code calls that prove the form's address (decisions 131 and 132). */
const codeCalls: Record<string, Handler> = {
  'POST /api/auth/send-otp': ok({ message: ACCOUNT.codeSent, resendAfterSeconds: 30 }),
  'POST /api/auth/verify-otp': ok({ message: ACCOUNT.codeVerified, verificationToken }),
};

/** Fills the form, sends it, and enters the code mailed to its address. */
async function fillSubmitAndVerify() {
  const user = await fillAndSubmit();
  await user.type(await screen.findByLabelText('Code'), '123456');
  await user.click(screen.getByRole('button', { name: 'Verify code' }));
  return user;
}

const admin = () =>
  ok({ ...sessionBody({ role: 'admin' }), message: ACCOUNT.recruiterCreated }, 201);

// Typing whole forms is slow on a busy machine; the default 5 s is too tight.
describe('RecruiterRoute', { timeout: 20_000 }, () => {
  it('creates the account, stores it and goes home after 1.5 seconds', async () => {
    // On the test's clock, which moves with real time too: the 1.5 s start after the server has
    // answered, however long a busy machine then takes to show the answer.
    let answeredAt = 0;
    const api = fakeApi({
      ...codeCalls,
      'POST /api/auth/recruiterBypass': (...call) => {
        answeredAt = Date.now();
        return admin()(...call);
      },
    });
    renderScreen(<RecruiterRoute />, '/recruiter');
    await fillSubmitAndVerify();
    expect(await screen.findByText(ACCOUNT.recruiterCreated)).toBeInTheDocument();
    expect(api.called('POST /api/auth/send-otp')[0]!.body).toEqual({
      email: 'rae@hiring.test',
      page: 'recruiter',
    });
    expect(api.called('POST /api/auth/verify-otp')[0]!.body).toEqual({
      email: 'rae@hiring.test',
      otp: '123456',
    });
    expect(api.called('POST /api/auth/recruiterBypass')[0]!.body).toEqual({
      username: 'Recruiter Rae',
      email: 'rae@hiring.test',
      password: 'hire-me-please',
      confirmPassword: 'hire-me-please',
      verificationToken,
    });
    expect(JSON.parse(window.localStorage.getItem(STORAGE_KEYS.userInfo)!).role).toBe('admin');
    const untilAnswered = (ms: number) => Math.max(0, answeredAt + ms - Date.now());
    await act(() => vi.advanceTimersByTimeAsync(untilAnswered(TIMINGS.recruiterRedirectMs - 100)));
    expect(screen.queryByRole('heading', { name: 'Home screen' })).not.toBeInTheDocument();
    await act(() => vi.advanceTimersByTimeAsync(untilAnswered(TIMINGS.recruiterRedirectMs + 100)));
    expect(await screen.findByRole('heading', { name: 'Home screen' })).toBeInTheDocument();
  });

  it.each([
    [{ ...valid, Username: 'ab' }, RECRUITER.usernameTooShort],
    [{ ...valid, Username: 'x'.repeat(21) }, RECRUITER.usernameTooLong],
    [{ ...valid, Username: '' }, VALIDATION.usernameRequired],
    [{ ...valid, Email: 'rae@' }, RECRUITER.invalidEmail],
    [{ ...valid, Email: '' }, VALIDATION.emailRequired],
    [{ ...valid, Password: 'short', 'Confirm password': 'short' }, RECRUITER.passwordTooShort],
    [{ ...valid, 'Confirm password': '' }, RECRUITER.confirmRequired],
    [{ ...valid, 'Confirm password': 'hire-me-later' }, RECRUITER.passwordsDiffer],
  ])('refuses %j with "%s"', async (values, message) => {
    const api = fakeApi({});
    renderScreen(<RecruiterRoute />, '/recruiter');
    await fillAndSubmit(values);
    expect(await screen.findByText(message)).toBeInTheDocument();
    expect(api.calls).toHaveLength(0);
  });

  it.each([
    ['the server message', fail(403, ACCOUNT.recruiterDisabled), ACCOUNT.recruiterDisabled],
    ['"Failed to create recruiter account"', fail(502), RECRUITER.failed],
    ['"An error occurred while creating the account!"', networkDown, RECRUITER.error],
  ])(
    'shows %s on the form, which keeps what was typed, when it fails',
    async (_name, handler, text) => {
      fakeApi({ ...codeCalls, 'POST /api/auth/recruiterBypass': handler });
      renderScreen(<RecruiterRoute />, '/recruiter');
      await fillSubmitAndVerify();
      expect(await screen.findByRole('alert')).toHaveTextContent(text);
      expect(screen.getByLabelText('Email')).toHaveValue('rae@hiring.test');
      expect(window.localStorage.getItem(STORAGE_KEYS.authToken)).toBeNull();
    },
  );

  it('shows why the code could not be sent, and stays on the form', async () => {
    const api = fakeApi({ 'POST /api/auth/send-otp': fail(503, AUTH.sendOtpFailed) });
    renderScreen(<RecruiterRoute />, '/recruiter');
    await fillAndSubmit();
    expect(await screen.findByRole('alert')).toHaveTextContent(AUTH.sendOtpFailed);
    expect(screen.getByLabelText('Username')).toHaveValue('Recruiter Rae');
    expect(api.called('POST /api/auth/recruiterBypass')).toHaveLength(0);
  });

  it('treats an error response that still says success with a user and token as success', async () => {
    fakeApi({
      ...codeCalls,
      'POST /api/auth/recruiterBypass': () =>
        notFromTheServer(
          jsonResponse({ success: true, ...sessionBody({ role: 'admin' }) }, 500),
          'the spec asks the page to go by the body, whatever sends it',
        ),
    });
    renderScreen(<RecruiterRoute />, '/recruiter');
    await fillSubmitAndVerify();
    await act(() => vi.advanceTimersByTimeAsync(1_600));
    expect(screen.getByRole('heading', { name: 'Home screen' })).toBeInTheDocument();
    expect(window.localStorage.getItem(STORAGE_KEYS.authToken)).toBe('fresh-token');
  });

  it('links back to login and sign-up', () => {
    fakeApi({});
    renderScreen(<RecruiterRoute />, '/recruiter');
    expect(screen.getByRole('link', { name: 'Log in' })).toHaveAttribute('href', '/login');
    expect(screen.getByRole('link', { name: 'Sign up' })).toHaveAttribute('href', '/signup');
  });
});
