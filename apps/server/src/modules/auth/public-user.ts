import type { PublicUser, Role } from '@otaku/shared';
import type { ImageUrl } from '../../lib/image-urls';

/** The user fields every auth call may show; a password hash is never among them. */
export interface UserFields {
  id: string;
  username: string;
  email: string;
  role: Role;
  profilePic: string | null;
  googleSubject: string | null;
  createdAt: Date;
}

/** The user as the API returns it (spec §3: `_id` and `id`, `googleId`, `createdAt`). */
export function toPublicUser(user: UserFields, imageUrl: ImageUrl): PublicUser {
  return {
    _id: user.id,
    id: user.id,
    username: user.username,
    email: user.email,
    role: user.role,
    profilePic: user.profilePic === null ? null : imageUrl(user.profilePic),
    googleId: user.googleSubject,
    createdAt: user.createdAt.toISOString(),
  };
}
