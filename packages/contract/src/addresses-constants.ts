import { apiPath } from './api-path';

// Kept apart from the zod schemas so the web app can import them without bundling zod.

/** A person's address book: where their orders go (the checkout picks from it). */
export const ADDRESSES_API = {
  list: '/api/account/addresses',
  one: apiPath('/api/account/addresses/:id'),
} as const;

export const ADDRESS_TYPES = ['home', 'office'] as const;
export type AddressType = (typeof ADDRESS_TYPES)[number];
/** Addresses one person may keep. */
export const ADDRESSES_MAX = 20;

export const ADDRESS_LIMITS = { name: 120, phoneNumber: 40, fullAddress: 300 } as const;
