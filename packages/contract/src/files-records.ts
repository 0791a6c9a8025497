import { z } from 'zod';
import { bulkAnswerSchema, isoDateTime, isoDay } from './common';

/**
 * The files area's records, lists, shares and links (their paths are FILES_API in files.ts, which
 * stays small: other screens read its upload rules on first load).
 */

/** The shelves a file goes on (from its bytes), for filters and the storage summary. */
export const FILE_CATEGORIES = ['image', 'video', 'audio', 'document', 'archive', 'other'] as const;
export type FileCategory = (typeof FILE_CATEGORIES)[number];
/** What the list's type filter takes: a category, or folders. */
export const FILE_TYPE_FILTERS = ['folder', ...FILE_CATEGORIES] as const;
export const FILE_SORTS = [
  'name',
  '-name',
  'size',
  '-size',
  'updatedAt',
  '-updatedAt',
  'createdAt',
  '-createdAt',
] as const;
/** The views of the file manager: my drive, shared with me, favourites, recent, the trash. */
export const FILE_VIEWS = ['mine', 'shared', 'favorites', 'recent', 'trash'] as const;
export const FILE_ACCESS = ['view', 'edit'] as const;
export type FileAccess = (typeof FILE_ACCESS)[number];
export const FILE_NAME_MAX = 255;
export const FILE_TAG_MAX = 40;
export const FILE_TAGS_MAX = 20;
export const FILE_PAGE_MAX = 200;
export const FILE_ZIP_MAX = 500;

/** A name a person may give: no slash, no control character, not "." or "..". */
export const fileNameSchema = z
  .string()
  .trim()
  .min(1)
  .max(FILE_NAME_MAX)
  // eslint-disable-next-line no-control-regex
  .regex(/^[^/\\\u0000-\u001f\u007f]+$/, {
    message: 'A name cannot hold / \\ or control characters',
  })
  .refine((v) => v !== '.' && v !== '..', { message: 'Choose another name' });

const personSchema = z.object({
  id: z.string().uuid(),
  name: z.string(),
  email: z.string(),
  avatarUrl: z.string().nullable(),
});

export const fileShareSchema = z.object({
  user: personSchema,
  access: z.enum(FILE_ACCESS),
  createdAt: z.string(),
});
export type FileShare = z.infer<typeof fileShareSchema>;

export const fileLinkSchema = z.object({
  id: z.string().uuid(),
  url: z.string(),
  hasPassword: z.boolean(),
  expiresAt: z.string().nullable(),
  createdAt: z.string(),
});
export type FileLink = z.infer<typeof fileLinkSchema>;

export const driveFileSchema = z.object({
  id: z.string().uuid(),
  name: z.string(),
  /** Bytes; for a folder, the sum of what it holds directly. */
  size: z.number().int(),
  /** The MIME type read from the bytes, or "folder". */
  type: z.string(),
  category: z.enum(FILE_TYPE_FILTERS),
  isFolder: z.boolean(),
  folderId: z.string().uuid().nullable(),
  /** Where the bytes are served (authorised on every call); a folder has none. */
  url: z.string().nullable(),
  checksum: z.string(),
  version: z.number().int(),
  tags: z.array(z.string()),
  isFavorite: z.boolean(),
  /** Shared with someone or by a link. */
  shared: z.boolean(),
  /** What the caller may do: their own, edit or view. */
  access: z.enum(['owner', ...FILE_ACCESS]),
  owner: personSchema.nullable(),
  trashedAt: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type DriveFile = z.infer<typeof driveFileSchema>;

export const fileDetailsSchema = driveFileSchema.extend({
  /** The folders from the root down to this item's parent. */
  path: z.array(z.object({ id: z.string().uuid(), name: z.string() })),
  shares: z.array(fileShareSchema),
  links: z.array(fileLinkSchema),
  versions: z.array(
    z.object({
      version: z.number().int(),
      size: z.number().int(),
      checksum: z.string(),
      createdAt: z.string(),
    }),
  ),
});
export type FileDetails = z.infer<typeof fileDetailsSchema>;

export const fileListQuerySchema = z.object({
  view: z.enum(FILE_VIEWS).default('mine'),
  folderId: z.string().uuid().optional(),
  q: z.string().trim().max(100).optional(),
  type: z.enum(FILE_TYPE_FILTERS).optional(),
  from: isoDay.optional(),
  to: isoDay.optional(),
  tag: z.string().trim().max(FILE_TAG_MAX).optional(),
  sort: z.enum(FILE_SORTS).default('name'),
  cursor: z.string().max(500).optional(),
  limit: z.coerce.number().int().min(1).max(FILE_PAGE_MAX).default(50),
});
export type FileListQuery = z.input<typeof fileListQuerySchema>;

export const fileListAnswerSchema = z.object({
  files: z.array(driveFileSchema),
  total: z.number().int(),
  nextCursor: z.string().nullable(),
  /** The folder listed, from the root down (empty at the root or outside "mine"). */
  path: z.array(z.object({ id: z.string().uuid(), name: z.string() })),
  /** What the caller may do in the folder listed (the root of "mine" is their own); null elsewhere. */
  folderAccess: z.enum(['owner', ...FILE_ACCESS]).nullable(),
});
export type FileListAnswer = z.infer<typeof fileListAnswerSchema>;

export const fileAnswerSchema = z.object({ file: driveFileSchema });
export const fileDetailsAnswerSchema = z.object({ file: fileDetailsSchema });

export const createFolderBodySchema = z.object({
  name: fileNameSchema,
  folderId: z.string().uuid().nullable().optional(),
});

export const tagSchema = z.string().trim().min(1).max(FILE_TAG_MAX);
export const updateFileBodySchema = z
  .object({
    name: fileNameSchema.optional(),
    /** null moves to the root. */
    folderId: z.string().uuid().nullable().optional(),
    isFavorite: z.boolean().optional(),
    tags: z.array(tagSchema).max(FILE_TAGS_MAX).optional(),
  })
  .refine((v) => Object.keys(v).length > 0, { message: 'Nothing to change' });

export const copyFileBodySchema = z.object({ folderId: z.string().uuid().nullable().optional() });

export const shareBodySchema = z.object({
  userId: z.string().uuid(),
  access: z.enum(FILE_ACCESS).default('view'),
});

export const linkBodySchema = z.object({
  password: z.string().min(4).max(128).optional(),
  expiresAt: isoDateTime.optional(),
});
export const linkAnswerSchema = z.object({ link: fileLinkSchema });

export const zipBodySchema = z.object({
  ids: z.array(z.string().uuid()).min(1).max(FILE_ZIP_MAX),
});

export const fileUsageSchema = z.object({
  /** Bytes kept, unfinished resumable uploads included (what the quota counts). */
  used: z.number().int(),
  /** Of `used`: what unfinished resumable uploads hold until they end or expire. */
  uploading: z.number().int(),
  quota: z.number().int(),
  files: z.number().int(),
  byType: z.array(
    z.object({ type: z.enum(FILE_CATEGORIES), bytes: z.number().int(), count: z.number().int() }),
  ),
});
export const fileUsageAnswerSchema = z.object({ usage: fileUsageSchema });
export type FileUsage = z.infer<typeof fileUsageSchema>;

/** The most items one bulk action takes, and the most people one bulk share names. */
export const FILE_BULK_MAX = 500;
export const FILE_BULK_SHARE_PEOPLE_MAX = 20;
export const FILE_BULK_ACTIONS = ['move', 'share', 'trash', 'restore'] as const;
export type FileBulkAction = (typeof FILE_BULK_ACTIONS)[number];
/**
 * One action on several items of the file manager: `move` puts them in `folderId` (null = the
 * root), `share` shares them with `userIds` (`access` view or edit), `trash` moves them to the
 * trash and `restore` brings them back (the undo of `trash`). Each item is checked as its single
 * call checks it.
 */
export const fileBulkBodySchema = z
  .object({
    ids: z.array(z.string().uuid()).min(1).max(FILE_BULK_MAX),
    action: z.enum(FILE_BULK_ACTIONS),
    folderId: z.string().uuid().nullable().optional(),
    userIds: z.array(z.string().uuid()).min(1).max(FILE_BULK_SHARE_PEOPLE_MAX).optional(),
    access: z.enum(FILE_ACCESS).optional(),
  })
  .superRefine((v, ctx) => {
    if (v.action === 'move' && v.folderId === undefined)
      ctx.addIssue({
        code: 'custom',
        path: ['folderId'],
        message: 'Which folder (null = the root)',
      });
    if (v.action !== 'move' && v.folderId !== undefined)
      ctx.addIssue({ code: 'custom', path: ['folderId'], message: 'Only move takes a folder' });
    if (v.action === 'share' && !v.userIds)
      ctx.addIssue({ code: 'custom', path: ['userIds'], message: 'With whom to share' });
    if (v.action !== 'share' && (v.userIds !== undefined || v.access !== undefined))
      ctx.addIssue({
        code: 'custom',
        path: [v.userIds !== undefined ? 'userIds' : 'access'],
        message: 'Only share takes people and an access',
      });
  });
export type FileBulkBody = z.input<typeof fileBulkBodySchema>;
/** Why an item was left out of a bulk action (`code`), said in English (`message`). */
export const FILE_BULK_REFUSALS = [
  'not_found',
  'forbidden',
  'name_taken',
  'into_itself',
  'other_drive',
] as const;
/**
 * What a bulk action did: the items it changed (those already as asked count as changed), and
 * those refused, each with its name (null when the caller may not see it) and why.
 */
export const fileBulkAnswerSchema = bulkAnswerSchema;
export type FileBulkAnswer = z.infer<typeof fileBulkAnswerSchema>;
