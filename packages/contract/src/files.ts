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

/**
 * The query that makes an upload URL a capability (decision 038): every `/uploads/<key>` of an
 * answer to a signed-in person is `/uploads/<key>?exp=<unix seconds>&u=<holder's id>&sig=<HMAC>`
 * (absolute under PUBLIC_URL), and loads without a cookie or a token until `exp` — what an
 * <img> on another origin needs. Sent back in a body, it is read as the stored `/uploads/<key>`.
 */
const SIGNATURE = String.raw`\?exp=(\d{1,12})&u=([0-9a-f-]{36})&sig=([A-Za-z0-9_-]{43})`;
/** A signed upload URL's query at the end of a string: groups exp, holder, signature. */
export const SIGNED_UPLOAD_QUERY = new RegExp(`${SIGNATURE}$`);

/** Images the server stored (POST /api/files?kind=image): same origin, never a third-party host. */
export const uploadedImageUrlSchema = z
  .string()
  .trim()
  .max(300)
  // One stored file's name, nothing else: no folders, no `..`, another route never; the only
  // query is the signature answers carry (read back as the stored URL before it is kept).
  .regex(
    new RegExp(
      String.raw`^/uploads/[A-Za-z0-9][A-Za-z0-9_-]*\.(png|jpe?g|gif|webp|svg)(?:${SIGNATURE})?$`,
    ),
    { message: 'Upload the image first' },
  )
  .describe(
    'A stored picture: `/uploads/<key>`, or the signed URL an answer gave (`?exp=…&u=…&sig=…`, absolute under PUBLIC_URL), which is kept as `/uploads/<key>`',
  );

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
  url: z
    .string()
    .describe(
      'Signed for the reader: `/uploads/<key>?exp=…&u=…&sig=…` (absolute under PUBLIC_URL) loads with no cookie or token until `exp` (decision 038)',
    ),
  createdAt: z.string(),
});
export type UploadedFile = z.infer<typeof uploadedFileSchema>;
export const uploadAnswerSchema = z.object({ file: uploadedFileSchema });
