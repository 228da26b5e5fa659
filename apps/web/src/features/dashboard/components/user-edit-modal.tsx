/**
 * Edit a user (spec §5, §6). The page mirrors the rank rules the server enforces: fields are
 * disabled without authority, the role select appears only for a superAdmin editing someone
 * else, and editing oneself explains that the role cannot be changed.
 */
import {
  DASHBOARD,
  DASHBOARD_RULES,
  EMAIL_MAX_LENGTH,
  PERMISSIONS,
  ROLE_LABELS,
  ROLE_RANK,
  USER_FORM,
  type PublicUser,
  type Role,
} from '@otaku/shared';
import { useState } from 'react';
import { toast } from '../../../lib/toast';
import { Button, FieldError, FieldHint, Input, Label, Modal } from '../../../components/ui';
import { errorMessage } from '../../../lib/errors';
import type { SessionUser } from '../../../lib/session';
import { useUpdateUser } from '../api/users';
import { OwnEmailCode } from './own-email-code';
import { selectClasses } from './product-form-fields';
import { useFormValues } from './use-form-values';

export function canEditUser(viewer: SessionUser, target: PublicUser): boolean {
  if (viewer._id === target._id) return true;
  if (viewer.role === 'superAdmin' && target.role === 'superAdmin') return true;
  return ROLE_RANK[viewer.role] > ROLE_RANK[target.role];
}

export function deleteRefusal(viewer: SessionUser, target: PublicUser): string | null {
  if (viewer._id === target._id) return PERMISSIONS.cannotDeleteSelf;
  return ROLE_RANK[viewer.role] > ROLE_RANK[target.role]
    ? null
    : PERMISSIONS.noAuthorityToDeleteUser;
}

export function UserEditModal({
  viewer,
  target,
  onClose,
}: {
  viewer: SessionUser;
  target: PublicUser | null;
  onClose: () => void;
}) {
  // Keyed by user on the page: the form starts from this user's details.
  const {
    values: form,
    set,
    serverError,
    setServerError,
  } = useFormValues({
    username: target?.username ?? '',
    email: target?.email ?? '',
    password: '',
    currentPassword: '',
    emailCode: '',
    role: target?.role ?? ('user' as Role),
    picture: null as File | null,
  });
  const [touched, setTouched] = useState(false);
  const update = useUpdateUser();
  if (!target) return null;

  const self = viewer._id === target._id;
  const allowed = canEditUser(viewer, target);
  const showRole = viewer.role === 'superAdmin' && !self;
  // Editors changing their own password or email confirm it with the current one (decision
  // 135); a new email of their own also with a code mailed there (decision 136).
  const newEmail = form.email.trim().toLowerCase();
  const changesOwnEmail = self && newEmail !== '' && newEmail !== target.email;
  const confirmsOwnChange = self && (form.password !== '' || newEmail !== target.email);
  const problems = {
    username: form.username.trim() ? null : USER_FORM.usernameRequired,
    email: form.email.trim() ? null : USER_FORM.emailRequired,
    emailCode: changesOwnEmail && !form.emailCode.trim() ? DASHBOARD_RULES.emailCodeRequired : null,
  };
  const roles: Role[] =
    target.role === 'superAdmin' ? ['user', 'admin', 'superAdmin'] : ['user', 'admin'];

  const save = async () => {
    setTouched(true);
    if (problems.username || problems.email || problems.emailCode) return;
    // Only what was changed here, so a save does not undo what someone else changed meanwhile
    // (another superAdmin's role change, the user's own new address).
    const data = new FormData();
    const username = form.username.trim();
    const email = form.email.trim();
    if (username !== target.username) data.append('username', username);
    if (email.toLowerCase() !== target.email) data.append('email', email);
    if (showRole && form.role !== target.role) data.append('role', form.role);
    if (form.password) data.append('password', form.password);
    if (confirmsOwnChange) data.append('currentPassword', form.currentPassword);
    if (changesOwnEmail) data.append('emailCode', form.emailCode.trim());
    if (form.picture) data.append('profilePic', form.picture);
    data.append('editorEmail', viewer.email);
    try {
      await update.mutateAsync({ id: target._id, form: data });
      toast.success(DASHBOARD.userUpdated);
      onClose();
    } catch (e) {
      setServerError(errorMessage(e, DASHBOARD.updateUserFailed));
    }
  };
  const text = (
    name: 'username' | 'email' | 'password' | 'currentPassword',
    label: string,
    type = 'text',
  ) => (
    <div className="flex flex-col gap-1">
      <Label htmlFor={`user-${name}`}>{label}</Label>
      <Input
        id={`user-${name}`}
        type={type}
        disabled={!allowed}
        autoComplete={
          name === 'password'
            ? 'new-password'
            : name === 'currentPassword'
              ? 'current-password'
              : 'off'
        }
        maxLength={name === 'email' ? EMAIL_MAX_LENGTH : undefined}
        value={form[name]}
        invalid={touched && Boolean(problems[name as 'username'])}
        onChange={(e) => set({ [name]: e.target.value })}
      />
      {touched && (name === 'username' || name === 'email') && problems[name] ? (
        <FieldError>{problems[name]}</FieldError>
      ) : null}
    </div>
  );

  return (
    <Modal
      open
      onOpenChange={(open) => !open && onClose()}
      title="Edit user"
      footer={
        <>
          <Button variant="secondary" onClick={onClose}>
            Cancel
          </Button>
          <Button disabled={!allowed || update.isPending} onClick={() => void save()}>
            Save
          </Button>
        </>
      }
    >
      <form
        className="flex flex-col gap-4"
        onSubmit={(e) => {
          e.preventDefault();
          void save();
        }}
      >
        {!allowed ? <FieldError>{PERMISSIONS.noAuthorityToEditUser}</FieldError> : null}
        {text('username', 'Username')}
        {text('email', 'Email', 'email')}
        {text('password', 'New password', 'password')}
        <FieldHint>Leave the password blank to keep it unchanged.</FieldHint>
        {confirmsOwnChange ? text('currentPassword', 'Current password', 'password') : null}
        {changesOwnEmail ? (
          <OwnEmailCode
            email={newEmail}
            currentPassword={form.currentPassword}
            code={form.emailCode}
            onCode={(emailCode) => set({ emailCode })}
            error={touched ? problems.emailCode : null}
          />
        ) : null}
        {showRole ? (
          <div className="flex flex-col gap-1">
            <Label htmlFor="user-role">Role</Label>
            <select
              id="user-role"
              className={selectClasses}
              disabled={!allowed}
              value={form.role}
              onChange={(e) => set({ role: e.target.value as Role })}
            >
              {roles.map((r) => (
                <option key={r} value={r}>
                  {ROLE_LABELS[r]}
                </option>
              ))}
            </select>
          </div>
        ) : null}
        {self ? <FieldHint>{DASHBOARD_RULES.selfRoleNote}</FieldHint> : null}
        <div className="flex flex-col gap-1">
          <Label htmlFor="user-picture">Profile picture</Label>
          <input
            id="user-picture"
            type="file"
            disabled={!allowed}
            accept="image/png,image/jpeg,image/gif,image/webp"
            onChange={(e) => set({ picture: e.target.files?.[0] ?? null })}
          />
        </div>
        {serverError ? <FieldError>{serverError}</FieldError> : null}
      </form>
    </Modal>
  );
}
