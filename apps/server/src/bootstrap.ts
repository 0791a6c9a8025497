import { randomBytes } from 'node:crypto';
import { count, eq, sql } from 'drizzle-orm';
import type { AppConfig } from './config.js';
import type { Database } from './db/client.js';
import { meta, users } from './db/schema/core.js';
import { hashPassword } from './lib/passwords.js';
import { PermissionService } from './lib/permissions.js';
import { DEMO_PEOPLE_KEY } from './modules/system/demo-data.js';
import { seedDatabase } from './seed/index.js';

export interface BootstrapResult {
  adminEmail: string;
  /** Set only when a password was generated: it is printed once and never stored in clear. */
  generatedPassword?: string;
  createdAdmin: boolean;
  loadedDemo: boolean;
}

/** Makes a new database usable: roles, the first administrator, and (by default) demo data. */
export async function bootstrap(
  config: AppConfig,
  database: Database,
  log: (message: string) => void,
): Promise<BootstrapResult> {
  const { db } = database;
  await new PermissionService(database).ensureBuiltinRoles();
  const [{ n }] = (await db.select({ n: count() }).from(users)) as [{ n: number }];
  const result: BootstrapResult = {
    adminEmail: config.adminEmail,
    createdAdmin: false,
    loadedDemo: false,
  };
  if (n === 0) {
    const password = config.adminPassword ?? randomBytes(12).toString('base64url');
    if (!config.adminPassword) result.generatedPassword = password;
    await db.insert(users).values({
      email: config.adminEmail.toLowerCase(),
      passwordHash: await hashPassword(password),
      firstName: 'Admin',
      lastName: 'Istrator',
      displayName: 'Administrator',
      slug: 'administrator',
      role: 'admin',
      status: 'active',
      emailVerified: true,
      jobTitle: 'Administrator',
    });
    result.createdAdmin = true;
    const demo = config.demoData ?? true;
    if (demo) {
      await seedDatabase(database, 'demo', log, { dataDir: config.dataDir });
      // The people the seed created (all but the administrator above), so that an administrator
      // can remove the demo data later (Administration → System) without guessing who is real.
      await db.execute(sql`INSERT INTO meta (key, value)
        SELECT ${DEMO_PEOPLE_KEY}, jsonb_build_object('people', coalesce(jsonb_agg(id), '[]'::jsonb))
          FROM users WHERE email <> ${config.adminEmail.toLowerCase()}
        ON CONFLICT (key) DO NOTHING`);
      result.loadedDemo = true;
    }
    await db
      .insert(meta)
      .values({ key: 'initialised', value: { at: new Date().toISOString(), demo } })
      .onConflictDoNothing();
  } else if (config.demoData) {
    const [row] = await db.select().from(meta).where(eq(meta.key, 'initialised'));
    if (!row)
      log(
        'DEMO_DATA is set but the database already has people; demo data is only loaded into a new database',
      );
  }
  return result;
}
