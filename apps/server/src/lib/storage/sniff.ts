import { DOCUMENT_MIME_TYPES } from '@bo/contract/files';
import { type FileCategory } from '@bo/contract/files-records';

/** Bytes read before the type is decided: enough for every signature below. */
export const SNIFF_BYTES = 4100;

const ascii = (b: Buffer, from: number, to: number) =>
  b.length >= to ? b.toString('latin1', from, to) : '';

const OFFICE = new Set<string>(DOCUMENT_MIME_TYPES.filter((m) => m.includes('openxmlformats')));

const TEXT_BY_EXT: Record<string, string> = {
  csv: 'text/csv',
  md: 'text/markdown',
  json: 'application/json',
};

/** Looks like text: no NUL byte and decodes as UTF-8 (a cut multi-byte tail is allowed). */
function isText(head: Buffer): boolean {
  if (head.length === 0) return true;
  if (head.includes(0)) return false;
  try {
    new TextDecoder('utf-8', { fatal: true }).decode(head.subarray(0, head.length - 4));
    return true;
  } catch {
    return false;
  }
}

/**
 * The type of a file from its first bytes — never from its name or the browser's claim, except
 * to tell apart formats that share one container (office documents are zip files; a CSV is
 * text). Anything that could run as a page (HTML, SVG, XML) is recognised as such, so it is
 * never served inline.
 */
export function detectType(head: Buffer, name: string, claimed: string): string {
  const b = head;
  if (b.length >= 8 && b.subarray(0, 8).equals(Buffer.from('89504e470d0a1a0a', 'hex')))
    return 'image/png';
  if (b.length >= 3 && b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff) return 'image/jpeg';
  if (ascii(b, 0, 6) === 'GIF87a' || ascii(b, 0, 6) === 'GIF89a') return 'image/gif';
  if (ascii(b, 0, 4) === 'RIFF' && ascii(b, 8, 12) === 'WEBP') return 'image/webp';
  if (ascii(b, 0, 4) === 'RIFF' && ascii(b, 8, 12) === 'WAVE') return 'audio/wav';
  if (ascii(b, 0, 2) === 'BM' && b.length > 14) return 'image/bmp';
  if (ascii(b, 0, 5) === '%PDF-') return 'application/pdf';
  if (ascii(b, 4, 8) === 'ftyp') {
    const brand = ascii(b, 8, 12);
    if (brand === 'qt  ') return 'video/quicktime';
    if (brand.startsWith('M4A')) return 'audio/mp4';
    if (brand === 'heic' || brand === 'heix' || brand === 'avif')
      return `image/${brand === 'avif' ? 'avif' : 'heic'}`;
    return 'video/mp4';
  }
  if (b.length >= 4 && b.readUInt32BE(0) === 0x1a45dfa3) return 'video/webm';
  if (ascii(b, 0, 4) === 'OggS') return 'audio/ogg';
  if (ascii(b, 0, 4) === 'fLaC') return 'audio/flac';
  if (ascii(b, 0, 3) === 'ID3' || (b.length >= 2 && b[0] === 0xff && (b[1]! & 0xe0) === 0xe0))
    return 'audio/mpeg';
  if (b.length >= 4 && b[0] === 0x50 && b[1] === 0x4b && b[2] === 0x03 && b[3] === 0x04)
    return OFFICE.has(claimed) ? claimed : 'application/zip';
  if (b.length >= 2 && b[0] === 0x1f && b[1] === 0x8b) return 'application/gzip';
  if (ascii(b, 0, 6) === '7z\xbc\xaf\x27\x1c') return 'application/x-7z-compressed';
  if (ascii(b, 0, 4) === 'Rar!') return 'application/vnd.rar';
  if (isText(b)) {
    const text = b.toString('utf8', 0, Math.min(b.length, 1024)).trimStart().toLowerCase();
    if (text.startsWith('<')) {
      if (text.includes('<svg')) return 'image/svg+xml';
      if (/<(!doctype html|html|head|body|script|iframe|meta|a |img|div)/.test(text))
        return 'text/html';
      return 'application/xml';
    }
    const ext = name.slice(name.lastIndexOf('.') + 1).toLowerCase();
    if (claimed === 'text/csv') return 'text/csv';
    return TEXT_BY_EXT[ext] ?? 'text/plain';
  }
  return 'application/octet-stream';
}

/** The shelf a type goes on, for filters and the storage summary. */
export function categoryOf(mime: string): FileCategory {
  if (mime.startsWith('image/')) return 'image';
  if (mime.startsWith('video/')) return 'video';
  if (mime.startsWith('audio/')) return 'audio';
  if (
    mime === 'application/zip' ||
    mime === 'application/gzip' ||
    mime === 'application/x-7z-compressed' ||
    mime === 'application/vnd.rar'
  )
    return 'archive';
  if (
    mime.startsWith('text/') ||
    mime === 'application/pdf' ||
    mime === 'application/json' ||
    OFFICE.has(mime)
  )
    return 'document';
  return 'other';
}

/**
 * Served in the page (preview) rather than as a download: nothing here can run script. PDFs are
 * downloads too (they can carry JavaScript): the viewer draws them with pdf.js instead.
 */
export function isInlineSafe(mime: string): boolean {
  return (
    ['image/png', 'image/jpeg', 'image/gif', 'image/webp', 'image/bmp', 'image/avif'].includes(
      mime,
    ) ||
    mime.startsWith('video/') ||
    mime.startsWith('audio/') ||
    mime === 'text/plain' ||
    mime === 'text/csv' ||
    mime === 'text/markdown' ||
    mime === 'application/json'
  );
}

const EXT: Record<string, string> = {
  'image/png': 'png',
  'image/jpeg': 'jpg',
  'image/gif': 'gif',
  'image/webp': 'webp',
  'image/bmp': 'bmp',
  'image/svg+xml': 'svg',
  'application/pdf': 'pdf',
  'text/plain': 'txt',
  'text/csv': 'csv',
  'text/markdown': 'md',
  'text/html': 'html',
  'application/json': 'json',
  'application/xml': 'xml',
  'application/zip': 'zip',
  'application/gzip': 'gz',
  'video/mp4': 'mp4',
  'video/webm': 'webm',
  'video/quicktime': 'mov',
  'audio/mpeg': 'mp3',
  'audio/ogg': 'ogg',
  'audio/wav': 'wav',
  'audio/flac': 'flac',
  'audio/mp4': 'm4a',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document': 'docx',
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet': 'xlsx',
  'application/vnd.openxmlformats-officedocument.presentationml.presentation': 'pptx',
};

export const extensionOf = (mime: string): string => EXT[mime] ?? 'bin';
