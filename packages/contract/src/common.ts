import { z } from 'zod';

/** Query of every paged list: `page` starts at 1. Areas extend it with their typed filters. */
export const listQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  limit: z.coerce.number().int().min(1).max(100).default(25),
  order: z.enum(['asc', 'desc']).default('asc'),
  q: z.string().trim().max(200).optional(),
});
export type ListQuery = z.infer<typeof listQuerySchema>;

export const idParamsSchema = z.object({ id: z.string().uuid() });

export const bulkIdsSchema = z.object({ ids: z.array(z.string().uuid()).min(1).max(500) });

export const okSchema = z.object({ ok: z.literal(true) });

export const isoDateTime = z.string().datetime({ offset: true });
