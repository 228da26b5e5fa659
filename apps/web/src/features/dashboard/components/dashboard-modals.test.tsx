import {
  DASHBOARD_RULES,
  deleteConfirmRequired,
  PERMISSIONS,
  type PublicUser,
} from '@otaku/shared';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { configure, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { describe, expect, it, vi } from 'vitest';
import type { SessionUser } from '../../../lib/session';
import { ConfirmDeleteModal } from './confirm-delete-modal';
import { UserEditModal } from './user-edit-modal';

// Lazy pages and many keystrokes can be slow on a busy two-core machine.
configure({ asyncUtilTimeout: 5_000 });

/** Renders an open modal and waits for it: a dialog's code loads when it first opens. */
async function wrap(node: ReactNode) {
  const view = render(<QueryClientProvider client={new QueryClient()}>{node}</QueryClientProvider>);
  await screen.findByRole('dialog');
  return view;
}

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
const viewer = (p: PublicUser): SessionUser => ({ ...p });

describe('ConfirmDeleteModal', { timeout: 20_000 }, () => {
  it('keeps Delete disabled until CONFIRM is typed, then deletes', async () => {
    const onConfirm = vi.fn().mockResolvedValue(undefined);
    await wrap(
      <ConfirmDeleteModal
        open
        onOpenChange={() => {}}
        title="Delete order"
        expected="CONFIRM"
        label="Type CONFIRM"
        check={(t) => (t === 'CONFIRM' ? null : deleteConfirmRequired('order'))}
        onConfirm={onConfirm}
      />,
    );
    const button = screen.getByRole('button', { name: 'Delete' });
    expect(button).toBeDisabled();
    await userEvent.type(screen.getByLabelText('Type CONFIRM'), 'confirm');
    expect(button).toBeDisabled();
    expect(screen.getByRole('alert')).toHaveTextContent(deleteConfirmRequired('order'));
    await userEvent.clear(screen.getByLabelText('Type CONFIRM'));
    await userEvent.type(screen.getByLabelText('Type CONFIRM'), 'CONFIRM');
    await userEvent.click(button);
    expect(onConfirm).toHaveBeenCalledOnce();
  });
});

describe('UserEditModal', { timeout: 20_000 }, () => {
  it('shows the role select only to a superAdmin editing someone else', async () => {
    const boss = person('b', 'superAdmin');
    const { unmount } = await wrap(
      <UserEditModal viewer={viewer(boss)} target={person('u', 'user')} onClose={() => {}} />,
    );
    expect(screen.getByLabelText('Role')).toBeInTheDocument();
    unmount();
    await wrap(<UserEditModal viewer={viewer(boss)} target={boss} onClose={() => {}} />);
    expect(screen.queryByLabelText('Role')).not.toBeInTheDocument();
    expect(screen.getByText(DASHBOARD_RULES.selfRoleNote)).toBeInTheDocument();
  });

  it('disables every field for an admin looking at another admin', async () => {
    const admin = person('a', 'admin');
    await wrap(
      <UserEditModal viewer={viewer(admin)} target={person('c', 'admin')} onClose={() => {}} />,
    );
    expect(screen.getByText(PERMISSIONS.noAuthorityToEditUser)).toBeInTheDocument();
    expect(screen.getByLabelText('Username')).toBeDisabled();
    expect(screen.getByLabelText('Email')).toBeDisabled();
    expect(screen.queryByLabelText('Role')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Save' })).toBeDisabled();
  });
});
