import { and, asc, desc, eq, ne, sql } from 'drizzle-orm';
import type { Address, AddressInput } from '@bo/contract/addresses';
import { ADDRESSES_MAX, addressInputSchema } from '@bo/contract/addresses';
import type { Executor } from '../../db/client.js';
import { rows } from '../../db/rows.js';
import { userAddresses } from '../../db/schema/index.js';
import { HttpError } from '../../lib/http-error.js';
import { ERROR_CODES } from '@bo/contract/errors';

type Row = typeof userAddresses.$inferSelect;

const toAddress = (r: Row): Address => ({
  id: r.id,
  name: r.name,
  phoneNumber: r.phoneNumber,
  fullAddress: r.fullAddress,
  addressType: r.addressType === 'office' ? 'office' : 'home',
  isDefault: r.isDefault,
  createdAt: r.createdAt.toISOString(),
});

/** Mine, the default first, then newest first. */
export async function listAddresses(db: Executor, userId: string): Promise<Address[]> {
  const found = await db
    .select()
    .from(userAddresses)
    .where(eq(userAddresses.userId, userId))
    .orderBy(desc(userAddresses.isDefault), desc(userAddresses.createdAt), asc(userAddresses.id));
  return found.map(toAddress);
}

/** Only one default: the others lose it (same transaction as the change). */
async function clearDefault(tx: Executor, userId: string, except?: string) {
  await tx
    .update(userAddresses)
    .set({ isDefault: false })
    .where(
      and(
        eq(userAddresses.userId, userId),
        eq(userAddresses.isDefault, true),
        except ? ne(userAddresses.id, except) : undefined,
      ),
    );
}

export async function addAddress(
  tx: Executor,
  userId: string,
  input: AddressInput,
): Promise<Address> {
  const body = addressInputSchema.parse(input);
  // The person's rows are locked so two adds at once cannot both pass the limit.
  const count = (
    await rows(tx, sql`SELECT id FROM user_addresses WHERE user_id = ${userId} FOR UPDATE`)
  ).length;
  if (count >= ADDRESSES_MAX)
    throw new HttpError(409, ERROR_CODES.conflict, `At most ${ADDRESSES_MAX} addresses`, [
      { field: 'addresses', code: 'too_many', message: `At most ${ADDRESSES_MAX} addresses` },
    ]);
  // The first address is the default whatever was asked.
  const isDefault = body.isDefault || count === 0;
  if (isDefault) await clearDefault(tx, userId);
  const [row] = await tx
    .insert(userAddresses)
    .values({ userId, ...body, isDefault })
    .returning();
  return toAddress(row!);
}

export async function patchAddress(
  tx: Executor,
  userId: string,
  id: string,
  patch: Partial<Omit<Address, 'id' | 'createdAt'>>,
): Promise<Address | null> {
  const mine = and(eq(userAddresses.id, id), eq(userAddresses.userId, userId));
  if (!Object.keys(patch).length) {
    const [row] = await tx.select().from(userAddresses).where(mine);
    return row ? toAddress(row) : null;
  }
  if (patch.isDefault) await clearDefault(tx, userId, id);
  const [row] = await tx.update(userAddresses).set(patch).where(mine).returning();
  return row ? toAddress(row) : null;
}

/** Deletes one of mine; if it was the default, the newest other one becomes the default. */
export async function deleteAddress(tx: Executor, userId: string, id: string): Promise<boolean> {
  const [gone] = await tx
    .delete(userAddresses)
    .where(and(eq(userAddresses.id, id), eq(userAddresses.userId, userId)))
    .returning();
  if (!gone) return false;
  if (gone.isDefault) {
    await tx.execute(
      sql`UPDATE user_addresses SET is_default = true WHERE id = (
            SELECT id FROM user_addresses WHERE user_id = ${userId}
             ORDER BY created_at DESC, id LIMIT 1)`,
    );
  }
  return true;
}
