import { apiPath } from './api-path';

/**
 * The people list's export and import, apart from USERS_API: the sign-in pages load that table
 * and must not carry these.
 */
export const USER_TRANSFER_API = {
  /** GET: the list's filter, every page of it, as CSV or XLSX (headers in the person's language). */
  export: '/api/users/export',
  /** POST (multipart "file"): a CSV or XLSX of people to import; answers its columns. */
  imports: '/api/users/imports',
  /** GET: an import's state, progress and report. */
  importOne: apiPath('/api/users/imports/:id'),
  /** POST: the dry run of an import with a mapping: what each row would do, its errors. */
  importPreview: apiPath('/api/users/imports/:id/preview'),
  /** POST: runs the import in a job (202). */
  importRun: apiPath('/api/users/imports/:id/run'),
};
