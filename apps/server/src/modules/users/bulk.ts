import { inArray } from 'drizzle-orm';
import type { UserBulkAction, UserBulkAnswer } from '@bo/contract/users';
import type { Services } from '../../plugins/services.js';
import type { Executor } from '../../db/client.js';
import { roles, users } from '../../db/schema/core.js';
import { audit } from '../../lib/audit.js';
import { issueCode } from '../../lib/auth-codes.js';
import { HttpError, fieldError } from '../../lib/http-error.js';
import { notify } from '../../lib/notify.js';
import { assertRoleManagersRemain, lockRoleManagers } from '../../lib/role-managers.js';
import { revokeSessions } from '../../lib/sessions.js';
import { assertAdminsRemain, type AuditSource } from './service.js';

type UserRow = typeof users.$inferSelect;
type Refusal = UserBulkAnswer['refused'][number];

/** What a bulk action leaves to do once its transaction is committed (mails). */
export interface BulkOutcome {
  changed: string[];
  refused: Refusal[];
  /** Pending accounts now active: each is told, in their language. */
  approved: UserRow[];
  /** People mailed again the code to choose their password. */
  invited: Array<{ row: UserRow; code: string }>;
}

const AUDIT_ACTION: Record<UserBulkAction, string> = {
  role: 'user.bulk_role',
  suspend: 'user.bulk_suspended',
  approve: 'user.bulk_approved',
  invite: 'user.bulk_invited',
  delete: 'user.bulk_deleted',
};

/** What a person was before an action, for the log and for an undo. */
const previous = (action: UserBulkAction, row: UserRow) =>
  action === 'role' ? row.role : action === 'invite' || action === 'delete' ? null : row.status;

const refusal = (row: UserRow | undefined, id: string, code: string, message: string) => ({
  id,
  name: row?.displayName ?? null,
  code,
  message,
});

/**
 * One action on several people, in the caller's transaction: each person in a savepoint of their
 * own, so a refused one (the last administrator, the last who may manage roles) leaves the others
 * changed. Nobody acts on themselves (but to approve or invite, which cannot apply to a signed-in
 * person anyway), and only on people whose role grants nothing the caller lacks (decision 049).
 * Audited once, with the count, the ids and what each was before.
 */
export async function bulkUsers(
  services: Services,
  tx: Executor,
  source: AuditSource,
  caller: { userId: string; permissions: ReadonlySet<string> },
  input: { ids: string[]; action: UserBulkAction; role?: string },
): Promise<BulkOutcome> {
  const { action, role } = input;
  const ids = [...new Set(input.ids.map((id) => id.toLowerCase()))];
  const managers = await lockRoleManagers(tx);
  const roleRows = await tx
    .select({ name: roles.name, permissions: roles.permissions })
    .from(roles);
  const grants = new Map(roleRows.map((r) => [r.name, r.permissions]));
  const withinMine = (name: string) =>
    (grants.get(name) ?? []).every((p) => caller.permissions.has(p));
  if (action === 'role') {
    if (!grants.has(role!)) throw fieldError('role', 'role_unknown', `Unknown role: ${role}`, 400);
    if (!withinMine(role!))
      throw fieldError(
        'role',
        'role_not_grantable',
        'You cannot give a role with permissions you do not have',
        403,
      );
  }
  const adminRoles = new Set(
    roleRows.filter((r) => r.permissions.includes('admin:area')).map((r) => r.name),
  );

  const found = await tx.select().from(users).where(inArray(users.id, ids)).for('update');
  const byId = new Map(found.map((r) => [r.id, r]));
  const out: BulkOutcome = { changed: [], refused: [], approved: [], invited: [] };
  const before: Record<string, string | null> = {};

  for (const id of ids) {
    const row = byId.get(id);
    if (!row) {
      out.refused.push(refusal(row, id, 'not_found', 'Nobody has this id'));
      continue;
    }
    if (id === caller.userId && action !== 'approve' && action !== 'invite') {
      out.refused.push(
        refusal(row, id, 'self', 'You cannot do this to yourself: ask another administrator'),
      );
      continue;
    }
    if (!withinMine(row.role)) {
      out.refused.push(
        refusal(row, id, 'not_manageable', 'Their role has permissions you do not have'),
      );
      continue;
    }
    if (action === 'approve' && row.status === 'rejected') {
      out.refused.push(
        refusal(row, id, 'rejected', 'A rejected account is reopened from its own page'),
      );
      continue;
    }
    if (action === 'invite' && row.passwordHash) {
      out.refused.push(refusal(row, id, 'has_password', 'They have already chosen a password'));
      continue;
    }
    try {
      const done = await tx.transaction((sp) =>
        applyOne(services, sp, caller.userId, action, row, role, managers, adminRoles),
      );
      if (done === 'approved') out.approved.push(row);
      else if (done) out.invited.push({ row, code: done.code });
      before[id] = previous(action, row);
      out.changed.push(id);
    } catch (error) {
      if (!(error instanceof HttpError) || error.statusCode !== 409) throw error;
      const detail = error.details?.[0];
      out.refused.push(
        refusal(row, id, detail?.code ?? 'conflict', detail?.message ?? error.message),
      );
    }
  }

  if (out.changed.length)
    await audit(tx, source, {
      actorId: caller.userId,
      action: AUDIT_ACTION[action],
      meta: {
        count: out.changed.length,
        ids: out.changed,
        ...(action === 'role' ? { role } : {}),
        ...(action === 'delete'
          ? { emails: out.changed.map((id) => byId.get(id)!.email) }
          : { before }),
        refused: out.refused.length,
      },
    });
  return out;
}

async function applyOne(
  services: Services,
  sp: Executor,
  actorId: string,
  action: UserBulkAction,
  row: UserRow,
  role: string | undefined,
  managers: number,
  adminRoles: ReadonlySet<string>,
): Promise<'approved' | { code: string } | undefined> {
  const activeAdmin = row.status === 'active' && adminRoles.has(row.role);
  const set = (values: Partial<UserRow>) =>
    sp
      .update(users)
      .set({ ...values, updatedAt: new Date() })
      .where(inArray(users.id, [row.id]));
  switch (action) {
    case 'role':
      if (row.role === role) return;
      if (activeAdmin && !adminRoles.has(role!)) await assertAdminsRemain(sp, [row.id], 'role');
      await set({ role });
      await assertRoleManagersRemain(sp, managers, 'role');
      return;
    case 'suspend':
      if (row.status === 'banned') return;
      if (activeAdmin) await assertAdminsRemain(sp, [row.id], 'status');
      await set({ status: 'banned' });
      await assertRoleManagersRemain(sp, managers, 'status');
      await revokeSessions(sp, row.id);
      return;
    case 'approve':
      if (row.status === 'active') return;
      await set({ status: 'active' });
      if (row.status !== 'pending') return;
      await notify(sp, {
        type: 'account.approved',
        to: { users: [row.id] },
        title: row.displayName,
        link: '/dashboard',
        recordId: row.id,
        actorId,
      });
      return 'approved';
    case 'invite':
      return { code: await issueCode(services, sp, row.id, 'reset') };
    case 'delete':
      await assertAdminsRemain(sp, [row.id], 'ids');
      await sp.delete(users).where(inArray(users.id, [row.id]));
      await assertRoleManagersRemain(sp, managers, 'ids');
      return;
  }
}
