import { readFileSync } from 'node:fs';
import path from 'node:path';
import { ConfigError, parseEnv, parseSsoEnv, type AppConfig, type Env } from './config.js';
import { resolveJwtSecret } from './lib/tokens.js';

/** The app's configuration from the environment; throws ConfigError naming a bad variable. */
export function configFromEnv(env: NodeJS.ProcessEnv): AppConfig {
  const e = parseEnv(env);
  // The embedded store has no replicas: a replica URL without DATABASE_URL is a mistake.
  if (e.DATABASE_READ_URL && !e.DATABASE_URL)
    throw new ConfigError(
      'Invalid environment variable DATABASE_READ_URL: needs DATABASE_URL (the embedded store has no read replicas)',
    );
  const dataDir = path.resolve(e.DATA_DIR);
  return {
    env: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST,
    dataDir,
    databaseUrl: e.DATABASE_URL,
    databasePoolSize: e.DATABASE_POOL_SIZE,
    databaseReadUrls: e.DATABASE_READ_URL,
    databaseReadMaxLagMs: e.DATABASE_READ_MAX_LAG_MS,
    databaseReadPoolSize: e.DATABASE_READ_POOL_SIZE,
    databaseStatementTimeoutMs: e.DATABASE_STATEMENT_TIMEOUT_MS,
    pgliteSharedBuffers: e.PGLITE_SHARED_BUFFERS,
    jwtSecret: resolveJwtSecret(e.JWT_SECRET, dataDir),
    jwtTtlSeconds: e.JWT_TTL_SECONDS,
    adminEmail: e.ADMIN_EMAIL,
    adminPassword: e.ADMIN_PASSWORD,
    demoData: e.DEMO_DATA,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    logLevel: e.LOG_LEVEL,
    publicUrl: e.PUBLIC_URL,
    corsOrigins: e.CORS_ORIGINS,
    unpagedListMax: e.UNPAGED_LIST_MAX,
    webDist: e.WEB_DIST,
    maxUploadBytes: Math.round(e.MAX_UPLOAD_MB * 1024 * 1024),
    trustProxy: e.TRUST_PROXY,
    authRateLimit: e.AUTH_RATE_LIMIT,
    readCache: e.READ_CACHE,
    readCacheBytes: Math.round(e.READ_CACHE_MB * 1024 * 1024),
    registration: e.REGISTRATION,
    require2faForAdmins: e.REQUIRE_2FA_FOR_ADMINS,
    storageQuotaBytes: Math.round(e.STORAGE_QUOTA_MB * 1024 * 1024),
    fileUrlTtlHours: e.FILE_URL_TTL_HOURS,
    invoiceReminderHours: e.INVOICE_REMINDER_HOURS,
    notificationDigestHours: e.NOTIFICATION_DIGEST_HOURS,
    maxFileBytes: Math.round(e.MAX_FILE_MB * 1024 * 1024),
    jobs: { workers: e.JOB_WORKERS, pollSeconds: e.JOB_POLL_SECONDS },
    mailRetries: e.MAIL_RETRIES,
    exportSyncMax: e.EXPORT_SYNC_MAX,
    exportKeepDays: e.EXPORT_KEEP_DAYS,
    importKeepDays: e.IMPORT_KEEP_DAYS,
    mailSendLimits: { hour: e.MAIL_SEND_LIMIT_HOUR, day: e.MAIL_SEND_LIMIT_DAY },
    mailDkim: dkimOf(e),
    webhookAllowPrivate: e.WEBHOOK_ALLOW_PRIVATE,
    s3: e.S3_BUCKET
      ? {
          bucket: e.S3_BUCKET,
          endpoint: e.S3_ENDPOINT,
          region: e.S3_REGION,
          forcePathStyle: e.S3_FORCE_PATH_STYLE,
        }
      : undefined,
    mailSmtp:
      e.MAIL_SMTP_PORT !== undefined
        ? { port: e.MAIL_SMTP_PORT, host: e.MAIL_SMTP_HOST ?? e.HOST }
        : undefined,
    mailDomains: e.MAIL_DOMAINS,
    mailInbound: {
      maxConnections: e.MAIL_SMTP_MAX_CONNECTIONS,
      perMinute: e.MAIL_SMTP_PER_MINUTE,
      perRecipientMinute: e.MAIL_SMTP_PER_RECIPIENT_MINUTE,
      maxRecipients: e.MAIL_SMTP_MAX_RECIPIENTS,
      unknownDelayMs: e.MAIL_SMTP_UNKNOWN_DELAY_MS,
      maxUnknown: e.MAIL_SMTP_MAX_UNKNOWN,
      dmarcReject: e.MAIL_DMARC_REJECT,
      authTimeoutMs: e.MAIL_AUTH_TIMEOUT_MS,
      tls:
        e.MAIL_TLS_CERT && e.MAIL_TLS_KEY
          ? {
              cert: readFileSync(e.MAIL_TLS_CERT, 'utf8'),
              key: readFileSync(e.MAIL_TLS_KEY, 'utf8'),
              securePort: e.MAIL_SMTP_SECURE_PORT,
            }
          : undefined,
    },
    maxMailBytes: Math.round(e.MAX_MAIL_MB * 1024 * 1024),
    chatPerMinute: e.CHAT_RATE_LIMIT,
    backupDir: e.BACKUP_DIR ? path.resolve(e.BACKUP_DIR) : undefined,
    backupKeep: e.BACKUP_KEEP,
    metricsToken: e.METRICS_TOKEN,
    metricsPort: e.METRICS_PORT,
    otelEndpoint: e.OTEL_EXPORTER_OTLP_ENDPOINT,
    otelTracesEndpoint: e.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT,
    otelServiceName: e.OTEL_SERVICE_NAME,
    gitCommit: e.GIT_COMMIT,
    sso: parseSsoEnv(env, e.ADMIN_EMAIL),
  };
}

/** MAIL_DKIM_*: all three or none; the key is read from its PEM file here, at start. */
function dkimOf(e: Env): AppConfig['mailDkim'] {
  const set = (['MAIL_DKIM_DOMAIN', 'MAIL_DKIM_SELECTOR', 'MAIL_DKIM_KEY'] as const).filter(
    (name) => e[name],
  );
  if (!set.length) return undefined;
  const missing = ['MAIL_DKIM_DOMAIN', 'MAIL_DKIM_SELECTOR', 'MAIL_DKIM_KEY'].find(
    (name) => !set.includes(name as (typeof set)[number]),
  );
  if (missing)
    throw new ConfigError(
      `Invalid environment variable ${missing}: is required with ${set.join(', ')}`,
    );
  const privateKey = readFileSync(e.MAIL_DKIM_KEY!, 'utf8');
  if (!privateKey.includes('PRIVATE KEY'))
    throw new ConfigError(
      'Invalid environment variable MAIL_DKIM_KEY: must name a PEM private key file',
    );
  return { domain: e.MAIL_DKIM_DOMAIN!, selector: e.MAIL_DKIM_SELECTOR!, privateKey };
}
