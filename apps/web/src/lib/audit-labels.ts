import type { TFunction } from 'i18next';

/**
 * Every action the server writes to the audit log (`audit(…, { action })`), which the log's
 * filter offers and the profile's activity shows. Their words are the `audit` section
 * (`locales/<lang>/sections/audit.json`): a page that shows them opens `<LocaleArea area="audit">`. `audit-labels.test.ts` reads the server's
 * sources so that a new action cannot go without a label in the five languages.
 */
export const AUDIT_ACTIONS = [
  'account.email_change_requested',
  'account.email_changed',
  'account.profile_updated',
  'auth.email_verified',
  'auth.login',
  'auth.login_failed',
  'auth.login_password_ok',
  'auth.login_refused',
  'auth.logout',
  'auth.password_change_failed',
  'auth.password_changed',
  'auth.password_reset',
  'auth.recovery_codes_replaced',
  'auth.register',
  'auth.reset_requested',
  'auth.session_ended',
  'auth.session_ended_by_admin',
  'auth.sso_created',
  'auth.sso_linked',
  'auth.sso_refused',
  'banking.transfer',
  'blog.comment.create',
  'blog.comment.delete',
  'blog.comment.hide',
  'blog.comment.update',
  'blog.post.bulk',
  'blog.post.create',
  'blog.post.delete',
  'blog.post.restore',
  'blog.post.update',
  'booking.review',
  'booking.status',
  'calendar.event.create',
  'calendar.event.delete',
  'calendar.event.respond',
  'calendar.event.update',
  'chat.conversation.create',
  'chat.conversation.update',
  'files.bulk',
  'files.copy',
  'files.delete',
  'files.folder.create',
  'files.link.create',
  'files.link.revoke',
  'files.restore',
  'files.share',
  'files.trash',
  'files.trash.empty',
  'files.unshare',
  'files.update',
  'files.upload',
  'invitation.accepted',
  'invitation.created',
  'invitation.resent',
  'invitation.revoked',
  'invoice.bulk_status',
  'invoice.cancel',
  'invoice.create',
  'invoice.delete',
  'invoice.duplicate',
  'invoice.from_order',
  'invoice.payment',
  'invoice.reminders',
  'invoice.send',
  'invoice.update',
  'invoice_party.create',
  'invoice_party.delete',
  'invoice_party.update',
  'job.cancel',
  'job.retry',
  'kanban.card.attach',
  'kanban.card.comment',
  'kanban.card.create',
  'kanban.card.delete',
  'kanban.card.detach',
  'kanban.card.like',
  'kanban.card.move',
  'kanban.card.unlike',
  'kanban.card.update',
  'kanban.column.clear',
  'kanban.column.create',
  'kanban.column.delete',
  'kanban.column.move',
  'kanban.column.update',
  'mail.delete',
  'mail.send',
  'mail.send_limited',
  'order.bulk_status',
  'order.create',
  'order.export',
  'order.status',
  'product.bulk_delete',
  'product.bulk_update',
  'product.create',
  'product.delete',
  'product.import',
  'product.update',
  'role.created',
  'role.deleted',
  'role.updated',
  'sso.mappings_replaced',
  'system.backup',
  'system.demo_data_removed',
  'token.create',
  'token.revoke',
  'user.bulk_approved',
  'user.bulk_deleted',
  'user.bulk_invited',
  'user.bulk_role',
  'user.bulk_suspended',
  'user.created',
  'user.deleted',
  'user.export',
  'user.import',
  'user.role_changed',
  'user.status_changed',
  'user.updated',
  'view.create',
  'view.delete',
  'view.update',
  'webhook.create',
  'webhook.delete',
  'webhook.ping',
  'webhook.redeliver',
  'webhook.update',
] as const;

/**
 * Where an action's label lives: `audit.actions.<area>.<rest, joined by _>`. The rest is joined
 * because some actions are others' prefixes (`files.trash`, `files.trash.empty`).
 */
export function auditActionKey(action: string): string {
  const [area, ...rest] = action.split('.');
  return rest.length ? `audit.actions.${area}.${rest.join('_')}` : `audit.actions.${area}`;
}

/** An audit action in the person's language ("files.update" → "Edited a file"). */
export const auditActionLabel = (t: TFunction, action: string) =>
  t(auditActionKey(action), { defaultValue: action });

/** A role's name in the person's language: the shipped ones are translated, others shown as is. */
export const roleName = (t: TFunction, name: string) =>
  t(`users.roles.${name}`, { defaultValue: name });

type Meta = Record<string, unknown>;

/**
 * An audit entry's details as "name: value" pairs in the person's language: names translated,
 * amounts (integer cents) as money in their currency, roles by their names, yes/no in words;
 * other values (emails, numbers, ids) as they are, nested ones as JSON.
 */
export function auditMetaText(
  t: TFunction,
  action: string,
  meta: Meta,
  money: (cents: number, currency?: string) => string,
): string {
  const change = (key: string) => key === 'from' || key === 'to';
  const roleValued = (key: string) =>
    key === 'role' || (action === 'user.role_changed' && change(key));
  const statusValued = (key: string) => action === 'user.status_changed' && change(key);
  return Object.entries(meta)
    .filter(
      ([key, value]) =>
        !(key === 'currency' && typeof meta.amount === 'number') &&
        value !== null &&
        !(Array.isArray(value) && value.length === 0),
    )
    .map(([key, value]) => {
      const name = t(`audit.meta.${key}`, { defaultValue: key });
      let text: string;
      if (key === 'amount' && typeof value === 'number')
        text = money(value, typeof meta.currency === 'string' ? meta.currency : undefined);
      else if (typeof value === 'string' && roleValued(key)) text = roleName(t, value);
      else if (typeof value === 'string' && statusValued(key))
        text = t(`users.status.${value}`, { defaultValue: value });
      else if (typeof value === 'boolean') text = t(value ? 'audit.yes' : 'audit.no');
      else if (typeof value === 'string' || typeof value === 'number') text = String(value);
      else text = JSON.stringify(value);
      return `${name}: ${text}`;
    })
    .join(' · ');
}
