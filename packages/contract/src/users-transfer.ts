import { z } from 'zod';
import { INVITATION_LANGS } from './invitations';
import { usersQuerySchema } from './users';

// The people list's export and import, apart from users.ts: the sign-in pages load that one,
// and must not carry these.

/** People one export holds at most (a larger filter answers 400 `export_too_large`). */
export const USER_EXPORT_MAX = 10_000;

/** The list's filters and sort, without paging, and the file's format. */
export const userExportQuerySchema = usersQuerySchema
  .pick({ sort: true, order: true, role: true, status: true, q: true })
  .extend({
    format: z.enum(['csv', 'xlsx']).default('csv'),
    /** The language of the header line (else Accept-Language, else the person's, else English). */
    lang: z.enum(INVITATION_LANGS).optional(),
  });
export type UserExportQuery = z.input<typeof userExportQuerySchema>;

/**
 * The columns of a people export, in order, and the fields an import reads back (all but
 * `createdAt`, which the product sets). An export's header names them in the person's language;
 * an import recognises those names in any of the five.
 */
export const USER_EXPORT_COLUMNS = [
  'firstName',
  'lastName',
  'email',
  'phone',
  'company',
  'jobTitle',
  'role',
  'status',
  'country',
  'state',
  'city',
  'address',
  'zipCode',
  'createdAt',
] as const;
export type UserExportColumn = (typeof USER_EXPORT_COLUMNS)[number];
export const USER_IMPORT_FIELDS = USER_EXPORT_COLUMNS.filter(
  (c): c is Exclude<UserExportColumn, 'createdAt'> => c !== 'createdAt',
);
export type UserImportField = (typeof USER_IMPORT_FIELDS)[number];
/** Fields an import cannot do without (the others keep their default or current value). */
export const USER_IMPORT_REQUIRED: readonly UserImportField[] = ['firstName', 'lastName', 'email'];
