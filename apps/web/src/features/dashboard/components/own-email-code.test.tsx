import { DASHBOARD, DASHBOARD_RULES, type PublicUser } from '@otaku/shared';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { configure, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { stubApi, type ApiHandler } from '../../../test/api-stub';
import { jsonResponse } from '../../../test/factories';
import { UserEditModal } from './user-edit-modal';

configure({ asyncUtilTimeout: 5_000 });

const person = (id: string, role: PublicUser['role']): PublicUser => ({
  _id: id,
  id,
  username: `${role}-${id}`,
  email: `${id}@example.com`,
  role,
  profilePic: null,
  googleId: null,
  createdAt: '2026-01-02T00:00:00.000Z',
});

/** The server: a code request and an edit, the edit answered by `edit`. */
function stubServer(edit: ApiHandler) {
  const api = stubApi({
    'POST /api/user/send-email-code': () =>
      jsonResponse({
        success: true,
        message: DASHBOARD_RULES.emailCodeSent,
        resendAfterSeconds: 30,
      }),
    'PUT /api/user/update/:id': edit,
  });
  return {
    codeRequests: () => api.of('POST /api/user/send-email-code'),
    edits: () => api.of('PUT /api/user/update/:id'),
  };
}

async function openOwn(me: PublicUser, onClose = vi.fn()) {
  render(
    <QueryClientProvider client={new QueryClient()}>
      <UserEditModal viewer={{ ...me }} target={me} onClose={onClose} />
    </QueryClientProvider>,
  );
  await screen.findByRole('dialog');
  return onClose;
}

async function typeNewEmail(email: string) {
  const field = screen.getByLabelText('Email');
  await userEvent.clear(field);
  await userEvent.type(field, email);
}

describe('changing one’s own email in the edit dialog', { timeout: 20_000 }, () => {
  it('asks for a code mailed to the new address, then sends it with the save', async () => {
    const me = person('me', 'admin');
    const server = stubServer(() =>
      jsonResponse({
        success: true,
        message: DASHBOARD.userUpdated,
        user: { ...me, email: 'new@example.com' },
      }),
    );
    const onClose = await openOwn(me);
    expect(screen.queryByLabelText('Code from the email')).not.toBeInTheDocument();
    await typeNewEmail('New@Example.com');
    expect(screen.getByText(DASHBOARD_RULES.emailCodeHint)).toBeInTheDocument();

    // Neither a save without the code nor a code without the current password goes out.
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(DASHBOARD_RULES.emailCodeRequired)).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Send code' }));
    expect(await screen.findByText(DASHBOARD_RULES.currentPasswordRequired)).toBeInTheDocument();
    expect(server.codeRequests()).toEqual([]);
    expect(server.edits()).toEqual([]);

    await userEvent.type(screen.getByLabelText('Current password'), 'the-old-password');
    await userEvent.click(screen.getByRole('button', { name: 'Send code' }));
    expect(await screen.findByText(DASHBOARD_RULES.emailCodeSent)).toBeInTheDocument();
    const [request] = server.codeRequests();
    expect(request!.body).toEqual({
      email: 'new@example.com',
      currentPassword: 'the-old-password',
    });
    expect(screen.getByRole('button', { name: /^Resend code in \d+s$/ })).toBeDisabled();

    await userEvent.type(screen.getByLabelText('Code from the email'), '123456');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await vi.waitFor(() => expect(onClose).toHaveBeenCalledOnce());
    const [edit] = server.edits();
    const sent = edit!.init.body as FormData;
    expect(sent.get('email')).toBe('New@Example.com');
    expect(sent.get('currentPassword')).toBe('the-old-password');
    expect(sent.get('emailCode')).toBe('123456');
  });

  it('shows the server’s refusal of the code, and a corrected address can have a code at once', async () => {
    const me = person('me', 'user');
    stubServer(() =>
      jsonResponse(
        { success: false, message: DASHBOARD_RULES.emailCodeInvalid, field: 'emailCode' },
        400,
      ),
    );
    await openOwn(me);
    await typeNewEmail('typo@example.con');
    await userEvent.type(screen.getByLabelText('Current password'), 'the-old-password');
    await userEvent.click(screen.getByRole('button', { name: 'Send code' }));
    expect(await screen.findByRole('button', { name: /^Resend code in/ })).toBeDisabled();
    await typeNewEmail('fixed@example.com');
    expect(screen.getByRole('button', { name: 'Send code' })).toBeEnabled();

    await userEvent.type(screen.getByLabelText('Code from the email'), '654321');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(DASHBOARD_RULES.emailCodeInvalid)).toBeInTheDocument();
  });

  it('asks staff editing someone else for no code', async () => {
    const server = stubServer(() => jsonResponse({ success: false, message: 'Not now.' }, 500));
    render(
      <QueryClientProvider client={new QueryClient()}>
        <UserEditModal
          viewer={{ ...person('boss', 'superAdmin') }}
          target={person('u', 'user')}
          onClose={() => {}}
        />
      </QueryClientProvider>,
    );
    await screen.findByRole('dialog');
    await typeNewEmail('moved@example.com');
    expect(screen.queryByLabelText('Code from the email')).not.toBeInTheDocument();
    expect(screen.queryByLabelText('Current password')).not.toBeInTheDocument();
    expect(server.codeRequests()).toEqual([]);
  });
});
