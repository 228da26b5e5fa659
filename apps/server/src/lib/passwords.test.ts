import { describe, expect, it } from 'vitest';
import { hashPassword, verifyPassword } from './passwords';

describe('password hashing', () => {
  it('uses argon2id with m=19456 KiB, t=2, p=1 and a salt per hash', async () => {
    const [a, b] = await Promise.all([hashPassword('otaku-secret'), hashPassword('otaku-secret')]);
    expect(a).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(a).not.toBe(b);
  });

  it('verifies the right password only', async () => {
    const hash = await hashPassword('otaku-secret');
    expect(await verifyPassword(hash, 'otaku-secret')).toBe(true);
    expect(await verifyPassword(hash, 'otaku-secreT')).toBe(false);
  });

  it('answers false for a missing or malformed hash instead of throwing', async () => {
    expect(await verifyPassword(null, 'anything')).toBe(false);
    expect(await verifyPassword('not-a-hash', 'anything')).toBe(false);
  });
});
