import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { AppConfig } from '../src/config.js';

export const ADMIN = { email: 'admin@test.local', password: 'correct-horse-battery' };

export function testConfig(overrides: Partial<AppConfig> = {}): AppConfig {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'bo-test-'));
  return {
    env: 'test',
    port: 0,
    host: '127.0.0.1',
    dataDir,
    jwtSecret: 'test-secret-that-is-long-enough-for-hs256!!',
    jwtTtlSeconds: 3600,
    adminEmail: ADMIN.email,
    adminPassword: ADMIN.password,
    demoData: false,
    mailFrom: 'test@backoffice.local',
    logLevel: 'silent',
    maxUploadBytes: 1024 * 1024,
    mailDomains: [],
    maxMailBytes: 2 * 1024 * 1024,
    chatPerMinute: 60,
    trustProxy: false,
    corsOrigins: [],
    authRateLimit: 10,
    readCache: 'auto',
    registration: 'approval',
    require2faForAdmins: false,
    storageQuotaBytes: 50 * 1024 * 1024,
    invoiceReminderHours: 0,
    notificationDigestHours: 0,
    maxFileBytes: 64 * 1024 * 1024,
    ...overrides,
  };
}
