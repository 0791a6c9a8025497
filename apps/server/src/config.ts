import { z } from 'zod';
import { REGISTRATION_MODES, type RegistrationMode } from '@bo/contract/access';
import { EXPORT_KEEP_DAYS_DEFAULT } from '@bo/contract/exports';
import { ORDER_EXPORT_MAX } from '@bo/contract/orders-constants';

const bool = z
  .enum(['1', '0', 'true', 'false', 'yes', 'no', 'on', 'off'])
  .transform((v) => ['1', 'true', 'yes', 'on'].includes(v));

/** IMPORT_KEEP_DAYS when it is not set: an import's file and record, a week after its last change. */
export const IMPORT_KEEP_DAYS_DEFAULT = 7;

/** UNPAGED_LIST_MAX when it is not set. */
export const DEFAULT_UNPAGED_LIST_MAX = 1000;

/** BACKUP_KEEP when it is not set. */
export const DEFAULT_BACKUP_KEEP = 7;

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('production'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default('0.0.0.0'),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must start with postgres:// or postgresql://')
    .optional(),
  JWT_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  JWT_TTL_SECONDS: z.coerce
    .number()
    .int()
    .min(60)
    .max(30 * 24 * 3600)
    .default(4 * 3600),
  ADMIN_EMAIL: z.string().email().default('admin@backoffice.local'),
  ADMIN_PASSWORD: z.string().min(8, 'must be at least 8 characters').optional(),
  DEMO_DATA: bool.optional(),
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, 'must start with smtp:// or smtps://')
    .optional(),
  MAIL_FROM: z.string().default('Back-office <no-reply@backoffice.local>'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  PUBLIC_URL: z.string().url().optional(),
  /** Connections to PostgreSQL per instance (DATABASE_URL only). */
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(500).default(10),
  /**
   * Streaming replicas of DATABASE_URL (comma-separated postgres:// URLs): the reads of GET
   * requests may be answered there (decision 052). PostgreSQL only: it needs DATABASE_URL.
   */
  DATABASE_READ_URL: z
    .string()
    .transform((v) =>
      v
        .split(',')
        .map((u) => u.trim())
        .filter(Boolean),
    )
    .pipe(
      z
        .array(
          z.string().regex(/^postgres(ql)?:\/\//, 'must start with postgres:// or postgresql://'),
        )
        .min(1, 'must name at least one URL'),
    )
    .optional(),
  /**
   * A replica further behind than this (ms, measured every 500 ms) is not read from; also how long
   * a person's reads stay on the primary after a write when the replicas' positions are unknown.
   */
  DATABASE_READ_MAX_LAG_MS: z.coerce.number().int().min(0).max(600_000).default(5_000),
  /** Connections to each replica per instance; default DATABASE_POOL_SIZE. */
  DATABASE_READ_POOL_SIZE: z.coerce.number().int().min(1).max(500).optional(),
  /**
   * The embedded store's page cache (PostgreSQL's shared_buffers), e.g. `32MB`: resident memory
   * once filled, never given back while the process runs.
   */
  PGLITE_SHARED_BUFFERS: z
    .string()
    .regex(/^\d+(kB|MB|GB)$/, 'must be a size such as 32MB (kB, MB or GB)')
    .optional(),
  /** Longest a statement of a request may run on PostgreSQL before it is cancelled; 0 = no limit. */
  DATABASE_STATEMENT_TIMEOUT_MS: z.coerce.number().int().min(0).max(3_600_000).default(15_000),
  /** Origins (comma-separated) whose pages may call the API with credentials; none by default. */
  CORS_ORIGINS: z
    .string()
    .default('')
    .transform((v) =>
      v
        .split(',')
        .map((o) => o.trim())
        .filter(Boolean),
    )
    .refine((list) => list.every((o) => /^https?:\/\/[^/\s]+$/.test(o) && o !== '*'), {
      message: 'must be origins like https://admin.example.com, comma-separated, without a path',
    }),
  /**
   * Rows a list called without any paging parameter answers at most (products, mail, blog posts):
   * a client of the template family fetches a list once and shows it; `Link: rel="next"` says
   * where the rest is.
   */
  UNPAGED_LIST_MAX: z.coerce.number().int().min(1).max(10_000).default(DEFAULT_UNPAGED_LIST_MAX),
  WEB_DIST: z.string().optional(),
  MAX_UPLOAD_MB: z.coerce.number().positive().max(1024).default(10),
  TRUST_PROXY: bool.default(false),
  /** Failed sign-ins (and code requests) allowed per address and per account in 15 minutes. */
  AUTH_RATE_LIMIT: z.coerce.number().int().min(1).max(100_000).default(10),
  /**
   * In-memory caches of sessions and of read answers, kept exact by the database's change
   * notifications: `auto` turns them on for the embedded store (one process owns the data and a
   * write's notification arrives before its request answers) and leaves them off for PostgreSQL,
   * where other instances' notifications arrive a moment after their commit; `off` turns them off.
   */
  READ_CACHE: z.enum(['auto', 'off']).default('auto'),
  /** The read answers kept in memory at most, in MB (least recently used ones go first). */
  READ_CACHE_MB: z.coerce.number().min(1).max(65_536).default(64),
  /** Who may create an account: anyone (`open`), anyone but approved by an administrator, nobody. */
  REGISTRATION: z.enum(REGISTRATION_MODES).default('approval'),
  /** Administrators must turn on two-factor sign-in before they can do anything else. */
  REQUIRE_2FA_FOR_ADMINS: bool.default(false),
  /**
   * Hours between two runs of the overdue-invoice reminders (a reminder per invoice overdue by a
   * day or more, at most one a week each); 0, the default, leaves reminders to people.
   */
  INVOICE_REMINDER_HOURS: z.coerce
    .number()
    .min(0)
    .max(24 * 30)
    .default(0),
  /**
   * Hours between two runs of the notification digest: each person who asked for it (Account →
   * Notifications) gets one mail listing their unread notifications not mailed yet; 0 = never.
   */
  NOTIFICATION_DIGEST_HOURS: z.coerce
    .number()
    .min(0)
    .max(24 * 30)
    .default(24),
  /**
   * Whether this instance works background jobs (mail delivery, reminders, digests, pruning…).
   * Every instance may enqueue; set false on instances that should only answer requests.
   */
  JOB_WORKERS: bool.default(true),
  /**
   * Retries of an outbound mail SMTP refused or could not take, from one minute and doubling
   * (8: about four hours), before the message is marked failed.
   */
  MAIL_RETRIES: z.coerce.number().int().min(0).max(20).default(8),
  /** Outside recipients one person may mail in an hour, and in a day (colleagues do not count). */
  MAIL_SEND_LIMIT_HOUR: z.coerce.number().int().min(1).max(1_000_000).default(200),
  MAIL_SEND_LIMIT_DAY: z.coerce.number().int().min(1).max(10_000_000).default(1000),
  /**
   * DKIM signing of outbound mail: the domain (d=), the selector (s=) whose DNS TXT record holds
   * the public key, and the private key's PEM file. All three or none.
   */
  MAIL_DKIM_DOMAIN: z.string().min(1).optional(),
  MAIL_DKIM_SELECTOR: z.string().min(1).optional(),
  MAIL_DKIM_KEY: z.string().min(1).optional(),
  /**
   * Webhooks may post to loopback, link-local and private addresses (refused by default, at
   * creation and again at each delivery).
   */
  WEBHOOK_ALLOW_PRIVATE: bool.default(false),
  /**
   * Rows above which a list's export is written by a background job and listed in My exports
   * instead of answered at once (default ORDER_EXPORT_MAX, 10,000; tests and trials set less).
   */
  EXPORT_SYNC_MAX: z.coerce.number().int().min(1).max(ORDER_EXPORT_MAX).default(ORDER_EXPORT_MAX),
  /** Days an export made as a job is kept (its file and its line in My exports). */
  EXPORT_KEEP_DAYS: z.coerce.number().int().min(1).max(365).default(EXPORT_KEEP_DAYS_DEFAULT),
  /** Days an import's uploaded file and its record are kept after it was last touched. */
  IMPORT_KEEP_DAYS: z.coerce.number().int().min(1).max(365).default(IMPORT_KEEP_DAYS_DEFAULT),
  /** Seconds a job worker waits before asking the queue again when it found nothing. */
  JOB_POLL_SECONDS: z.coerce.number().min(0.5).max(600).default(2),
  /**
   * Hours an upload URL of an answer stays loadable without a cookie or a token (decision 038):
   * at least this, at most an hour more (the expiry is rounded so a picture keeps its URL).
   */
  FILE_URL_TTL_HOURS: z.coerce
    .number()
    .int()
    .min(1)
    .max(7 * 24)
    .default(12),
  /** Uploads one person may keep, in MB. */
  STORAGE_QUOTA_MB: z.coerce.number().positive().max(1_000_000).default(500),
  /** Largest file of the file manager (resumable uploads included), in MB. */
  MAX_FILE_MB: z.coerce.number().positive().max(1_000_000).default(4096),
  /**
   * S3-compatible object storage for every file: set S3_BUCKET (and S3_ENDPOINT for a server
   * other than AWS) when several instances share the files; credentials come from the usual AWS
   * variables. Without S3_BUCKET, files live on the disk under DATA_DIR/uploads.
   */
  S3_BUCKET: z
    .string()
    .regex(/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/, 'must be an S3 bucket name')
    .optional(),
  S3_ENDPOINT: z.string().url().optional(),
  S3_REGION: z.string().min(1).default('us-east-1'),
  /** Address buckets as a path (`http://host/bucket/key`), as MinIO-like servers want. */
  S3_FORCE_PATH_STYLE: bool.default(false),
  /**
   * Mail from outside: an SMTP listener on this port (off by default) takes messages for the
   * people of MAIL_DOMAINS (comma-separated; empty = any person's exact address) into their inbox.
   */
  MAIL_SMTP_PORT: z.coerce.number().int().min(0).max(65535).optional(),
  /** Interface of the listener; unset = HOST (so HOST=127.0.0.1 keeps it local too). */
  MAIL_SMTP_HOST: z.string().min(1).optional(),
  /** Listener limits (per instance): connections at once and messages a minute per client address. */
  MAIL_SMTP_MAX_CONNECTIONS: z.coerce.number().int().min(1).max(10_000).default(10),
  MAIL_SMTP_PER_MINUTE: z.coerce.number().int().min(1).max(1_000_000).default(100),
  /** Messages a minute one recipient may receive from outside. */
  MAIL_SMTP_PER_RECIPIENT_MINUTE: z.coerce.number().int().min(1).max(1_000_000).default(60),
  /** Recipients one message may name. */
  MAIL_SMTP_MAX_RECIPIENTS: z.coerce.number().int().min(1).max(1000).default(50),
  /** An unknown recipient is answered after this delay times its rank in the session (ms). */
  MAIL_SMTP_UNKNOWN_DELAY_MS: z.coerce.number().int().min(0).max(60_000).default(1000),
  /** Unknown recipients a session may try; the next one ends it with 421. */
  MAIL_SMTP_MAX_UNKNOWN: z.coerce.number().int().min(0).max(100).default(3),
  /** Refuse (550) instead of filing in spam: mail spoofing our domains or failing DMARC with p=reject. */
  MAIL_DMARC_REJECT: bool.default(false),
  /** How long SPF/DKIM/DMARC/ARC may take on DNS before the results count as temperror (ms). */
  MAIL_AUTH_TIMEOUT_MS: z.coerce.number().int().min(100).max(120_000).default(10_000),
  /** PEM files: STARTTLS on the listener, and implicit TLS on MAIL_SMTP_SECURE_PORT when set. */
  MAIL_TLS_CERT: z.string().min(1).optional(),
  MAIL_TLS_KEY: z.string().min(1).optional(),
  MAIL_SMTP_SECURE_PORT: z.coerce.number().int().min(0).max(65535).optional(),
  MAIL_DOMAINS: z
    .string()
    .default('')
    .transform((v) =>
      v
        .split(',')
        .map((d) => d.trim().toLowerCase())
        .filter(Boolean),
    ),
  /** Chat messages one person may send per minute (per instance) before 429. */
  CHAT_RATE_LIMIT: z.coerce.number().int().min(1).max(1_000_000).default(60),
  /** Largest message the listener accepts, attachments included, in MB. */
  MAX_MAIL_MB: z.coerce.number().positive().max(1024).default(25),
  /**
   * Where scheduled backups are written (`backup-<time>.tar.gz`); unset = no scheduled backups.
   * Put it on another disk than DATA_DIR: a backup beside the data dies with it.
   */
  BACKUP_DIR: z.string().min(1).optional(),
  /** Scheduled backups kept in BACKUP_DIR: the newest N; older ones are removed. */
  BACKUP_KEEP: z.coerce.number().int().min(1).max(10_000).default(DEFAULT_BACKUP_KEEP),
  /**
   * Prometheus metrics: `GET /metrics` answers a scraper sending `Authorization: Bearer <token>`;
   * without METRICS_TOKEN (and without METRICS_PORT) there are no metrics.
   */
  METRICS_TOKEN: z.string().min(16, 'must be at least 16 characters').optional(),
  /** Serve `/metrics` on this port of its own instead (bind it to a private network). */
  METRICS_PORT: z.coerce.number().int().min(1).max(65535).optional(),
  /**
   * OpenTelemetry traces over OTLP/HTTP: the collector's base URL (`/v1/traces` is added), or the
   * full traces URL in OTEL_EXPORTER_OTLP_TRACES_ENDPOINT; neither = no traces, at no cost.
   */
  OTEL_EXPORTER_OTLP_ENDPOINT: z.string().url().optional(),
  OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: z.string().url().optional(),
  /** The service name the traces carry. */
  OTEL_SERVICE_NAME: z.string().min(1).max(100).default('back-office'),
  /** The commit this build runs, shown on the system page (else the one the build recorded). */
  GIT_COMMIT: z
    .string()
    .regex(/^[0-9a-f]{7,40}$/i, 'must be a commit hash')
    .optional(),
});

export type Env = z.infer<typeof envSchema>;

export interface AppConfig {
  env: Env['NODE_ENV'];
  port: number;
  host: string;
  dataDir: string;
  databaseUrl?: string;
  /** DATABASE_POOL_SIZE and DATABASE_STATEMENT_TIMEOUT_MS (PostgreSQL only). */
  databasePoolSize?: number;
  /** DATABASE_READ_URL: streaming replicas that may answer GET requests' reads (PostgreSQL only). */
  databaseReadUrls?: string[];
  /** DATABASE_READ_MAX_LAG_MS (default DEFAULT_READ_MAX_LAG_MS) and DATABASE_READ_POOL_SIZE. */
  databaseReadMaxLagMs?: number;
  databaseReadPoolSize?: number;
  databaseStatementTimeoutMs?: number;
  /** PGLITE_SHARED_BUFFERS (embedded store only); none = DEFAULT_PGLITE_SHARED_BUFFERS. */
  pgliteSharedBuffers?: string;
  jwtSecret: string;
  jwtTtlSeconds: number;
  adminEmail: string;
  adminPassword?: string;
  demoData?: boolean;
  smtpUrl?: string;
  mailFrom: string;
  logLevel: Env['LOG_LEVEL'];
  publicUrl?: string;
  /** CORS_ORIGINS: origins allowed to call with credentials (empty: no CORS). */
  corsOrigins: string[];
  /** UNPAGED_LIST_MAX: rows of a list called without paging (default DEFAULT_UNPAGED_LIST_MAX). */
  unpagedListMax?: number;
  webDist?: string;
  maxUploadBytes: number;
  trustProxy: boolean;
  authRateLimit: number;
  /** See READ_CACHE: 'auto' caches (checked against the change log on PostgreSQL). */
  readCache: 'auto' | 'off';
  /** READ_CACHE_MB in bytes: the read answers kept at most (default 64 MB). */
  readCacheBytes?: number;
  registration: RegistrationMode;
  require2faForAdmins: boolean;
  /** FILE_URL_TTL_HOURS: how long a signed upload URL loads (default 12). */
  fileUrlTtlHours?: number;
  /** STORAGE_QUOTA_MB in bytes. */
  storageQuotaBytes: number;
  /** INVOICE_REMINDER_HOURS; 0 = no scheduled reminders. */
  invoiceReminderHours: number;
  /** NOTIFICATION_DIGEST_HOURS; 0 = no digest mails. */
  notificationDigestHours: number;
  /** MAX_FILE_MB in bytes: one file of the file manager. */
  maxFileBytes: number;
  /** MAIL_RETRIES (default 8). */
  mailRetries?: number;
  /** EXPORT_SYNC_MAX: rows an export answers at once; more become a job (default ORDER_EXPORT_MAX). */
  exportSyncMax?: number;
  /** EXPORT_KEEP_DAYS: days an export made as a job is kept (default EXPORT_KEEP_DAYS_DEFAULT). */
  exportKeepDays?: number;
  /** IMPORT_KEEP_DAYS: days an import's file and record are kept (default IMPORT_KEEP_DAYS_DEFAULT). */
  importKeepDays?: number;
  /** MAIL_SEND_LIMIT_HOUR / MAIL_SEND_LIMIT_DAY: outside recipients per person (200 / 1,000). */
  mailSendLimits?: { hour: number; day: number };
  /** MAIL_DKIM_DOMAIN / _SELECTOR / _KEY (the key's PEM text): outbound mail is signed. */
  mailDkim?: { domain: string; selector: string; privateKey: string };
  /**
   * The job queue on this instance (lib/jobs.ts): JOB_WORKERS and JOB_POLL_SECONDS; absent = jobs
   * are enqueued but not worked here (tests turn workers on where they need them).
   */
  jobs?: {
    workers: boolean;
    pollSeconds: number;
    /** How often the queue's maintenance (expired leases, archiving) runs; default 60. */
    maintenanceSeconds?: number;
    /** How often the scheduler looks for due cron jobs; default 30. */
    cronSeconds?: number;
    /** Tests shorten a kind's lease and delays (not from the environment). */
    overrides?: Record<
      string,
      {
        retryLimit?: number;
        retryDelaySeconds?: number;
        backoff?: boolean;
        timeoutSeconds?: number;
      }
    >;
  };
  /** Object storage; none = the disk under DATA_DIR/uploads. */
  s3?: { bucket: string; endpoint?: string; region: string; forcePathStyle: boolean };
  /** The inbound SMTP listener; none = off. */
  mailSmtp?: { port: number; host: string };
  /** Domains whose mail the listener accepts; empty = any person's address. */
  mailDomains: string[];
  /** The listener's limits and trust settings (MAIL_SMTP_*, MAIL_DMARC_REJECT…); unset = defaults. */
  mailInbound?: Partial<MailInboundConfig>;
  /** MAX_MAIL_MB in bytes: one message with its attachments. */
  maxMailBytes: number;
  /** CHAT_RATE_LIMIT: chat messages per person and minute. */
  chatPerMinute: number;
  /** BACKUP_DIR (absolute): where scheduled backups go; none = no scheduled backups. */
  backupDir?: string;
  /** BACKUP_KEEP: the newest N scheduled backups are kept (default DEFAULT_BACKUP_KEEP). */
  backupKeep?: number;
  /** METRICS_TOKEN: the bearer token `/metrics` asks for; none and no port = no metrics. */
  metricsToken?: string;
  /** Where traces go (OTEL_EXPORTER_OTLP_ENDPOINT / _TRACES_ENDPOINT); none = no traces. */
  otelEndpoint?: string;
  otelTracesEndpoint?: string;
  otelServiceName?: string;
  /** METRICS_PORT: `/metrics` on a listener of its own (0 = any free port, for tests). */
  metricsPort?: number;
  /** GIT_COMMIT: the commit shown on the system page. */
  gitCommit?: string;
  /** Single sign-on with OpenID Connect (OIDC_*, see parseSsoEnv); none = passwords only. */
  sso?: SsoConfig;
  /** WEBHOOK_ALLOW_PRIVATE: webhooks may post to loopback, link-local and private addresses. */
  webhookAllowPrivate?: boolean;
}

export class ConfigError extends Error {}

/** Parses the environment; a bad value throws a one-line message naming the variable. */
export function parseEnv(source: NodeJS.ProcessEnv): Env {
  const cleaned = Object.fromEntries(
    Object.entries(source).filter(([, v]) => v !== undefined && v !== ''),
  );
  const result = envSchema.safeParse(cleaned);
  if (!result.success) {
    const issue = result.error.issues[0]!;
    const name = String(issue.path[0] ?? 'environment');
    throw new ConfigError(`Invalid environment variable ${name}: ${issue.message}`);
  }
  return result.data;
}

/** One OpenID Connect provider (decision 029). */
export interface SsoProviderConfig {
  /** Short name, in its start and callback paths: `oidc` alone, else a name of OIDC_PROVIDERS. */
  name: string;
  /** "Sign in with <label>" (OIDC_NAME / OIDC_<NAME>_NAME). */
  label: string;
  issuer: string;
  clientId: string;
  clientSecret?: string;
  /** The claim whose values map to roles (OIDC_ROLE_CLAIM, default `groups`). */
  roleClaim: string;
  /** The scopes asked for (OIDC_SCOPES, default `openid email profile`). */
  scopes: string;
}

export interface SsoConfig {
  providers: SsoProviderConfig[];
  /** OIDC_ALLOWED_DOMAINS: email domains whose people a first sign-in may create. */
  allowedDomains: string[];
  /** OIDC_DEFAULT_ROLE: the role when no mapping matches (default `user`). */
  defaultRole: string;
  /** OIDC_ONLY: password sign-in refused to all but the break-glass administrator. */
  only: boolean;
  /** OIDC_BREAK_GLASS_EMAIL (default ADMIN_EMAIL): the one account keeping its password. */
  breakGlassEmail: string;
}

const ssoUrl = z
  .string()
  .url()
  .regex(/^https?:\/\//, 'must be an http(s) URL');
const ssoList = (v: string | undefined) =>
  (v ?? '')
    .split(',')
    .map((d) => d.trim().toLowerCase())
    .filter(Boolean);

/**
 * The OIDC_* variables: one provider (`OIDC_ISSUER`, `OIDC_CLIENT_ID`, `OIDC_CLIENT_SECRET`,
 * `OIDC_NAME`) or several (`OIDC_PROVIDERS=corp,partner` with `OIDC_CORP_ISSUER`, …; each may
 * set its own `_NAME`, `_ROLE_CLAIM`, `_SCOPES`). Names bad values as parseEnv does.
 */
export function parseSsoEnv(source: NodeJS.ProcessEnv, adminEmail: string): SsoConfig | undefined {
  const get = (name: string) => {
    const v = source[name]?.trim();
    return v ? v : undefined;
  };
  const fail = (name: string, message: string): never => {
    throw new ConfigError(`Invalid environment variable ${name}: ${message}`);
  };
  const names = ssoList(get('OIDC_PROVIDERS'));
  const providerOf = (name: string, prefix: string): SsoProviderConfig => {
    const issuer = get(`${prefix}ISSUER`) ?? fail(`${prefix}ISSUER`, 'is required');
    if (!ssoUrl.safeParse(issuer).success) fail(`${prefix}ISSUER`, 'must be an http(s) URL');
    const clientId = get(`${prefix}CLIENT_ID`) ?? fail(`${prefix}CLIENT_ID`, 'is required');
    const scopes = get(`${prefix}SCOPES`) ?? get('OIDC_SCOPES') ?? 'openid email profile';
    if (!scopes.split(/\s+/).includes('openid')) fail(`${prefix}SCOPES`, 'must include openid');
    return {
      name,
      label: get(`${prefix}NAME`) ?? (name === 'oidc' ? 'OpenID Connect' : name),
      issuer,
      clientId,
      clientSecret: get(`${prefix}CLIENT_SECRET`),
      roleClaim: get(`${prefix}ROLE_CLAIM`) ?? get('OIDC_ROLE_CLAIM') ?? 'groups',
      scopes,
    };
  };
  let providers: SsoProviderConfig[];
  if (names.length) {
    for (const name of names)
      if (!/^[a-z0-9][a-z0-9-]{0,39}$/.test(name))
        fail('OIDC_PROVIDERS', `"${name}" must be a short name (a-z, 0-9, -)`);
    if (new Set(names).size !== names.length) fail('OIDC_PROVIDERS', 'names a provider twice');
    providers = names.map((n) => providerOf(n, `OIDC_${n.toUpperCase().replace(/-/g, '_')}_`));
  } else if (get('OIDC_ISSUER')) {
    providers = [providerOf('oidc', 'OIDC_')];
  } else {
    if (get('OIDC_ONLY')) fail('OIDC_ONLY', 'needs OIDC_ISSUER or OIDC_PROVIDERS');
    return undefined;
  }
  const only = get('OIDC_ONLY');
  if (only !== undefined && !bool.safeParse(only.toLowerCase()).success)
    fail('OIDC_ONLY', 'must be true or false');
  const breakGlass = (get('OIDC_BREAK_GLASS_EMAIL') ?? adminEmail).toLowerCase();
  if (!z.string().email().safeParse(breakGlass).success)
    fail('OIDC_BREAK_GLASS_EMAIL', 'must be an email address');
  const allowedDomains = ssoList(get('OIDC_ALLOWED_DOMAINS'));
  for (const d of allowedDomains)
    if (!/^[a-z0-9.-]+\.[a-z]{2,}$/.test(d)) fail('OIDC_ALLOWED_DOMAINS', `"${d}" is not a domain`);
  return {
    providers,
    allowedDomains,
    defaultRole: get('OIDC_DEFAULT_ROLE') ?? 'user',
    only: only !== undefined && bool.parse(only.toLowerCase()),
    breakGlassEmail: breakGlass,
  };
}

/** Limits and trust settings of the inbound SMTP listener (docs/mail.md). */
export interface MailInboundConfig {
  maxConnections: number;
  perMinute: number;
  perRecipientMinute: number;
  maxRecipients: number;
  unknownDelayMs: number;
  maxUnknown: number;
  dmarcReject: boolean;
  authTimeoutMs: number;
  /** PEM text of the certificate and key: STARTTLS, and implicit TLS on `securePort`. */
  tls?: { cert: string; key: string; securePort?: number };
  /** DNS for SPF/DKIM/DMARC/ARC (tests, closed networks); unset = the system resolver. */
  resolver?: (name: string, type: string) => Promise<unknown>;
}
