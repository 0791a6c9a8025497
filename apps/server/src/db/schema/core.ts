import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
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

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/** Role → permissions, as data: a new role is a row, not a code change. */
export const roles = pgTable('roles', {
  name: text('name').primaryKey(),
  /** The API's handle of a role (its name can change: `users.role` follows, ON UPDATE CASCADE). */
  id: uuid('id').notNull().unique().defaultRandom(),
  permissions: text('permissions').array().notNull(),
  /** Shipped (BUILTIN_ROLES): kept by name, never deleted; the administrator keeps everything. */
  builtIn: boolean('built_in').notNull().default(false),
  createdAt: ts('created_at').notNull().defaultNow(),
  updatedAt: ts('updated_at').notNull().defaultNow(),
});

export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    email: text('email').notNull(),
    passwordHash: text('password_hash'),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    displayName: text('display_name').notNull(),
    /** Unique readable handle used in `/dashboard/user/{name}/edit`. */
    slug: text('slug').notNull(),
    avatarUrl: text('avatar_url'),
    coverUrl: text('cover_url'),
    phone: text('phone'),
    country: text('country'),
    state: text('state'),
    city: text('city'),
    address: text('address'),
    zipCode: text('zip_code'),
    company: text('company'),
    jobTitle: text('job_title'),
    about: text('about'),
    role: text('role')
      .notNull()
      .references(() => roles.name, { onUpdate: 'cascade' }),
    status: text('status').notNull().default('active'),
    emailVerified: boolean('email_verified').notNull().default(false),
    isPublic: boolean('is_public').notNull().default(true),
    social: jsonb('social').$type<Record<string, string>>().notNull().default({}),
    notificationPrefs: jsonb('notification_prefs')
      .$type<Record<string, boolean>>()
      .notNull()
      .default({}),
    followers: integer('followers').notNull().default(0),
    following: integer('following').notNull().default(0),
    posts: integer('posts').notNull().default(0),
    /** A new address waiting for its mailed code; `email` changes only once it is confirmed. */
    pendingEmail: text('pending_email'),
    /** TOTP secret (base32), kept while two-factor sign-in is being set up or is on. */
    totpSecret: text('totp_secret'),
    /** Set once the person proved a code: from then on sign-in asks for one. */
    totpEnabledAt: ts('totp_enabled_at'),
    /** The last 30-second step accepted, so a code is never accepted twice. */
    totpLastStep: bigint('totp_last_step', { mode: 'number' }),
    /** The language the person's mails are written in (en, fr, vi, cn, ar); null: English. */
    locale: text('locale'),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
    /**
     * What the people search matches (name, email and company, lower case), kept by the database.
     * Stored so the newest-first indexes can carry it: a search's page is then read from the
     * index alone (migration 0041).
     */
    searchText: text('search_text').generatedAlwaysAs(
      sql`lower(display_name || ' ' || email || ' ' || coalesce(company, ''))`,
    ),
  },
  (t) => [
    uniqueIndex('users_email_key').on(t.email),
    uniqueIndex('users_slug_key').on(t.slug),
    index('users_name_sort').on(t.displayName, t.id),
    index('users_company_sort').on(t.company, t.id),
    index('users_role_sort').on(t.role, t.id),
    index('users_status_sort').on(t.status, t.id),
    // The status tabs keep the chosen sort: without these, a tab sorted by name scans the name
    // index and throws away the other statuses' rows one by one.
    index('users_status_name_sort').on(t.status, t.displayName, t.id),
    // The newest-first orders (the list's default) carry the search text: a search walking them
    // to fill its page checks each person in the index, without visiting the table.
    index('users_status_created_sort').on(t.status, t.createdAt, t.id, t.searchText),
    index('users_verified_sort').on(t.emailVerified, t.id),
    index('users_created_sort').on(t.createdAt, t.id, t.searchText),
    index('users_search_trgm').using('gin', sql`${t.searchText} gin_trgm_ops`),
    // Who holds an uploaded picture (the /uploads access check); the demo's shared pictures are
    // answered before any look-up, so they stay out of the index.
    index('users_avatar_upload')
      .on(t.avatarUrl)
      .where(sql`avatar_url NOT LIKE '/uploads/seed-%'`),
    index('users_cover_upload')
      .on(t.coverUrl)
      .where(sql`cover_url NOT LIKE '/uploads/seed-%'`),
  ],
);

/**
 * How many people of each status have a word (letters only, lower case, from name, email and
 * company), kept by triggers on `users` (migration 0041). A search for a word many people share
 * learns from a few rows here that it is past its count cap, instead of collecting the matches.
 */
export const userSearchWords = pgTable(
  'user_search_words',
  {
    word: text('word').notNull(),
    status: text('status').notNull(),
    n: integer('n').notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.word, t.status] }),
    index('user_search_words_prefix').on(t.word.op('text_pattern_ops')),
  ],
);

/**
 * People per (role, status), kept exact by triggers on `users` (migration 0002), so the list's
 * tab counts and unfiltered totals are a read of a few rows instead of a count over 100k.
 */
export const userCounts = pgTable(
  'user_counts',
  {
    role: text('role').notNull(),
    status: text('status').notNull(),
    n: integer('n').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.role, t.status] })],
);

/** A signed token names one of these; revoking the row ends the token before its `exp`. */
export const sessions = pgTable(
  'sessions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    userAgent: text('user_agent'),
    ip: text('ip'),
    createdAt: ts('created_at').notNull().defaultNow(),
    lastSeenAt: ts('last_seen_at').notNull().defaultNow(),
    expiresAt: ts('expires_at').notNull(),
    revokedAt: ts('revoked_at'),
  },
  (t) => [index('sessions_user_idx').on(t.userId)],
);

/** Single-use codes for email verification and password reset, stored hashed. */
export const authCodes = pgTable(
  'auth_codes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    purpose: text('purpose').notNull(),
    codeHash: text('code_hash').notNull(),
    attempts: integer('attempts').notNull().default(0),
    expiresAt: ts('expires_at').notNull(),
    usedAt: ts('used_at'),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [index('auth_codes_user_purpose_idx').on(t.userId, t.purpose)],
);

/**
 * Counters in the database, so limits hold across server instances: fixed windows (`count` until
 * `reset_at`), and for sign-in throttling a growing delay (`blocked_until`).
 */
export const rateLimits = pgTable('rate_limits', {
  key: text('key').primaryKey(),
  count: integer('count').notNull(),
  resetAt: ts('reset_at').notNull(),
  blockedUntil: ts('blocked_until'),
});

/** Single-use codes for when the authenticator is lost; stored hashed. */
export const recoveryCodes = pgTable(
  'recovery_codes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    codeHash: text('code_hash').notNull(),
    usedAt: ts('used_at'),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [index('recovery_codes_user_idx').on(t.userId)],
);

export const auditLog = pgTable(
  'audit_log',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    actorId: uuid('actor_id').references(() => users.id, { onDelete: 'set null' }),
    action: text('action').notNull(),
    targetId: text('target_id'),
    ip: text('ip'),
    userAgent: text('user_agent'),
    meta: jsonb('meta').$type<Record<string, unknown>>().notNull().default({}),
    createdAt: ts('created_at').notNull().defaultNow(),
    /** The API token the write came through (api_tokens.id), if it did not come from a session. */
    tokenId: uuid('token_id'),
  },
  (t) => [index('audit_created_idx').on(t.createdAt), index('audit_actor_idx').on(t.actorId)],
);

/** Mail that leaves the product: sent by SMTP when configured, otherwise kept here. */
export const outbox = pgTable(
  'outbox',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    to: text('to').notNull(),
    subject: text('subject').notNull(),
    text: text('text').notNull(),
    html: text('html'),
    /** Files sent with the message (an invoice's PDF): name, type and base64 bytes. */
    attachments: jsonb('attachments')
      .$type<Array<{ filename: string; contentType: string; content: string }>>()
      .notNull()
      .default([]),
    /** From, cc, Message-ID, In-Reply-To, References… of a person's mail to outside. */
    headers: jsonb('headers').$type<Record<string, string>>().notNull().default({}),
    createdAt: ts('created_at').notNull().defaultNow(),
    sentAt: ts('sent_at'),
    /** The last delivery error (kept after a later success is not: sentAt says it left). */
    error: text('error'),
    /** Each delivery attempt through SMTP: when, and the error when it failed. */
    deliveries: jsonb('deliveries')
      .$type<Array<{ at: string; error: string | null }>>()
      .notNull()
      .default([]),
    /** Delivery gave up after the last retry (the sender is told). */
    failedAt: ts('failed_at'),
  },
  (t) => [index('outbox_to_idx').on(t.to, t.createdAt)],
);

/**
 * One row per run of a background job (lib/jobs.ts): what the queue itself forgets once a job is
 * archived — each attempt's error and when the next one was due — for the Jobs screen.
 */
export const jobRuns = pgTable(
  'job_runs',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    jobId: uuid('job_id').notNull(),
    kind: text('kind').notNull(),
    attempt: integer('attempt').notNull(),
    startedAt: ts('started_at').notNull(),
    finishedAt: ts('finished_at').notNull().defaultNow(),
    error: text('error'),
    /** When the queue will try again (absent after a success or the last failure). */
    nextTryAt: ts('next_try_at'),
  },
  (t) => [index('job_runs_job_idx').on(t.jobId), index('job_runs_finished_idx').on(t.finishedAt)],
);

/**
 * Every stored file of the product, through the one storage layer: the file manager's files and
 * folders (`scope` = drive) and the pictures and attachments of other sections (`attachment`).
 * The bytes live under `storage_key` in the storage driver (disk or S3).
 */
export const files = pgTable(
  'files',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    ownerId: uuid('owner_id').references(() => users.id, { onDelete: 'set null' }),
    scope: text('scope').notNull().default('attachment'),
    isFolder: boolean('is_folder').notNull().default(false),
    /** The folder it sits in; null = the owner's root. */
    parentId: uuid('parent_id'),
    name: text('name').notNull(),
    mime: text('mime').notNull(),
    /** image | video | audio | document | archive | other | folder (from the bytes). */
    category: text('category').notNull().default('other'),
    size: bigint('size', { mode: 'number' }).notNull(),
    /** Empty for a folder. */
    storageKey: text('storage_key').notNull(),
    checksum: text('checksum').notNull().default(''),
    version: integer('version').notNull().default(1),
    tags: text('tags')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    trashedAt: ts('trashed_at'),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [
    index('files_owner_idx').on(t.ownerId, t.createdAt),
    index('files_drive_idx')
      .on(t.ownerId, t.parentId, t.name)
      .where(sql`scope = 'drive'`),
    index('files_parent_idx').on(t.parentId),
    // The header's search over one person's files: owner and name trigrams in one GIN index.
    index('files_name_trgm').using('gin', t.ownerId, sql`lower(${t.name}) gin_trgm_ops`),
    index('files_storage_key_idx').on(t.storageKey),
  ],
);

/** Earlier bytes of a drive file, kept when a file of the same name is uploaded again. */
export const fileVersions = pgTable(
  'file_versions',
  {
    fileId: uuid('file_id')
      .notNull()
      .references(() => files.id, { onDelete: 'cascade' }),
    version: integer('version').notNull(),
    ownerId: uuid('owner_id'),
    category: text('category').notNull(),
    size: bigint('size', { mode: 'number' }).notNull(),
    storageKey: text('storage_key').notNull(),
    checksum: text('checksum').notNull(),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.fileId, t.version] })],
);

/** A person's favourite files (each person marks their own, shared files included). */
export const fileFavorites = pgTable(
  'file_favorites',
  {
    fileId: uuid('file_id')
      .notNull()
      .references(() => files.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.userId, t.fileId] })],
);

/** A file or folder shared with a person; a folder's share reaches everything inside it. */
export const fileShares = pgTable(
  'file_shares',
  {
    fileId: uuid('file_id')
      .notNull()
      .references(() => files.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    access: text('access').notNull(),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.fileId, t.userId] }),
    index('file_shares_user_idx').on(t.userId),
  ],
);

/** A link that opens one file without signing in; only its token's hash is kept. */
export const fileLinks = pgTable(
  'file_links',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    fileId: uuid('file_id')
      .notNull()
      .references(() => files.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    passwordHash: text('password_hash'),
    expiresAt: ts('expires_at'),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('file_links_token_idx').on(t.tokenHash),
    index('file_links_file_idx').on(t.fileId),
  ],
);

/**
 * A resumable (tus) upload not yet whole. Its pieces are objects of the storage layer (disk or
 * S3), listed in order in `parts`; any instance can take the next piece, since the offset lives
 * here and moves only by a conditional update. The declared length (or MAX_UPLOAD_MB while it is
 * deferred) counts against the owner's quota until the upload ends, is cancelled or expires.
 */
export const fileUploads = pgTable(
  'file_uploads',
  {
    id: text('id').primaryKey(),
    ownerId: uuid('owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** Null while the length is deferred. */
    length: bigint('length', { mode: 'number' }),
    /** Bytes received so far. */
    offset: bigint('offset', { mode: 'number' }).notNull().default(0),
    /** The storage keys of the pieces, in order. */
    parts: jsonb('parts').$type<string[]>().notNull().default([]),
    metadata: jsonb('metadata').$type<Record<string, string | null>>().notNull().default({}),
    createdAt: ts('created_at').notNull().defaultNow(),
    expiresAt: ts('expires_at').notNull(),
  },
  (t) => [
    index('file_uploads_owner_idx').on(t.ownerId),
    index('file_uploads_expires_idx').on(t.expiresAt),
  ],
);

/**
 * Bytes and count per person and category, kept by triggers on files and file_versions in the
 * same transaction as the write: the quota and the storage summary read it, never a sum.
 */
export const storageUsage = pgTable(
  'storage_usage',
  {
    ownerId: uuid('owner_id').notNull(),
    category: text('category').notNull(),
    bytes: bigint('bytes', { mode: 'number' }).notNull().default(0),
    count: integer('count').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.ownerId, t.category] })],
);

/** Small key/value facts about the installation (e.g. demo data loaded). */
export const meta = pgTable('meta', {
  key: text('key').primaryKey(),
  value: jsonb('value').notNull(),
});
