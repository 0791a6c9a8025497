import { sql } from 'drizzle-orm';
import type { ChatMessage } from '@bo/contract/chat';
import type { Executor } from '../../db/client.js';
import { pgArray } from '../../db/rows.js';

/** A text message on its way: the fast path's input. */
export interface QueuedSend {
  senderId: string;
  conversationId: string;
  clientId: string;
  body: string;
}

/** Stored, with the members to tell. */
export interface FastSent {
  message: ChatMessage;
  memberIds: string[];
}

interface Waiting extends QueuedSend {
  resolve: (sent: FastSent | null) => void;
}

interface Row {
  id: string;
  conversation_id: string;
  sender_id: string;
  client_id: string;
  body: string;
  created_at: string | Date;
  seq: string | number;
  members: string[] | string | null;
}

/** At most this many messages in one statement. */
const BATCH_MAX = 200;

/**
 * Text messages are stored by one statement for many senders at once (group commit): the
 * message, the conversation's last message and every member's unread count (the sender's to zero)
 * in one atomic INSERT … UPDATE, instead of ten round trips each in its own transaction. Sends
 * that arrive while a statement runs wait for the next one, so on the embedded store (one
 * connection) fifty people sending at once cost a few statements, not fifty transactions.
 *
 * Messages keep their order, in a conversation as in the batch (each its own time and number).
 * A send the statement did not store — not a member, a retried client id, an error — answers
 * `null`: the caller takes the careful path, which says why or answers the message stored
 * before. On PostgreSQL, two instances' batches may wait on each other's rows; a deadlock aborts
 * one, whose sends then take the careful path one by one.
 */
export class ChatSendQueue {
  private waiting: Waiting[] = [];
  private running = false;

  constructor(private readonly db: Executor) {}

  send(item: QueuedSend): Promise<FastSent | null> {
    return new Promise((resolve) => {
      this.waiting.push({ ...item, resolve });
      if (!this.running) void this.drain();
    });
  }

  /**
   * Each statement starts after the event loop has read what arrived meanwhile (setImmediate):
   * the embedded store runs a statement synchronously, so without the pause every request
   * would reach the queue alone and no two would share a statement.
   */
  private async drain() {
    this.running = true;
    try {
      while (this.waiting.length) {
        if (this.waiting.length < BATCH_MAX) await new Promise((r) => setImmediate(r));
        const batch = this.waiting.slice(0, BATCH_MAX);
        this.waiting = this.waiting.slice(BATCH_MAX);
        let rows: Row[] = [];
        try {
          rows = await storeBatch(this.db, batch);
        } catch {
          // Every one of them goes the careful way, which reports its own error.
        }
        const byKey = new Map(rows.map((r) => [`${r.sender_id}|${r.client_id}`, r]));
        for (const w of batch) {
          const key = `${w.senderId}|${w.clientId}`;
          const row = byKey.get(key);
          // The same client id twice in one batch is one message: the second is its retry.
          byKey.delete(key);
          w.resolve(row ? toSent(row) : null);
        }
      }
    } finally {
      this.running = false;
    }
  }
}

function toSent(r: Row): FastSent {
  return {
    message: {
      id: r.id,
      conversationId: r.conversation_id,
      clientId: r.client_id,
      body: r.body,
      contentType: 'text',
      attachments: [],
      createdAt: new Date(r.created_at).toISOString(),
      editedAt: null,
      deleted: false,
      senderId: r.sender_id,
      seq: Number(r.seq),
    },
    memberIds: pgArray(r.members),
  };
}

async function storeBatch(db: Executor, batch: QueuedSend[]): Promise<Row[]> {
  const input = JSON.stringify(
    batch.map((b) => ({
      conversation_id: b.conversationId,
      sender_id: b.senderId,
      client_id: b.clientId,
      body: b.body,
    })),
  );
  // chat_send_batch (db/functions/chat_send_batch.sql): the INSERT, the conversation's last
  // message and every member's unread count in one statement whose plan is prepared once.
  const result = await db.execute(sql`SELECT * FROM chat_send_batch(${input}::jsonb)`);
  return (result as unknown as { rows: Row[] }).rows;
}
