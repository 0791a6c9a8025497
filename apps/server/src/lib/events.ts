import { EventEmitter } from 'node:events';
import type { RealtimeEventType } from '@bo/contract/realtime';
import type { Database } from '../db/client.js';

export interface DomainEvent {
  /**
   * e.g. `kanban.card.moved`, `notification.created`: a type declared in REALTIME_EVENT_ACCESS
   * (contract), which says who may receive it; an undeclared type does not type-check.
   */
  type: RealtimeEventType;
  /** Who may receive it: everyone signed in (`all`) or the listed user ids. */
  audience: 'all' | string[];
  payload: unknown;
  /** Instance that published it, so clients can tell echoes apart if they need to. */
  origin?: string;
}

const CHANNEL = 'bo_events';

/**
 * Domain events travel through the database's LISTEN/NOTIFY, so every server instance on one
 * database hears every event and delivers it to its own sockets.
 */
export class EventBus {
  private readonly local = new EventEmitter();
  private unlisten?: () => Promise<void>;

  constructor(private readonly database: Database) {
    this.local.setMaxListeners(0);
  }

  async start(): Promise<void> {
    this.unlisten = await this.database.listen(CHANNEL, (payload) => {
      try {
        this.local.emit('event', JSON.parse(payload) as DomainEvent);
      } catch {
        // A malformed payload is not ours; ignore it.
      }
    });
  }

  private pending: string[] = [];
  private flushing?: Promise<void>;

  /**
   * Events published in the same turn of the event loop go out in one statement (a burst of
   * chat messages is one round trip to the store, not one each); resolves once they are sent.
   */
  publish(event: DomainEvent): Promise<void> {
    // NOTIFY payloads are limited to 8000 bytes; big events should carry ids, not records.
    this.pending.push(JSON.stringify(event));
    this.flushing ??= new Promise<void>((resolve, reject) =>
      setImmediate(() => {
        const payloads = this.pending;
        this.pending = [];
        this.flushing = undefined;
        this.database.notify(CHANNEL, payloads).then(resolve, reject);
      }),
    );
    return this.flushing;
  }

  on(listener: (event: DomainEvent) => void): () => void {
    this.local.on('event', listener);
    return () => this.local.off('event', listener);
  }

  async stop(): Promise<void> {
    await this.unlisten?.();
  }
}
