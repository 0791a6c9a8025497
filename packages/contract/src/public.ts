import { z } from 'zod';
import { emailSchema } from './account';
import { PUBLIC_API } from './public-paths';

export { PUBLIC_API };

export const contactBodySchema = z.object({
  name: z.string().trim().min(1).max(120),
  email: emailSchema,
  subject: z.string().trim().min(1).max(200),
  message: z.string().trim().min(10).max(5000),
});
export type ContactBody = z.infer<typeof contactBodySchema>;

export const notifyBodySchema = z.object({ email: emailSchema });
