import { ACCOUNT, AUTH, INPUT_RULES, RECRUITER, STORAGE_KEYS, VALIDATION } from '@otaku/shared';
import { act, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  fail,
  fakeApi,
  networkDown,
  ok,
  renderScreen,
  sessionBody,
  toCodeStep as toCodeStepOf,
  typist,
  type Handler,
} from '../testing/auth-test-kit';
import { SignupRoute } from './signup-route';

const sent = ok({ message: ACCOUNT.codeSent, resendAfterSeconds: 30 });
const verificationToken = 'token-of-the-verified-code';
const verified = ok({ message: ACCOUNT.codeVerified, verificationToken });

beforeEach(() => vi.useFakeTimers({ shouldAdvanceTime: true }));
afterEach(() => vi.useRealTimers());

const toCodeStep = (handlers: Record<string, Handler> = {}) =>
  toCodeStepOf(<SignupRoute />, '/signup', 'New@Example.test', {
    'POST /api/auth/send-otp': sent,
    ...handlers,
  });

// Typing whole forms is slow on a busy machine; the default 5 s is too tight.
describe('SignupRoute', { timeout: 20_000 }, () => {
  it('goes from email to code to account, then stores the user and goes home', async () => {
    const { api, user } = await toCodeStep({
      'POST /api/auth/verify-otp': verified,
      'POST /api/auth/signup': ok(
        { ...sessionBody({ email: 'new@example.test' }), message: ACCOUNT.signedUp },
        201,
      ),
    });
    expect(api.called('POST /api/auth/send-otp')[0]!.body).toEqual({ email: 'new@example.test' });
    await user.type(screen.getByLabelText('Code'), '123456');
    await user.click(screen.getByRole('button', { name: 'Verify code' }));
    await user.type(await screen.findByLabelText('Username'), 'NewFan');
    await user.type(screen.getByLabelText('Password'), 'long-enough');
    await user.click(screen.getByRole('button', { name: 'Create account' }));
    expect(await screen.findByRole('heading', { name: 'Home screen' })).toBeInTheDocument();
    expect(api.called('POST /api/auth/signup')[0]!.body).toEqual({
      email: 'new@example.test',
      username: 'NewFan',
      password: 'long-enough',
      verificationToken,
    });
    expect(window.localStorage.getItem(STORAGE_KEYS.authToken)).toBe('fresh-token');
  });

  it('keeps Resend disabled for the 30-second countdown after each send', async () => {
    const { api, user } = await toCodeStep();
    expect(screen.getByRole('button', { name: 'Resend code in 30s' })).toBeDisabled();
    await act(() => vi.advanceTimersByTimeAsync(15_000));
    expect(screen.getByRole('button', { name: 'Resend code in 15s' })).toBeDisabled();
    await act(() => vi.advanceTimersByTimeAsync(15_000));
    const resend = screen.getByRole('button', { name: 'Resend code' });
    expect(resend).toBeEnabled();
    await user.click(resend);
    expect(await screen.findByRole('button', { name: 'Resend code in 30s' })).toBeDisabled();
    expect(api.called('POST /api/auth/send-otp')).toHaveLength(2);
  });

  it('shows the required-field messages of every step', async () => {
    const api = fakeApi({
      'POST /api/auth/send-otp': sent,
      'POST /api/auth/verify-otp': verified,
    });
    renderScreen(<SignupRoute />, '/signup');
    const user = typist();
    await user.click(screen.getByRole('button', { name: 'Send code' }));
    expect(await screen.findByText(VALIDATION.emailRequired)).toBeInTheDocument();
    await user.type(screen.getByLabelText('Email'), 'new@example.test');
    await user.click(screen.getByRole('button', { name: 'Send code' }));
    await user.click(await screen.findByRole('button', { name: 'Verify code' }));
    expect(await screen.findByText(VALIDATION.otpRequired)).toBeInTheDocument();
    await user.type(screen.getByLabelText('Code'), 'l23456');
    await user.click(screen.getByRole('button', { name: 'Verify code' }));
    expect(await screen.findByText(INPUT_RULES.codeDigits)).toBeInTheDocument();
    expect(api.called('POST /api/auth/verify-otp')).toHaveLength(0);
    await user.clear(screen.getByLabelText('Code'));
    await user.type(screen.getByLabelText('Code'), '123456');
    await user.click(screen.getByRole('button', { name: 'Verify code' }));
    await user.click(await screen.findByRole('button', { name: 'Create account' }));
    expect(await screen.findByText(VALIDATION.usernameRequired)).toBeInTheDocument();
    expect(screen.getByText(VALIDATION.passwordRequired)).toBeInTheDocument();
    await user.type(screen.getByLabelText('Username'), 'ab');
    await user.type(screen.getByLabelText('Password'), 'short');
    await user.click(screen.getByRole('button', { name: 'Create account' }));
    expect(await screen.findByText(VALIDATION.passwordTooShort)).toBeInTheDocument();
    expect(screen.getByText(RECRUITER.usernameTooShort)).toBeInTheDocument();
  });

  it.each([
    ['the server message', fail(429, ACCOUNT.codeResendWait(12)), ACCOUNT.codeResendWait(12)],
    ['"Failed to send OTP"', networkDown, AUTH.sendOtpFailed],
  ])('shows %s inline when the code cannot be sent', async (_name, handler, text) => {
    fakeApi({ 'POST /api/auth/send-otp': handler });
    renderScreen(<SignupRoute />, '/signup');
    const user = typist();
    await user.type(screen.getByLabelText('Email'), 'new@example.test');
    await user.click(screen.getByRole('button', { name: 'Send code' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(text);
  });

  it.each([
    ['the server message', fail(400, ACCOUNT.codeTooManyTries), ACCOUNT.codeTooManyTries],
    ['"Invalid or expired OTP"', fail(400), AUTH.otpInvalid],
  ])('shows %s inline when the code is refused', async (_name, handler, text) => {
    const { user } = await toCodeStep({ 'POST /api/auth/verify-otp': handler });
    await user.type(screen.getByLabelText('Code'), '000000');
    await user.click(screen.getByRole('button', { name: 'Verify code' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(text);
  });

  it.each([
    ['the server message', fail(400, ACCOUNT.verificationExpired), ACCOUNT.verificationExpired],
    ['"Signup failed"', networkDown, AUTH.signupFailed],
  ])('shows %s inline when the account cannot be created', async (_name, handler, text) => {
    const { user } = await toCodeStep({
      'POST /api/auth/verify-otp': verified,
      'POST /api/auth/signup': handler,
    });
    await user.type(screen.getByLabelText('Code'), '123456');
    await user.click(screen.getByRole('button', { name: 'Verify code' }));
    await user.type(await screen.findByLabelText('Username'), 'NewFan');
    await user.type(screen.getByLabelText('Password'), 'long-enough');
    await user.click(screen.getByRole('button', { name: 'Create account' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(text);
  });

  it('offers a new code when the verification has expired or was used', async () => {
    const refused = fail(400, ACCOUNT.verificationExpired, {
      code: 'VALIDATION',
      field: 'verificationToken',
    });
    const { api, user } = await toCodeStep({
      'POST /api/auth/verify-otp': verified,
      'POST /api/auth/signup': refused,
    });
    await user.type(screen.getByLabelText('Code'), '123456');
    await user.click(screen.getByRole('button', { name: 'Verify code' }));
    await user.type(await screen.findByLabelText('Username'), 'NewFan');
    await user.type(screen.getByLabelText('Password'), 'long-enough');
    await user.click(screen.getByRole('button', { name: 'Create account' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(ACCOUNT.verificationExpired);
    await user.click(screen.getByRole('button', { name: 'Ask for a new code' }));
    expect(screen.getByLabelText('Email')).toHaveValue('new@example.test');
    await user.click(screen.getByRole('button', { name: 'Send code' }));
    expect(await screen.findByLabelText('Code')).toBeInTheDocument();
    expect(api.called('POST /api/auth/send-otp')).toHaveLength(2);
  });

  it('links to login, the recruiter page and Google', () => {
    fakeApi({});
    renderScreen(<SignupRoute />, '/signup');
    expect(screen.getByRole('link', { name: 'Log in' })).toHaveAttribute('href', '/login');
    expect(screen.getByRole('link', { name: 'Create Recruiter Account' })).toHaveAttribute(
      'href',
      '/recruiter',
    );
    expect(screen.getByRole('link', { name: 'Sign up with Google' })).toHaveAttribute(
      'href',
      '/api/googleAuth/login',
    );
  });
});
