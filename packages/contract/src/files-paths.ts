import { apiPath } from './api-path';

// Kept apart from the zod schemas so the web app can import them without bundling zod.

export const FILES_API = {
  upload: '/api/files',
  list: '/api/files',
  folders: '/api/files/folders',
  usage: '/api/files/usage',
  zip: '/api/files/zip',
  emptyTrash: '/api/files/trash/empty',
  people: '/api/files/people',
  /** One action (move, share, trash, restore) on several items, in one transaction. */
  bulk: '/api/files/bulk',
  tus: '/api/files/tus',
  /** One resumable upload of the tus protocol (PATCH its pieces, HEAD its offset). */
  tusUpload: apiPath('/api/files/tus/:uploadId'),
  one: apiPath('/api/files/:id'),
  content: apiPath('/api/files/:id/content'),
  copy: apiPath('/api/files/:id/copy'),
  trash: apiPath('/api/files/:id/trash'),
  restore: apiPath('/api/files/:id/restore'),
  shares: apiPath('/api/files/:id/shares'),
  share: apiPath('/api/files/:id/shares/:userId'),
  links: apiPath('/api/files/:id/links'),
  link: apiPath('/api/files/:id/links/:linkId'),
  /** A share link's public address: opens without a token. */
  open: apiPath('/api/files/links/:token'),
} as const;

export const IMAGE_MIME_TYPES = ['image/png', 'image/jpeg', 'image/gif', 'image/webp'] as const;
