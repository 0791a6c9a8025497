import { index, integer, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { roles, users } from './core.js';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/**
 * A single sign-on under way (decision 029): made by `start`, used once by `callback` within ten
 * minutes. Keyed by the sha256 of the state, which the browser also carries in an HttpOnly
 * cookie: a callback URL opened in another browser is refused.
 */
export const ssoStates = pgTable(
  'sso_states',
  {
    stateHash: text('state_hash').primaryKey(),
    provider: text('provider').notNull(),
    nonce: text('nonce').notNull(),
    codeVerifier: text('code_verifier').notNull(),
    returnTo: text('return_to'),
    createdAt: ts('created_at').notNull().defaultNow(),
    expiresAt: ts('expires_at').notNull(),
    usedAt: ts('used_at'),
  },
  (t) => [index('sso_states_expires_idx').on(t.expiresAt)],
);

/**
 * The one-time code handing a finished single sign-on to the SPA (`/auth/sso/done#code=…`):
 * stored as its sha256, valid one minute, once. The session is made when it is exchanged.
 */
export const ssoHandoffs = pgTable(
  'sso_handoffs',
  {
    codeHash: text('code_hash').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    provider: text('provider').notNull(),
    createdAt: ts('created_at').notNull().defaultNow(),
    expiresAt: ts('expires_at').notNull(),
    usedAt: ts('used_at'),
  },
  (t) => [index('sso_handoffs_expires_idx').on(t.expiresAt)],
);

/** Which person a provider's subject is: found by it at the next sign-ins, email changes or not. */
export const ssoIdentities = pgTable(
  'sso_identities',
  {
    provider: text('provider').notNull(),
    subject: text('subject').notNull(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: ts('created_at').notNull().defaultNow(),
    lastSignInAt: ts('last_sign_in_at').notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.provider, t.subject] }),
    index('sso_identities_user_idx').on(t.userId),
  ],
);

/**
 * The administrator's table: a value of a provider's role claim (`groups` by default) → a role,
 * given when single sign-on creates the person. Rows are tried in `position` order.
 */
export const ssoRoleMappings = pgTable(
  'sso_role_mappings',
  {
    provider: text('provider').notNull(),
    claimValue: text('claim_value').notNull(),
    role: text('role')
      .notNull()
      .references(() => roles.name, { onUpdate: 'cascade', onDelete: 'cascade' }),
    position: integer('position').notNull(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.provider, t.claimValue] })],
);
