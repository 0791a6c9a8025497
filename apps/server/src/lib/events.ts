import { EventEmitter } from 'node:events';
import type { Database } from '../db/client.js';

export interface DomainEvent {
  /** e.g. `kanban.card.moved`, `notification.created`. */
  type: string;
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

  async publish(event: DomainEvent): Promise<void> {
    // NOTIFY payloads are limited to 8000 bytes; big events should carry ids, not records.
    await this.database.notify(CHANNEL, JSON.stringify(event));
  }

  on(listener: (event: DomainEvent) => void): () => void {
    this.local.on('event', listener);
    return () => this.local.off('event', listener);
  }

  async stop(): Promise<void> {
    await this.unlisten?.();
  }
}
