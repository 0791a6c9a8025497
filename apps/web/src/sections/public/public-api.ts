import { z } from 'zod';

import { http } from '../../lib/http';

/**
 * The public calls the server adds (201 `{ ok: true }`, 400 with `details` per field). The shapes
 * mirror the server's; move them to packages/contract once it publishes them.
 */
export const PUBLIC_API = { notify: '/api/public/notify', contact: '/api/public/contact' } as const;

export const notifySchema = z.object({ email: z.string().trim().min(1).max(254).email() });
export type NotifyBody = z.infer<typeof notifySchema>;

export const contactSchema = z.object({
  name: z.string().trim().min(1).max(120),
  email: z.string().trim().min(1).max(254).email(),
  subject: z.string().trim().min(1).max(200),
  message: z.string().trim().min(10).max(5000),
});
export type ContactBody = z.infer<typeof contactSchema>;

export const postNotify = (body: NotifyBody) =>
  http<{ ok: true }>(PUBLIC_API.notify, { method: 'POST', body });
export const postContact = (body: ContactBody) =>
  http<{ ok: true }>(PUBLIC_API.contact, { method: 'POST', body });
