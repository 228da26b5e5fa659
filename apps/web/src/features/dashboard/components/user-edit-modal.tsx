/**
 * Edit a user (spec §5, §6). The page mirrors the rank rules the server enforces: fields are
 * disabled without authority, the role select appears only for a superAdmin editing someone
 * else, and editing oneself explains that the role cannot be changed. The fields a save would
 * send are checked by the server's own schema (userEditFormSchema).
 */
import { zodResolver } from '@hookform/resolvers/zod';
import {
  DASHBOARD,
  DASHBOARD_RULES,
  EMAIL_MAX_LENGTH,
  PERMISSIONS,
  ROLE_LABELS,
  ROLE_RANK,
  userEditFormSchema,
  type PublicUser,
  type Role,
  type UserEditFormValues,
} from '@otaku/shared';
import { useMemo, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { toast } from '../../../lib/toast';
import {
  Button,
  FieldError,
  FieldHint,
  FileField,
  Input,
  Label,
  Modal,
} from '../../../components/ui';
import type { SessionUser } from '../../../lib/session';
import { useUpdateUser } from '../api/users';
import { OwnEmailCode } from './own-email-code';
import { selectClasses } from './product-form-fields';
import { showServerError, useServerErrorsClearOnChange } from './server-errors';

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

/** The fields a server refusal can name; any other lands under the form. */
const FIELDS = ['username', 'email', 'password', 'currentPassword', 'emailCode'] as const;
type TextName = Exclude<(typeof FIELDS)[number], 'emailCode'>;

export function UserEditModal({
  viewer,
  target,
  onClose,
}: {
  viewer: SessionUser;
  target: PublicUser | null;
  onClose: () => void;
}) {
  const self = viewer._id === target?._id;
  const original = { username: target?.username ?? '', email: target?.email ?? '' };
  const resolver = useMemo(
    () => zodResolver(userEditFormSchema(original, self), undefined, { raw: true }),
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the user's two values, not the object
    [original.username, original.email, self],
  );
  // Keyed by user on the page: the form starts from this user's details.
  const form = useForm<UserEditFormValues>({
    resolver,
    defaultValues: {
      ...original,
      password: '',
      currentPassword: '',
      emailCode: '',
      role: target?.role ?? ('user' as Role),
    },
  });
  const clearServerErrors = useServerErrorsClearOnChange(form, FIELDS);
  const [picture, setPicture] = useState<File | null>(null);
  const update = useUpdateUser();
  const [email, password, currentPassword, emailCode] = useWatch({
    control: form.control,
    name: ['email', 'password', 'currentPassword', 'emailCode'],
  });
  if (!target) return null;

  const { errors, isSubmitted } = form.formState;
  const allowed = canEditUser(viewer, target);
  const showRole = viewer.role === 'superAdmin' && !self;
  // Editors changing their own password or email confirm it with the current one (decision
  // 135); a new email of their own also with a code mailed there (decision 136).
  const newEmail = email.trim().toLowerCase();
  const changesOwnEmail = self && newEmail !== '' && newEmail !== target.email;
  const confirmsOwnChange = self && (password !== '' || newEmail !== target.email);
  const roles: Role[] =
    target.role === 'superAdmin' ? ['user', 'admin', 'superAdmin'] : ['user', 'admin'];

  const save = form.handleSubmit(async (values) => {
    // Only what was changed here, so a save does not undo what someone else changed meanwhile
    // (another superAdmin's role change, the user's own new address).
    const data = new FormData();
    const username = values.username.trim();
    const email = values.email.trim();
    if (username !== target.username) data.append('username', username);
    if (email.toLowerCase() !== target.email) data.append('email', email);
    if (showRole && values.role !== target.role) data.append('role', values.role);
    if (values.password) data.append('password', values.password);
    if (confirmsOwnChange) data.append('currentPassword', values.currentPassword);
    if (changesOwnEmail) data.append('emailCode', values.emailCode.trim());
    if (picture) data.append('profilePic', picture);
    data.append('editorEmail', viewer.email);
    try {
      await update.mutateAsync({ id: target._id, form: data });
      toast.success(DASHBOARD.userUpdated);
      onClose();
    } catch (e) {
      showServerError(form, e, FIELDS, DASHBOARD.updateUserFailed);
    }
  });
  const text = (name: TextName, label: string, type = 'text') => {
    const error = errors[name]?.message;
    return (
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
          invalid={Boolean(error)}
          aria-describedby={error ? `user-${name}-error` : undefined}
          {...form.register(name)}
        />
        {error ? <FieldError id={`user-${name}-error`}>{error}</FieldError> : null}
      </div>
    );
  };

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
      <form noValidate className="flex flex-col gap-4" onSubmit={(e) => void save(e)}>
        {!allowed ? <FieldError>{PERMISSIONS.noAuthorityToEditUser}</FieldError> : null}
        {text('username', 'Username')}
        {text('email', 'Email', 'email')}
        {text('password', 'New password', 'password')}
        <FieldHint>Leave the password blank to keep it unchanged.</FieldHint>
        {confirmsOwnChange ? text('currentPassword', 'Current password', 'password') : null}
        {changesOwnEmail ? (
          <OwnEmailCode
            email={newEmail}
            currentPassword={currentPassword}
            code={emailCode}
            onCode={(code) =>
              form.setValue('emailCode', code, { shouldValidate: isSubmitted, shouldDirty: true })
            }
            error={errors.emailCode?.message ?? null}
          />
        ) : null}
        {showRole ? (
          <div className="flex flex-col gap-1">
            <Label htmlFor="user-role">Role</Label>
            <select
              id="user-role"
              className={selectClasses}
              disabled={!allowed}
              {...form.register('role')}
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
          <FileField
            id="user-picture"
            disabled={!allowed}
            accept="image/png,image/jpeg,image/gif,image/webp"
            file={picture}
            onFile={(file) => {
              clearServerErrors();
              setPicture(file);
            }}
          />
        </div>
        {errors.root?.server ? <FieldError>{errors.root.server.message}</FieldError> : null}
      </form>
    </Modal>
  );
}
