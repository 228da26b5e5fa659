/**
 * Staff management of accounts (spec §5, §6): list, edit and delete under the rank rules of
 * user-permissions.ts. The editor is always the signed-in user; nothing in the request can
 * claim to be someone else.
 */
import {
  DASHBOARD_RULES,
  PAGE_SIZE,
  userEditFieldsSchema,
  type UserEditFields,
  type PublicUser,
  type Role,
  type UserRoleFilter,
} from '@otaku/shared';
import type { Database } from '../../db/client';
import { AppError, badRequest, conflict, notFound } from '../../lib/errors';
import { hashPassword } from '../../lib/passwords';
import { findUserById } from '../auth/auth.repo';
import type { CodeOwner } from '../auth/email-codes';
import { toPublicUser } from '../auth/public-user';
import { endOtherSessions } from '../auth/sessions';
import { cartOwner, emptyCart } from '../cart/cart.service';
import { emailChangedMail } from '../mail/code-mail';
import type { MailMessage } from '../mail/mailer';
import { encodeAvatar, removeAvatar, storeAvatar } from '../media/avatar-images';
import { isImagesUnavailable, type ImageStore } from '../media/image-store';
import { checkCurrentPassword } from './current-password';
import { checkEmailChangeCode, emailChangeOf, useEmailChangeCode } from './email-change';
import type { UploadedImage } from '../media/image-upload';
import {
  checkCanChangeRole,
  checkCanDelete,
  checkCanEdit,
  type Actor,
  type Refusal,
} from './user-permissions';
import * as repo from './users.repo';
import type { ImageUrl } from '../../lib/image-urls';

export interface UsersDeps {
  database: Database;
  images: ImageStore;
  /** A stored picture's URL in answers (S3_PUBLIC_URL). */
  imageUrl: ImageUrl;
  /** The server secret that e-mailed codes are hashed with. */
  secret: string;
  /** Tells the address an account left that it changed; after the answer, never failing it. */
  mailLater: (message: MailMessage) => void;
  publicUrl: string;
}

function enforce(refusal: Refusal | null) {
  if (refusal)
    throw new AppError(
      refusal.status,
      refusal.message,
      refusal.status === 403 ? 'FORBIDDEN' : 'CONFLICT',
    );
}

function isUniqueViolation(error: unknown): boolean {
  for (let e = error as { code?: unknown; cause?: unknown } | undefined, i = 0; e && i < 4; i++) {
    if (e.code === '23505') return true;
    e = e.cause as typeof e;
  }
  return false;
}

export async function listUsers(
  deps: UsersDeps,
  query: { currPage: number; searchQuery: string; role: UserRoleFilter },
) {
  const db = deps.database.db;
  const size = PAGE_SIZE.dashboard;
  const offset = (query.currPage - 1) * size;
  const { rows, total } = await repo.listUsers(db, query.searchQuery, query.role, size, offset);
  return {
    users: rows.map((row) => toPublicUser(row, deps.imageUrl)),
    total,
    totalPages: Math.max(1, Math.ceil(total / size)),
  };
}

/**
 * Editors changing their own password or email prove it is them with the current password
 * (decision 135); a new email also needs the code mailed there for this account (decision
 * 136). Returns the code to use up in the edit's transaction, when the email changes.
 */
async function confirmOwnChange(
  deps: UsersDeps,
  editorId: string,
  fields: UserEditFields,
): Promise<{ owner: CodeOwner; codeHash: string } | undefined> {
  const db = deps.database.db;
  const account = await findUserById(db, editorId);
  const newEmail = fields.email !== undefined && fields.email !== account?.email;
  if (fields.password === undefined && !newEmail) return undefined;
  await checkCurrentPassword(db, account, fields.currentPassword);
  if (!newEmail) return undefined;
  const owner = emailChangeOf(editorId, fields.email!);
  return { owner, codeHash: await checkEmailChangeCode(db, deps.secret, owner, fields.emailCode) };
}

/**
 * Refuses an edit the editor has no authority for before the request's upload is read and its
 * password hashed, so anyone signed in cannot make the server do that work for nothing. The
 * edit's transaction checks again.
 */
export async function checkEditAllowed(
  deps: UsersDeps,
  editor: Actor,
  id: string,
): Promise<string> {
  const target = await repo.findUser(deps.database.db, id);
  if (!target) throw notFound(DASHBOARD_RULES.userNotFound);
  enforce(checkCanEdit(editor, target));
  // The id as stored: the address may spell it in other letters, and whose account it is
  // (an editor's own needs the current password) is told by it.
  return target.id;
}

/**
 * Applies the edit after the rank rules: details need authority over the target, a role change
 * needs a superAdmin who is not editing themselves and must leave a superAdmin in the shop.
 */
export async function updateUser(
  deps: UsersDeps,
  editor: Actor,
  /** The account's id as stored (checkEditAllowed). */
  id: string,
  rawFields: Record<string, string | undefined>,
  picture: UploadedImage | undefined,
  /** The editor's refresh token: their own password change keeps this session. */
  editorRefreshToken?: string,
): Promise<PublicUser> {
  const fields = userEditFieldsSchema.parse(rawFields);
  const ownEmailChange =
    id === editor.id ? await confirmOwnChange(deps, editor.id, fields) : undefined;
  const passwordHash = fields.password ? await hashPassword(fields.password) : undefined;
  // Decoded before the rows are locked; a refused edit removes it again below.
  const newPicture = picture ? await storePicture(deps.images, id, picture) : undefined;
  let oldPicture: string | null = null;
  let oldEmail = '';
  try {
    const user = await deps.database.db.transaction(async (tx) => {
      const roleChange = fields.role !== undefined;
      const superAdmins = roleChange ? await repo.lockSuperAdmins(tx) : 0;
      const target = await repo.lockUser(tx, id);
      if (!target) throw notFound(DASHBOARD_RULES.userNotFound);
      enforce(checkCanEdit(editor, target));
      if (fields.role !== undefined)
        enforce(checkCanChangeRole(editor, target, fields.role, superAdmins));
      oldPicture = target.profilePic;
      oldEmail = target.email;
      const newEmail = fields.email !== undefined && fields.email !== target.email;
      // A new password or sign-in address ends the account's other sessions, as a password
      // reset does (decisions 108, 147).
      if (passwordHash || newEmail) await endOtherSessions(tx, target.id, editorRefreshToken);
      // The holder's own new address was proven by its code; one typed by staff is nobody's
      // proof (decisions 134, 136).
      const own = target.id === editor.id;
      if (newEmail && own) {
        // The address changed since confirmOwnChange read it: that check did not ask for a code.
        if (!ownEmailChange) throw badRequest(DASHBOARD_RULES.emailCodeRequired, 'emailCode');
        await useEmailChangeCode(tx, ownEmailChange.owner, ownEmailChange.codeHash);
      }
      return repo.updateUser(tx, target.id, {
        ...(fields.username !== undefined ? { username: fields.username } : {}),
        ...(newEmail ? { email: fields.email, emailVerifiedAt: own ? new Date() : null } : {}),
        ...(fields.role !== undefined ? { role: fields.role as Role } : {}),
        ...(passwordHash ? { passwordHash } : {}),
        ...(newPicture ? { profilePic: newPicture } : {}),
      });
    });
    if (newPicture) await forgetPicture(deps.images, oldPicture);
    if (user.email !== oldEmail)
      deps.mailLater(emailChangedMail(oldEmail, user.email, deps.publicUrl));
    return toPublicUser(user, deps.imageUrl);
  } catch (error) {
    if (newPicture) await forgetPicture(deps.images, newPicture);
    if (isUniqueViolation(error)) throw conflict(DASHBOARD_RULES.emailTaken);
    throw error;
  }
}

/**
 * Stores a new profile picture. Its first bytes and header were checked on upload, but only
 * decoding finds a file cut short or damaged: the client's problem (400), as for a product image.
 */
async function storePicture(images: ImageStore, userId: string, picture: UploadedImage) {
  const encoded = await encodeAvatar(picture.buffer).catch(() => {
    throw new AppError(400, DASHBOARD_RULES.imageUnreadable, 'VALIDATION', 'profilePic');
  });
  return storeAvatar(images, userId, encoded);
}

/** Removes a picture nobody shows; a store that cannot be reached keeps it (the edit stands). */
async function forgetPicture(images: ImageStore, url: string | null): Promise<void> {
  await removeAvatar(images, url).catch((error: unknown) => {
    if (!isImagesUnavailable(error)) throw error;
  });
}

export async function deleteUser(deps: UsersDeps, editor: Actor, id: string): Promise<void> {
  const picture = await deps.database.db.transaction(async (tx) => {
    const superAdmins = await repo.lockSuperAdmins(tx);
    const target = await repo.lockUser(tx, id);
    if (!target) throw notFound(DASHBOARD_RULES.userNotFound);
    enforce(checkCanDelete(editor, target, superAdmins));
    // The cart goes with the account; the units it held go back on sale first (decision 112).
    await emptyCart(tx, cartOwner(target.id));
    await repo.deleteUser(tx, target.id);
    return target.profilePic;
  });
  await forgetPicture(deps.images, picture);
}
