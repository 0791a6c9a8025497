import { z } from 'zod';
import { ADDRESS_LIMITS, ADDRESS_TYPES } from './addresses-constants';

export * from './addresses-constants';

export const addressInputSchema = z.object({
  name: z.string().trim().min(1).max(ADDRESS_LIMITS.name),
  phoneNumber: z.string().trim().min(4).max(ADDRESS_LIMITS.phoneNumber),
  fullAddress: z.string().trim().min(3).max(ADDRESS_LIMITS.fullAddress),
  addressType: z.enum(ADDRESS_TYPES).default('home'),
  /** The one the checkout offers first; setting it unsets the others. */
  isDefault: z.boolean().default(false),
});
export type AddressInput = z.input<typeof addressInputSchema>;

export const addressPatchSchema = z
  .object({
    name: addressInputSchema.shape.name,
    phoneNumber: addressInputSchema.shape.phoneNumber,
    fullAddress: addressInputSchema.shape.fullAddress,
    addressType: z.enum(ADDRESS_TYPES),
    isDefault: z.boolean(),
  })
  .partial();

export const addressSchema = z.object({
  id: z.string().uuid(),
  name: z.string(),
  phoneNumber: z.string(),
  fullAddress: z.string(),
  addressType: z.enum(ADDRESS_TYPES),
  isDefault: z.boolean(),
  createdAt: z.string(),
});
export type Address = z.infer<typeof addressSchema>;

export const addressesAnswerSchema = z.object({ addresses: z.array(addressSchema) });
export const addressAnswerSchema = z.object({ address: addressSchema });
