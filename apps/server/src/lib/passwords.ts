/** Password hashing: argon2id with the OWASP parameters (DESIGN.md §1). */
import { hash, verify, type Algorithm } from '@node-rs/argon2';

// The package declares Algorithm as a const enum, which isolated modules cannot read at
// runtime; 2 is its Argon2id member.
const ARGON2ID = 2 as Algorithm;

export const PASSWORD_HASH_OPTIONS = {
  algorithm: ARGON2ID,
  memoryCost: 19_456,
  timeCost: 2,
  parallelism: 1,
} as const;

export function hashPassword(password: string): Promise<string> {
  return hash(password, PASSWORD_HASH_OPTIONS);
}

/** False for a wrong password and for a missing or malformed hash; never throws. */
export async function verifyPassword(
  passwordHash: string | null | undefined,
  password: string,
): Promise<boolean> {
  if (!passwordHash) return false;
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}
