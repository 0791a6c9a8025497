import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { CHAT_EVENTS, CHAT_PRESENCE, type ChatStatus } from '@bo/contract/chat';
import type { Executor } from '../../db/client.js';
import type { EventBus } from '../../lib/events.js';

/** Each instance rewrites its rows this often; a row not rewritten for `STALE_S` is ignored. */
export const PRESENCE_BEAT_MS = 30_000;
export const PRESENCE_STALE_S = 90;

interface Local {
  sockets: number;
  activeAt: number;
  status: 'online' | 'away';
}

/** A person's presence from the rows of every instance (fresh ones only). */
export const presenceActiveAt = (userIdColumn: unknown) =>
  sql<Date | null>`(SELECT max(pr.active_at) FROM presence pr
    WHERE pr.user_id = ${userIdColumn} AND pr.sockets > 0
      AND pr.seen_at > now() - make_interval(secs => ${PRESENCE_STALE_S}))`;

export function statusFrom(activeAt: Date | string | null, now = Date.now()): ChatStatus {
  if (!activeAt) return 'offline';
  return now - new Date(activeAt).getTime() < CHAT_PRESENCE.awayAfterMs ? 'online' : 'away';
}

type Logger = { warn(obj: unknown, msg?: string): void };

/**
 * Presence kept from the realtime sockets: online when a socket of the person is open and they
 * used it lately, away when open but idle, offline when the last one (on any instance) closes.
 * This instance's sockets are counted in memory and written to `presence` (one row per person
 * and instance) on a change and on a heartbeat; every change of a person's overall status is a
 * `chat.presence` event, which crosses instances through the bus.
 */
export class PresenceTracker {
  readonly instanceId = randomUUID();
  private readonly local = new Map<string, Local>();
  private chain: Promise<void> = Promise.resolve();
  private timer?: NodeJS.Timeout;
  private stopped = false;

  constructor(
    private readonly db: Executor,
    private readonly events: EventBus,
    private readonly log: Logger,
  ) {}

  start(): void {
    this.timer = setInterval(() => this.queue(() => this.beat()), PRESENCE_BEAT_MS);
    this.timer.unref();
  }

  /** Runs one change after the other (a socket's open and close must not cross). */
  private queue(work: () => Promise<void>): Promise<void> {
    this.chain = this.chain.then(async () => {
      if (this.stopped) return;
      try {
        await work();
      } catch (err) {
        this.log.warn({ err }, 'presence not updated');
      }
    });
    return this.chain;
  }

  opened(userId: string): Promise<void> {
    return this.queue(async () => {
      const entry = this.local.get(userId);
      const was = entry?.status;
      const next: Local = {
        sockets: (entry?.sockets ?? 0) + 1,
        activeAt: Date.now(),
        status: 'online',
      };
      this.local.set(userId, next);
      await this.write(userId, next);
      if (was !== 'online') await this.announce(userId);
    });
  }

  closed(userId: string): Promise<void> {
    return this.queue(async () => {
      const entry = this.local.get(userId);
      if (!entry) return;
      entry.sockets -= 1;
      if (entry.sockets > 0) {
        await this.write(userId, entry);
        return;
      }
      this.local.delete(userId);
      await this.db.execute(
        sql`DELETE FROM presence WHERE user_id = ${userId} AND instance_id = ${this.instanceId}`,
      );
      await this.announce(userId);
    });
  }

  active(userId: string): Promise<void> {
    const entry = this.local.get(userId);
    if (!entry) return Promise.resolve();
    entry.activeAt = Date.now();
    // Only coming back from "away" is news; otherwise the heartbeat writes the time.
    if (entry.status === 'online') return Promise.resolve();
    entry.status = 'online';
    return this.queue(async () => {
      await this.write(userId, entry);
      await this.announce(userId);
    });
  }

  /** Rewrites this instance's rows (so they stay fresh), notes who turned idle, sweeps the dead. */
  async beat(): Promise<void> {
    const now = Date.now();
    const idle: string[] = [];
    for (const [userId, entry] of this.local) {
      if (entry.status === 'online' && now - entry.activeAt >= CHAT_PRESENCE.awayAfterMs) {
        entry.status = 'away';
        idle.push(userId);
      }
    }
    if (this.local.size) {
      const rows = JSON.stringify(
        [...this.local].map(([userId, e]) => ({
          user_id: userId,
          sockets: e.sockets,
          active_at: new Date(e.activeAt).toISOString(),
        })),
      );
      await this.db.execute(sql`
        INSERT INTO presence (user_id, instance_id, sockets, active_at, seen_at)
        SELECT r.user_id, ${this.instanceId}, r.sockets, r.active_at, now()
          FROM jsonb_to_recordset(${rows}::jsonb) AS r(user_id uuid, sockets int, active_at timestamptz)
          JOIN users u ON u.id = r.user_id
        ON CONFLICT (user_id, instance_id) DO UPDATE
          SET sockets = excluded.sockets, active_at = excluded.active_at, seen_at = now()`);
    }
    await this.db.execute(
      sql`DELETE FROM presence WHERE seen_at < now() - make_interval(secs => ${PRESENCE_STALE_S * 4})`,
    );
    for (const userId of idle) await this.announce(userId);
  }

  private async write(userId: string, entry: Local): Promise<void> {
    await this.db.execute(sql`
      INSERT INTO presence (user_id, instance_id, sockets, active_at, seen_at)
      VALUES (${userId}, ${this.instanceId}, ${entry.sockets},
              ${new Date(entry.activeAt).toISOString()}, now())
      ON CONFLICT (user_id, instance_id) DO UPDATE
        SET sockets = excluded.sockets, active_at = excluded.active_at, seen_at = now()`);
  }

  /** Tells everyone in chat the person's status over all instances. */
  private async announce(userId: string): Promise<void> {
    const result = await this.db.execute(sql`SELECT ${presenceActiveAt(userId)} AS at`);
    const at = (result as unknown as { rows: Array<{ at: Date | string | null }> }).rows[0]?.at;
    await this.events.publish({
      type: CHAT_EVENTS.presence,
      audience: 'all',
      payload: {
        userId,
        status: statusFrom(at ?? null),
        lastActivity: at ? new Date(at).toISOString() : null,
      },
    });
  }

  /** Shutdown: this instance's rows go, and the people it held are announced again. */
  async stop(): Promise<void> {
    clearInterval(this.timer);
    await this.chain;
    this.stopped = true;
    const people = [...this.local.keys()];
    this.local.clear();
    try {
      await this.db.execute(sql`DELETE FROM presence WHERE instance_id = ${this.instanceId}`);
      for (const userId of people.slice(0, 1000)) await this.announce(userId);
    } catch {
      // The store is closing too: the rows go stale and are ignored.
    }
  }
}
