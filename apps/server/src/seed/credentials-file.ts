/**
 * Passwords the shop made up for accounts whose operator set none (a demo's superAdmin and,
 * in a public demo, its staff) go to one file that only the server's user may read, never to
 * the log (DESIGN.md §8): logs are shipped, kept and read far beyond the shop's owner.
 */
import { appendFileSync, chmodSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Role } from '@otaku/shared';

export const CREDENTIALS_FILE = 'initial-credentials.txt';

/** A password made up at seed time, to be read once by the operator. */
export interface GeneratedCredential {
  role: Role;
  email: string;
  password: string;
}

/** Appends the credentials (one line each) to DATA_DIR's credentials file; returns its path. */
export function keepCredentials(dataDir: string, credentials: GeneratedCredential[]): string {
  const file = path.join(dataDir, CREDENTIALS_FILE);
  mkdirSync(dataDir, { recursive: true });
  const at = new Date().toISOString();
  appendFileSync(
    file,
    credentials.map((c) => `${at} ${c.role} ${c.email} ${c.password}\n`).join(''),
    { mode: 0o600 },
  );
  // A file made before by another user mask keeps its mode; make sure it is the owner's alone.
  chmodSync(file, 0o600);
  return file;
}

/** The one log line that says where an account's generated password is. */
export const credentialsNotice = (label: string, email: string, file: string) =>
  `${label} ACCOUNT: email ${email}; its generated password is in ${file} (readable by this user only): sign in, change it and delete the file`;
