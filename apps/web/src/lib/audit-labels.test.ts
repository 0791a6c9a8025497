import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import i18next from 'i18next';
import { beforeAll, describe, expect, it } from 'vitest';

import ar from '../locales/ar/sections/audit.json';
import cn from '../locales/cn/sections/audit.json';
import en from '../locales/en/sections/audit.json';
import fr from '../locales/fr/sections/audit.json';
import vi from '../locales/vi/sections/audit.json';
import enUsers from '../locales/en/users.json';
import { AUDIT_ACTIONS, auditActionKey, auditActionLabel, auditMetaText } from './audit-labels';

const serverSrc = fileURLToPath(new URL('../../../server/src', import.meta.url));

/** The actions the server's sources write: literal ones, and `audited(request, 'x', …)` per area. */
function serverActions(): string[] {
  const found = new Set<string>();
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts')) {
        const text = readFileSync(full, 'utf8');
        for (const m of text.matchAll(/action: '([a-z_]+\.[a-z_.]+)'/g)) found.add(m[1]!);
        // Areas that prefix their own actions: action: `files.${action}`.
        const prefix = /action: `([a-z_]+)\.\$\{action\}`/.exec(text)?.[1];
        if (prefix) {
          for (const m of text.matchAll(/audited\(\s*request,\s*([^,]+),/g)) {
            for (const name of m[1]!.matchAll(/'([a-z_.]+)'/g)) found.add(`${prefix}.${name[1]}`);
          }
        }
      }
    }
  };
  walk(serverSrc);
  return [...found].sort();
}

const lookup = (messages: object, key: string) =>
  key
    .split('.')
    .reduce<unknown>((node, part) => (node as Record<string, unknown>)?.[part], messages);

describe('audit actions in words', () => {
  beforeAll(async () => {
    await i18next.init({
      lng: 'en',
      resources: { en: { translation: { ...en, ...enUsers } } },
    });
  });

  it('knows every action the server writes', () => {
    const actions = serverActions();
    expect(actions.length).toBeGreaterThan(80);
    expect(actions.filter((a) => !(AUDIT_ACTIONS as readonly string[]).includes(a))).toEqual([]);
  });

  it('names every action in all five languages', () => {
    for (const [language, messages] of Object.entries({ en, fr, vi, cn, ar })) {
      const missing = AUDIT_ACTIONS.filter(
        (a) => typeof lookup(messages, auditActionKey(a)) !== 'string',
      );
      expect(missing, language).toEqual([]);
    }
  });

  it('reads an action, its amount as money and its role by name', () => {
    const t = i18next.t;
    expect(auditActionLabel(t, 'files.update')).toBe('Edited a file');
    expect(auditActionLabel(t, 'files.trash')).toBe('Moved a file to the trash');
    expect(auditActionLabel(t, 'files.trash.empty')).toBe('Emptied the trash');
    expect(auditActionLabel(t, 'order.create')).toBe('Placed an order');
    expect(auditActionLabel(t, 'something.new')).toBe('something.new');
    const money = (cents: number, currency = 'USD') =>
      new Intl.NumberFormat('en-US', { style: 'currency', currency }).format(cents / 100);
    expect(
      auditMetaText(
        t,
        'invoice.payment',
        { amount: 512524, currency: 'EUR', method: 'card', status: 'paid' },
        money,
      ),
    ).toBe('amount: €5,125.24 · method: card · status: paid');
    expect(auditMetaText(t, 'user.role_changed', { from: 'user', to: 'editor' }, money)).toBe(
      'from: User · to: Editor',
    );
    expect(auditMetaText(t, 'webhook.create', { active: true, to: null, ids: [] }, money)).toBe(
      'active: yes',
    );
  });
});
