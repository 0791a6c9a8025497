import { describe, expect, it } from 'vitest';
import { call, createTestApp, login, mailedCode, registerUser } from '../test/helpers.js';

/**
 * The log of a run that registers, resets a password and writes mail, at debug (every request):
 * no code, password, token or mail body in any line — the README's promise, held by reading
 * what was written.
 */
describe('the log', () => {
  it('holds no code, password, token or mail body, even at debug', async () => {
    const lines: string[] = [];
    const base = await createTestApp();
    const { buildApp } = await import('./app.js');
    const { loggerOptions } = await import('./lib/log.js');
    const app = await buildApp({
      config: base.config,
      database: base.database,
      logger: {
        ...(loggerOptions('debug') as object),
        stream: { write: (line: string) => void lines.push(line) },
      },
    });
    try {
      await app.ready();
      const email = 'log.watch@test.local';
      const person = await registerUser(app, { email });
      const secrets = [person.accessToken, 'a-long-unusual-password'];

      const asked = await app.inject({
        method: 'POST',
        url: '/api/account/reset-password',
        payload: { email },
      });
      expect(asked.statusCode).toBe(200);
      const code = await mailedCode(app, email);
      secrets.push(code);
      const password = 'Fresh-secret-for-the-log-41';
      secrets.push(password);
      const set = await app.inject({
        method: 'POST',
        url: '/api/account/new-password',
        payload: { email, code, password },
      });
      expect(set.statusCode).toBe(200);
      const signedIn = await login(app, email, password);
      secrets.push(signedIn.accessToken);

      const body = 'Confidential-body-words-7731';
      secrets.push(body);
      const sent = await call(app, signedIn.accessToken, {
        method: 'POST',
        url: '/api/mail/send',
        payload: { to: ['someone@outside.example'], subject: 'Hello', message: `<p>${body}</p>` },
      });
      expect(sent.statusCode, sent.body).toBe(201);
      await app.services.tasks.drain();

      const all = lines.join('');
      // The run was logged (else the test proves nothing)…
      expect(all).toContain('/api/account/new-password');
      expect(all).toContain('mail kept in outbox');
      // …and none of its secrets.
      for (const secret of secrets) expect(all, `the log holds ${secret}`).not.toContain(secret);
    } finally {
      await app.close();
      await base.close();
    }
  }, 60_000);
});
