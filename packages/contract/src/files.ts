import { z } from 'zod';

export { FILES_API, IMAGE_MIME_TYPES } from './files-paths';

/**
 * Resumable (tus) uploads: how many one person may leave unfinished, and how long an unfinished
 * one is kept. Until it ends, an upload holds its declared length (or the largest upload allowed,
 * while the length is deferred) against its owner's storage quota.
 */
export const RESUMABLE_UPLOADS = { openPerPerson: 10, expireAfterHours: 24 } as const;

/** The `Upload-Metadata` a resumable upload may carry (each value base64 in the header). */
export const resumableMetadataSchema = z.object({
  filename: z.string().max(1000).optional(),
  name: z.string().max(1000).optional(),
  filetype: z.string().max(255).optional(),
  folderId: z.string().uuid().optional(),
});

/** Where uploaded bytes are served from (same origin, no third party). */
export const UPLOADS_PREFIX = '/uploads/';

/** The stored file a key names: a UUID or a seed picture's name, and its extension. */
export const UPLOAD_KEY = /^[A-Za-z0-9][A-Za-z0-9_-]*\.[a-z0-9]{1,5}$/;

/** Images the server stored (POST /api/files?kind=image): same origin, never a third-party host. */
export const uploadedImageUrlSchema = z
  .string()
  .trim()
  .max(300)
  // One stored file's name, nothing else: no folders, no `..`, no query, another route never.
  .regex(/^\/uploads\/[A-Za-z0-9][A-Za-z0-9_-]*\.(png|jpe?g|gif|webp|svg)$/, {
    message: 'Upload the image first',
  });

export const DOCUMENT_MIME_TYPES = [
  'application/pdf',
  'text/plain',
  'text/csv',
  'application/zip',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  'application/vnd.openxmlformats-officedocument.presentationml.presentation',
] as const;

export const uploadedFileSchema = z.object({
  id: z.string().uuid(),
  name: z.string(),
  /** The MIME type read from the bytes (`mime` says the same, for older clients). */
  type: z.string(),
  mime: z.string(),
  size: z.number().int(),
  url: z.string(),
  createdAt: z.string(),
});
export type UploadedFile = z.infer<typeof uploadedFileSchema>;
export const uploadAnswerSchema = z.object({ file: uploadedFileSchema });
