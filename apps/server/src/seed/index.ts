import type { Database } from '../db/client.js';

export type Scale = 'demo' | 'large';

export interface SeedContext {
  database: Database;
  scale: Scale;
  /** Deterministic random numbers from a fixed seed. */
  random: () => number;
  log: (message: string) => void;
}

/** One area's generator; generators run in order, later ones may read what earlier ones wrote. */
export interface SeedStep {
  name: string;
  run(ctx: SeedContext): Promise<void>;
}

/** The areas' generators, in dependency order (users before orders…). */
export const seedSteps: SeedStep[] = [];

/** mulberry32: small, fast, and the same sequence for the same seed on every machine. */
export function seededRandom(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export async function seedDatabase(
  database: Database,
  scale: Scale,
  log: (message: string) => void,
  seed = 20261122,
): Promise<void> {
  const random = seededRandom(seed);
  for (const step of seedSteps) {
    const started = Date.now();
    await step.run({ database, scale, random, log });
    log(`seeded ${step.name} in ${Date.now() - started} ms`);
  }
  await database.vacuumAnalyze();
}
