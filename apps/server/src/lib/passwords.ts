import { hash, verify } from '@node-rs/argon2';

// argon2id with OWASP's second recommended profile (19 MiB, 2 passes): ~30 ms here.
const OPTIONS = { memoryCost: 19456, timeCost: 2, parallelism: 1 } as const;

export const hashPassword = (password: string) => hash(password, OPTIONS);

export async function verifyPassword(hashed: string, password: string): Promise<boolean> {
  try {
    return await verify(hashed, password);
  } catch {
    return false;
  }
}

let dummy: Promise<string> | undefined;
/** Spends the same time as a real check, so a missing account cannot be told apart by timing. */
export async function burnPasswordCheck(password: string): Promise<void> {
  dummy ??= hashPassword('timing-equaliser-password');
  await verifyPassword(await dummy, password);
}
