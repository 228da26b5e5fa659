/**
 * Demo users of every role. The superAdmin's password comes from SEED_ADMIN_PASSWORD or is
 * generated here and reported back so the seed can print it once; it is never a fixed,
 * published value. The staff admin and the shoppers use the documented demo passwords,
 * except that in production the staff password is generated too.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import type { Config } from '../config';
import { hashPassword } from '../lib/passwords';
import type { users } from '../db/schema/users';
import {
  DEFAULT_SUPERADMIN_EMAIL,
  DEMO_SHOPPER_EMAIL_DOMAIN,
  DEMO_SHOPPER_PASSWORD,
  DEMO_STAFF_EMAIL,
  DEMO_STAFF_PASSWORD,
} from './accounts';
import { DEMO_SHOPPERS, handleOf } from './people';
import { createRng } from './prng';
import type { GeneratedCredential } from './credentials-file';

export interface DemoShopper {
  id: string;
  username: string;
  email: string;
  address: string;
  createdAt: Date;
}

export interface DemoUsers {
  rows: (typeof users.$inferInsert)[];
  shoppers: DemoShopper[];
  generated: GeneratedCredential[];
  superAdminEmail: string;
}

const DAY_MS = 86_400_000;
/** A password made up for an account whose operator set none (kept in credentials-file.ts). */
export const generatePassword = () => randomBytes(12).toString('base64url');

export async function buildUsers(config: Config, now: Date): Promise<DemoUsers> {
  const rng = createRng('users');
  const daysAgo = (min: number, max: number) =>
    new Date(now.getTime() - rng.int(min, max) * DAY_MS - rng.int(0, DAY_MS));
  const generated: GeneratedCredential[] = [];

  const superAdminEmail = config.seedAdmin.email ?? DEFAULT_SUPERADMIN_EMAIL;
  const superAdminPassword = config.seedAdmin.password ?? generatePassword();
  if (!config.seedAdmin.password)
    generated.push({ role: 'superAdmin', email: superAdminEmail, password: superAdminPassword });
  const staffPassword = config.isProduction ? generatePassword() : DEMO_STAFF_PASSWORD;
  if (config.isProduction)
    generated.push({ role: 'admin', email: DEMO_STAFF_EMAIL, password: staffPassword });

  const people = [
    {
      username: 'admin',
      email: superAdminEmail,
      role: 'superAdmin' as const,
      createdAt: daysAgo(400, 420),
      password: superAdminPassword,
    },
    {
      username: 'shelf_staff',
      email: DEMO_STAFF_EMAIL,
      role: 'admin' as const,
      createdAt: daysAgo(300, 380),
      password: staffPassword,
    },
    // The last shoppers joined recently and have no orders yet; the others before any order.
    ...DEMO_SHOPPERS.map((p, i) => ({
      username: handleOf(p.name).replace('.', '_').slice(0, 20),
      email: `${handleOf(p.name)}@${DEMO_SHOPPER_EMAIL_DOMAIN}`,
      role: 'user' as const,
      createdAt: i < DEMO_SHOPPERS.length - 3 ? daysAgo(65, 360) : daysAgo(2, 20),
      password: DEMO_SHOPPER_PASSWORD,
      address: p.address,
    })),
  ];
  // SEED_ADMIN_EMAIL may name a demo address; the superAdmin, listed first, keeps it.
  const unique = people.filter((p, i) => people.findIndex((q) => q.email === p.email) === i);

  const hashes = await Promise.all(unique.map((p) => hashPassword(p.password)));
  const rows = unique.map((p, i) => ({
    id: randomUUID(),
    username: p.username,
    email: p.email,
    passwordHash: hashes[i]!,
    role: p.role,
    createdAt: p.createdAt,
    updatedAt: p.createdAt,
    // The demo shoppers signed up with a code; staff addresses come from the operator.
    emailVerifiedAt: p.role === 'user' ? p.createdAt : null,
  }));
  const shoppers = unique.flatMap((p, i) =>
    'address' in p && p.address
      ? [
          {
            id: rows[i]!.id,
            username: p.username,
            email: p.email,
            address: p.address,
            createdAt: p.createdAt,
          },
        ]
      : [],
  );
  return { rows, shoppers, generated, superAdminEmail };
}
