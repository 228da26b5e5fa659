/**
 * Which account a Google sign-in belongs to (DESIGN.md §4). Accounts are keyed on issuer +
 * subject. An address that already has an account is linked only when the provider says it
 * is verified and the account proved it too (a code mailed to it; decision 134), so nobody
 * can take an address first and wait for its owner's Google sign-in; a new account needs a
 * verified address too, because the address identifies accounts here. The provider's picture becomes the profile picture unless one was uploaded.
 */
import type { GoogleReason } from '@otaku/shared';
import type { Db } from '../../db/client';
import * as repo from './auth.repo';
import type { GoogleProfile } from './google';
import { usernameFor } from './google-username';

export class GoogleSignInRefused extends Error {
  override name = 'GoogleSignInRefused';
  constructor(readonly reason: GoogleReason) {
    super(`Google sign-in refused: ${reason}`);
  }
}

const isUploaded = (pic: string | null) => pic !== null && pic.startsWith('/uploads/');

function pictureUpdate(user: repo.UserRow, picture: string | undefined) {
  return picture && !isUploaded(user.profilePic) && user.profilePic !== picture
    ? { profilePic: picture }
    : {};
}

/** Finds, links or creates the account of a Google identity. */
export async function accountForGoogle(db: Db, profile: GoogleProfile): Promise<repo.UserRow> {
  const linked = await repo.findUserByGoogle(db, profile.issuer, profile.subject);
  if (linked) {
    const patch = pictureUpdate(linked, profile.picture);
    return Object.keys(patch).length
      ? ((await repo.updateUser(db, linked.id, patch)) ?? linked)
      : linked;
  }

  const email = profile.email;
  if (!email || !profile.emailVerified) throw new GoogleSignInRefused('email-unverified');

  const existing = await repo.findUserByEmail(db, email);
  if (existing) {
    // Already linked to a different identity of this provider: never re-point it silently.
    if (existing.googleSubject) throw new GoogleSignInRefused('failed');
    if (!existing.emailVerifiedAt) throw new GoogleSignInRefused('account-unverified');
    const user = await repo.updateUser(db, existing.id, {
      googleIssuer: profile.issuer,
      googleSubject: profile.subject,
      ...pictureUpdate(existing, profile.picture),
    });
    return user ?? existing;
  }

  const created = await repo.insertUser(db, {
    email,
    username: usernameFor(profile.name, email),
    passwordHash: null,
    role: 'user',
    profilePic: profile.picture ?? null,
    googleIssuer: profile.issuer,
    googleSubject: profile.subject,
    emailVerifiedAt: new Date(),
  });
  if (created) return created;
  // Someone created it at the same moment: take the account they created.
  const raced = await repo.findUserByGoogle(db, profile.issuer, profile.subject);
  if (!raced) throw new GoogleSignInRefused('failed');
  return raced;
}
