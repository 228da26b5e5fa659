import { ACCOUNT, AUTH, RECRUITER, STORAGE_KEYS, VALIDATION } from '@otaku/shared';
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
import { ForgotPasswordRoute } from './forgot-password-route';

const sent = ok({ message: ACCOUNT.resetCodeSent, resendAfterSeconds: 30 });
const verificationToken = 'token-of-the-verified-code';
const verified = ok({ message: ACCOUNT.resetCodeVerified, verificationToken });

beforeEach(() => vi.useFakeTimers({ shouldAdvanceTime: true }));
afterEach(() => vi.useRealTimers());

const toCodeStep = (handlers: Record<string, Handler> = {}) =>
  toCodeStepOf(<ForgotPasswordRoute />, '/forgot-password', 'Mika@Example.test', {
    'POST /api/auth/forgot-password': sent,
    ...handlers,
  });

async function toPasswordStep(handlers: Record<string, Handler> = {}) {
  const steps = await toCodeStep({ 'POST /api/auth/verify-reset-code': verified, ...handlers });
  await steps.user.type(screen.getByLabelText('Code'), '123456');
  await steps.user.click(screen.getByRole('button', { name: 'Verify code' }));
  await screen.findByLabelText('New password');
  return steps;
}

// Typing whole forms is slow on a busy machine; the default 5 s is too tight.
describe('ForgotPasswordRoute', { timeout: 20_000 }, () => {
  it('goes from email to code to new password, then stores the session and goes home', async () => {
    const { api, user } = await toPasswordStep({
      'POST /api/auth/reset-password': ok({ ...sessionBody(), message: ACCOUNT.passwordReset }),
    });
    expect(api.called('POST /api/auth/forgot-password')[0]!.body).toEqual({
      email: 'mika@example.test',
    });
    expect(api.called('POST /api/auth/verify-reset-code')[0]!.body).toEqual({
      email: 'mika@example.test',
      otp: '123456',
    });
    expect(screen.getByRole('listitem', { current: 'step' })).toHaveTextContent('New password');
    await user.type(screen.getByLabelText('New password'), 'a-new-password');
    await user.type(screen.getByLabelText('Confirm new password'), 'a-new-password');
    await user.click(screen.getByRole('button', { name: 'Save new password' }));
    expect(await screen.findByRole('heading', { name: 'Home screen' })).toBeInTheDocument();
    expect(await screen.findByText(ACCOUNT.passwordReset)).toBeInTheDocument();
    expect(api.called('POST /api/auth/reset-password')[0]!.body).toEqual({
      email: 'mika@example.test',
      password: 'a-new-password',
      verificationToken,
    });
    expect(window.localStorage.getItem(STORAGE_KEYS.authToken)).toBe('fresh-token');
  });

  it('starts from the remembered email and says the code goes only to an account', async () => {
    window.localStorage.setItem(STORAGE_KEYS.rememberedEmail, 'mika@example.test');
    const api = fakeApi({ 'POST /api/auth/forgot-password': sent });
    renderScreen(<ForgotPasswordRoute />, '/forgot-password');
    expect(screen.getByLabelText('Email')).toHaveValue('mika@example.test');
    await typist().click(screen.getByRole('button', { name: 'Send code' }));
    expect(
      await screen.findByText(
        (_, node) =>
          node?.textContent === 'If an account uses mika@example.test, we sent it a code.',
      ),
    ).toBeInTheDocument();
    expect(api.called('POST /api/auth/forgot-password')).toHaveLength(1);
  });

  it('keeps Resend disabled for the 30-second countdown after each send', async () => {
    const { api, user } = await toCodeStep();
    expect(screen.getByRole('button', { name: 'Resend code in 30s' })).toBeDisabled();
    await act(() => vi.advanceTimersByTimeAsync(30_000));
    await user.click(screen.getByRole('button', { name: 'Resend code' }));
    expect(await screen.findByRole('button', { name: 'Resend code in 30s' })).toBeDisabled();
    expect(api.called('POST /api/auth/forgot-password')).toHaveLength(2);
  });

  it('checks both password fields before saving', async () => {
    const { api, user } = await toPasswordStep();
    await user.click(screen.getByRole('button', { name: 'Save new password' }));
    expect(await screen.findByText(VALIDATION.passwordRequired)).toBeInTheDocument();
    expect(screen.getByText(RECRUITER.confirmRequired)).toBeInTheDocument();
    await user.type(screen.getByLabelText('New password'), 'short');
    await user.type(screen.getByLabelText('Confirm new password'), 'shorter');
    await user.click(screen.getByRole('button', { name: 'Save new password' }));
    expect(await screen.findByText(VALIDATION.passwordTooShort)).toBeInTheDocument();
    expect(screen.getByText(RECRUITER.passwordsDiffer)).toBeInTheDocument();
    expect(api.called('POST /api/auth/reset-password')).toHaveLength(0);
  });

  it.each([
    ['the server message', fail(400, AUTH.otpInvalid), AUTH.otpInvalid],
    ['"Invalid or expired OTP"', fail(400), AUTH.otpInvalid],
  ])('shows %s inline when the code is refused', async (_name, handler, text) => {
    const { user } = await toCodeStep({ 'POST /api/auth/verify-reset-code': handler });
    await user.type(screen.getByLabelText('Code'), '000000');
    await user.click(screen.getByRole('button', { name: 'Verify code' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(text);
  });

  it.each([
    ['the server message', fail(400, ACCOUNT.verificationExpired), ACCOUNT.verificationExpired],
    ['a message of its own', networkDown, AUTH.resetFailed],
  ])('shows %s inline when the password cannot be saved', async (_name, handler, text) => {
    const { user } = await toPasswordStep({ 'POST /api/auth/reset-password': handler });
    await user.type(screen.getByLabelText('New password'), 'a-new-password');
    await user.type(screen.getByLabelText('Confirm new password'), 'a-new-password');
    await user.click(screen.getByRole('button', { name: 'Save new password' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(text);
  });

  it('offers a new code when the verification has expired or was used', async () => {
    const refused = fail(400, ACCOUNT.verificationExpired, {
      code: 'VALIDATION',
      field: 'verificationToken',
    });
    const { user } = await toPasswordStep({ 'POST /api/auth/reset-password': refused });
    await user.type(screen.getByLabelText('New password'), 'a-new-password');
    await user.type(screen.getByLabelText('Confirm new password'), 'a-new-password');
    await user.click(screen.getByRole('button', { name: 'Save new password' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(ACCOUNT.verificationExpired);
    await user.click(screen.getByRole('button', { name: 'Ask for a new code' }));
    expect(screen.getByLabelText('Email')).toHaveValue('mika@example.test');
  });

  it('links back to login', () => {
    fakeApi({});
    renderScreen(<ForgotPasswordRoute />, '/forgot-password');
    expect(screen.getByRole('link', { name: 'Log in' })).toHaveAttribute('href', '/login');
  });
});
