import type { FastifyBaseLogger } from 'fastify';

/**
 * Work that must not make an answer slower or faster depending on a secret — mailing a reset
 * code only when the address has an account — runs here, after the answer. Failures are logged;
 * close() (and tests) wait for what is still running.
 */
export class BackgroundTasks {
  private readonly running = new Set<Promise<void>>();

  constructor(private readonly log: FastifyBaseLogger) {}

  run(name: string, work: () => Promise<unknown>): void {
    const task: Promise<void> = new Promise<void>((resolve) => setImmediate(resolve))
      .then(work)
      .then(
        () => undefined,
        (err: unknown) => this.log.error({ err }, `background task failed: ${name}`),
      )
      .finally(() => this.running.delete(task));
    this.running.add(task);
  }

  async drain(): Promise<void> {
    while (this.running.size) await Promise.all([...this.running]);
  }
}
