/**
 * Dashboard test kit: accounts of each role with a signed access token, multipart bodies for
 * app.inject, and small images made with sharp.
 */
import { randomBytes } from 'node:crypto';
import type { Role } from '@otaku/shared';
import sharp from 'sharp';
import type { Database } from '../src/db/client';
import { orderLines, orders, users } from '../src/db/schema/index';
import { signAccessToken } from '../src/lib/tokens';
import { changed } from '../src/db/changed';

export interface TestAccount {
  id: string;
  email: string;
  username: string;
  role: Role;
  token: string;
  headers: { authorization: string };
}

export async function createAccount(
  database: Database,
  jwtSecret: string,
  role: Role,
  overrides: { email?: string; username?: string } = {},
): Promise<TestAccount> {
  const tag = randomBytes(4).toString('hex');
  const [row] = await database.db
    .insert(users)
    .values({
      username: overrides.username ?? `${role}-${tag}`.slice(0, 20),
      email: overrides.email ?? `${role.toLowerCase()}-${tag}@example.com`,
      role,
      passwordHash: 'not-a-real-hash',
    })
    .returning();
  changed.users(database.db);
  const token = await signAccessToken(jwtSecret, row!.id);
  return {
    id: row!.id,
    email: row!.email,
    username: row!.username,
    role,
    token,
    headers: { authorization: `Bearer ${token}` },
  };
}

export type FormEntry = string | { name: string; type: string; data: Buffer };

/** A multipart body and its content type, built the way a browser's FormData sends it. */
export async function multipart(
  fields: Record<string, FormEntry | FormEntry[] | undefined>,
): Promise<{ payload: Buffer; headers: Record<string, string> }> {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) {
    if (value === undefined) continue;
    for (const entry of Array.isArray(value) ? value : [value]) {
      if (typeof entry === 'string') form.append(name, entry);
      else form.append(name, new Blob([entry.data], { type: entry.type }), entry.name);
    }
  }
  const request = new Request('http://localhost/', { method: 'POST', body: form });
  return {
    payload: Buffer.from(await request.arrayBuffer()),
    headers: { 'content-type': request.headers.get('content-type')! },
  };
}

export async function pngImage(width = 60, height = 80): Promise<Buffer> {
  return sharp({
    create: { width, height, channels: 3, background: { r: 200, g: 40, b: 90 } },
  })
    .png()
    .toBuffer();
}

/** An order as checkout would have stored it, with one line. */
export async function insertOrder(
  database: Database,
  customer: Pick<TestAccount, 'id' | 'username' | 'email'>,
  overrides: Partial<typeof orders.$inferInsert> = {},
  line: Partial<typeof orderLines.$inferInsert> = {},
) {
  const [order] = await database.db
    .insert(orders)
    .values({
      orderNumber: `ORD-${randomBytes(4).toString('hex').toUpperCase()}`,
      userId: customer.id,
      customerName: customer.username,
      customerEmail: customer.email,
      paymentMethod: 'cod',
      shippingAddress: '1 Test Street',
      subtotalCents: 2000,
      shippingCents: 500,
      discountCents: 0,
      totalCents: 2500,
      ...overrides,
    })
    .returning();
  await database.db.insert(orderLines).values({
    orderId: order!.id,
    productName: 'Test Figure',
    productImage: '/uploads/products/TOY-000000',
    variant: '',
    quantity: 2,
    priceCents: 1000,
    ...line,
  });
  return order!;
}
