import { sql } from 'drizzle-orm';
import {
  check,
  bigint,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

/** A session ended by a logout or a reused refresh token: its family id, and when (ms). */
export interface EndedSession {
  id: string;
  at: number;
}

export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    username: text('username').notNull(),
    /** Always stored lower-case; unique. */
    email: text('email').notNull(),
    /** argon2id hash; null for accounts that only sign in with Google. */
    passwordHash: text('password_hash'),
    role: text('role', { enum: ['user', 'admin', 'superAdmin'] })
      .notNull()
      .default('user'),
    profilePic: text('profile_pic'),
    googleIssuer: text('google_issuer'),
    googleSubject: text('google_subject'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    /**
     * Access tokens issued before this time are refused: set, by the server's clock, when a
     * password change ends the account's other sessions (decision 123). Null: none refused.
     */
    tokensNotBefore: timestamp('tokens_not_before', { withTimezone: true }),
    /**
     * When the address was last proven to be the owner's: a sign-up or reset code, or Google
     * saying so. Google sign-in links only such an account (decision 134). Null: never proven.
     */
    emailVerifiedAt: timestamp('email_verified_at', { withTimezone: true }),
    /**
     * Sessions (refresh-token families) ended lately by a logout or a reused refresh token,
     * with when (ms since the epoch): their access tokens are refused from the next call
     * (decision 129). Only as long as such a token could still live is an entry kept.
     */
    endedSessions: jsonb('ended_sessions')
      .$type<EndedSession[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    /**
     * What the dashboard's user search reads: the name lower-cased and the e-mail, on two
     * lines. `search_text LIKE lower(pattern)` answers what `username ILIKE pattern OR email
     * ILIKE pattern` would, without lower-casing every row on every search.
     */
    searchText: text('search_text')
      .notNull()
      .generatedAlwaysAs(sql`lower(username) || chr(10) || email`),
  },
  (t) => [
    uniqueIndex('users_email_key').on(t.email),
    uniqueIndex('users_google_key').on(t.googleIssuer, t.googleSubject),
    // Newest first, ties by id, as the dashboard's users list reads them.
    index('users_created_idx').on(t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index('users_role_idx').on(t.role, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    // The dashboard's user search (name or email containing the words) on many accounts.
    index('users_search_trgm_idx').using('gin', sql`${t.searchText} gin_trgm_ops`),
    check('users_role_check', sql`${t.role} in ('user', 'admin', 'superAdmin')`),
    check('users_email_lower_check', sql`${t.email} = lower(${t.email})`),
  ],
);

/**
 * How many accounts have each role, kept by a trigger on users (migration 0010) so the
 * dashboard's users list knows its total without counting every account. As with
 * order_status_counts, each role has up to 8 rows, picked by the writing connection, so
 * concurrent sign-ups do not queue on one counter row; a role's count is the sum of its slots.
 */
export const userRoleCounts = pgTable(
  'user_role_counts',
  {
    role: text('role').notNull(),
    slot: integer('slot').notNull(),
    users: bigint('users', { mode: 'number' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.role, t.slot] })],
);

/**
 * Opaque refresh tokens, stored hashed. Each login starts a family; every refresh rotates the
 * token inside its family. Presenting a token that was already used revokes the whole family.
 */
export const refreshTokens = pgTable(
  'refresh_tokens',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    familyId: uuid('family_id').notNull(),
    tokenHash: text('token_hash').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('refresh_tokens_hash_key').on(t.tokenHash),
    index('refresh_tokens_family_idx').on(t.familyId),
    index('refresh_tokens_user_idx').on(t.userId),
  ],
);

/**
 * What an e-mailed code is for: creating an account, choosing a new password, or moving an
 * account to a new address (decision 136).
 */
export const EMAIL_CODE_PURPOSES = ['signup', 'reset', 'email-change'] as const;
export type EmailCodePurpose = (typeof EMAIL_CODE_PURPOSES)[number];

/**
 * One pending code per e-mail address, purpose and account; a new code replaces the old one.
 * Sign-up and reset codes belong to an address alone (account ''); an e-mail change code to the
 * account that asked for it and the new address it was mailed to.
 */
export const emailCodes = pgTable(
  'email_codes',
  {
    email: text('email').notNull(),
    purpose: text('purpose', { enum: EMAIL_CODE_PURPOSES }).notNull(),
    /** The id of the account an e-mail change code belongs to; '' for the other purposes. */
    accountId: text('account_id').notNull().default(''),
    codeHash: text('code_hash').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    wrongTries: integer('wrong_tries').notNull().default(0),
    lastSentAt: timestamp('last_sent_at', { withTimezone: true }).notNull().defaultNow(),
    /** Set once the code is verified; the sign-up or reset must then complete before expiresAt. */
    verifiedAt: timestamp('verified_at', { withTimezone: true }),
    /** HMAC of the single-use token the verified code answered with (decision 131). */
    tokenHash: text('token_hash'),
  },
  (t) => [
    primaryKey({ columns: [t.email, t.purpose, t.accountId] }),
    check('email_codes_purpose_check', sql`${t.purpose} in ('signup', 'reset', 'email-change')`),
    check(
      'email_codes_account_check',
      sql`(${t.purpose} = 'email-change') = (${t.accountId} <> '')`,
    ),
  ],
);

/** Fixed-window counters shared by every app instance (login, sign-up codes, recruiter). */
export const rateLimits = pgTable('rate_limits', {
  key: text('key').primaryKey(),
  hits: integer('hits').notNull(),
  resetAt: timestamp('reset_at', { withTimezone: true }).notNull(),
});

/**
 * Wrong passwords per account and client address (decision 130): after a few in a row that
 * address waits before it may try that account again, twice as long after each further one.
 * The right password clears the row; a day without a try forgets it.
 */
export const loginFailures = pgTable(
  'login_failures',
  {
    email: text('email').notNull(),
    address: text('address').notNull(),
    /** Tries not (yet) proven right: counted before the password is checked. */
    failures: integer('failures').notNull(),
    lastFailedAt: timestamp('last_failed_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.email, t.address] }),
    index('login_failures_last_idx').on(t.lastFailedAt),
  ],
);
