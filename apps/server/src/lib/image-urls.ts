/**
 * Where pages and answers send browsers for a stored picture. The database keeps the app's own
 * path (`/uploads/products/<key>`, `/uploads/avatars/<name>.webp`) whichever store holds the
 * file; with S3_PUBLIC_URL (a CDN or a public bucket) the URLs leave the app pointing there
 * instead, `<S3_PUBLIC_URL>/<key>`. Anything else (a Google profile picture) is left as it is.
 */
export type ImageUrl = (stored: string) => string;

const UPLOADS = '/uploads/';

/** The app serves its pictures itself, at the stored paths. */
export const servedByApp: ImageUrl = (stored) => stored;

export function imageUrlFor(publicUrl: string | undefined): ImageUrl {
  if (!publicUrl) return servedByApp;
  return (stored) =>
    stored.startsWith(UPLOADS) ? `${publicUrl}/${stored.slice(UPLOADS.length)}` : stored;
}
