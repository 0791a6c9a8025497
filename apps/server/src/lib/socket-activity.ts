import { EventEmitter } from 'node:events';

type Listener = (userId: string) => void;
type Kind = 'opened' | 'closed' | 'active';

/**
 * What the realtime sockets of this instance tell about people: a signed-in socket opened or
 * closed, or its person used the tab. The realtime plugin says it; whoever keeps presence
 * listens (so the plugin knows nothing of chat).
 */
export class SocketActivity {
  private readonly emitter = new EventEmitter();

  constructor() {
    this.emitter.setMaxListeners(0);
  }

  emit(kind: Kind, userId: string): void {
    this.emitter.emit(kind, userId);
  }

  on(kind: Kind, listener: Listener): () => void {
    this.emitter.on(kind, listener);
    return () => this.emitter.off(kind, listener);
  }
}
