import type { ContactBody, notifyBodySchema } from '@bo/contract/public';
import { PUBLIC_API } from '@bo/contract/public-paths';
import type { z } from 'zod';

import { http } from '../../lib/http';

export type NotifyBody = z.infer<typeof notifyBodySchema>;

/** The public calls (201 `{ ok: true }`, 400 with `details` per field). */
export const postNotify = (body: NotifyBody) =>
  http<{ ok: true }>(PUBLIC_API.notify, { method: 'POST', body });
export const postContact = (body: ContactBody) =>
  http<{ ok: true }>(PUBLIC_API.contact, { method: 'POST', body });
