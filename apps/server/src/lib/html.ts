import sanitizeHtml from 'sanitize-html';
import { storedUploadUrl } from './capability-urls.js';

/**
 * Rich text (the editor's HTML) is cleaned on write with an allow-list, so every client of the
 * API receives markup that is safe to render: no scripts, no event handlers, no `style`, no
 * `javascript:` or `data:` links, only the elements the editor produces.
 */
const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: [
    'p',
    'br',
    'hr',
    'h1',
    'h2',
    'h3',
    'h4',
    'h5',
    'h6',
    'strong',
    'b',
    'em',
    'i',
    'u',
    's',
    'del',
    'sub',
    'sup',
    'mark',
    'a',
    'ul',
    'ol',
    'li',
    'blockquote',
    'code',
    'pre',
    'span',
    'img',
    'table',
    'thead',
    'tbody',
    'tr',
    'th',
    'td',
  ],
  allowedAttributes: {
    a: ['href', 'title', 'target', 'rel'],
    img: ['src', 'alt', 'title', 'width', 'height'],
    th: ['colspan', 'rowspan'],
    td: ['colspan', 'rowspan'],
    ol: ['start'],
    '*': ['dir'],
  },
  allowedSchemes: ['http', 'https', 'mailto'],
  allowedSchemesByTag: { img: [] },
  allowProtocolRelative: false,
  // Images only from this server's own uploads (relative URLs), never a third-party host.
  exclusiveFilter: (frame) =>
    frame.tag === 'img' &&
    !/^\/uploads\/[A-Za-z0-9][A-Za-z0-9_-]*\.[a-z0-9]+$/.test(frame.attribs.src ?? ''),
  transformTags: {
    a: sanitizeHtml.simpleTransform('a', { rel: 'noopener noreferrer nofollow' }),
    // An editor inserts the signed URL the upload answered (decision 038): kept as stored. Rich
    // text is served with relative `src`s, unsigned; our screens load them with the cookie.
    img: (tagName, attribs) => ({
      tagName,
      attribs: attribs.src ? { ...attribs, src: storedUploadUrl(attribs.src.trim()) } : attribs,
    }),
  },
};

export function sanitizeRichText(html: string): string {
  return sanitizeHtml(html, OPTIONS);
}

const MAIL_OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: [
    ...(OPTIONS.allowedTags as string[]),
    'div',
    'section',
    'article',
    'header',
    'footer',
    'center',
    'small',
    'big',
    'font',
    'caption',
    'tfoot',
    'colgroup',
    'col',
    'dl',
    'dt',
    'dd',
    'abbr',
    'q',
    'cite',
    'kbd',
    'samp',
  ],
  allowedAttributes: {
    a: ['href', 'title', 'target', 'rel'],
    img: ['src', 'alt', 'title', 'width', 'height', 'data-remote-src'],
    th: ['colspan', 'rowspan', 'align', 'valign'],
    td: ['colspan', 'rowspan', 'align', 'valign'],
    table: ['align', 'width'],
    ol: ['start'],
    font: ['color'],
    '*': ['dir', 'lang'],
  },
  allowedSchemes: ['http', 'https', 'mailto'],
  allowedSchemesByTag: { img: ['data'] },
  allowProtocolRelative: false,
  transformTags: {
    a: (tagName, attribs) => ({
      tagName,
      attribs: { ...attribs, target: '_blank', rel: 'noopener noreferrer nofollow' },
    }),
  },
};

export interface CleanMail {
  html: string;
  /** Images of other hosts, held back as `data-remote-src` until the reader allows them. */
  hasRemoteImages: boolean;
}

/**
 * Mail bodies (written here or received from outside) are cleaned before they are stored: no
 * scripts, handlers, styles, forms or frames; inline `cid:` images point at their stored
 * attachment; images of other hosts lose their `src` (no tracking pixel fires on opening) and keep
 * it as `data-remote-src` for the reader's "show images".
 */
export function sanitizeMailHtml(html: string, cid: Map<string, string> = new Map()): CleanMail {
  let hasRemoteImages = false;
  const clean = sanitizeHtml(html, {
    ...MAIL_OPTIONS,
    allowedSchemesByTag: { img: ['data', 'cid', 'http', 'https'] },
    transformTags: {
      ...MAIL_OPTIONS.transformTags,
      img: (tagName, attribs) => {
        const src = (attribs.src ?? '').trim();
        const { src: _drop, ...rest } = attribs;
        void _drop;
        if (/^cid:/i.test(src)) {
          const url = cid.get(src.slice(4).replace(/^<|>$/g, ''));
          return { tagName, attribs: url ? { ...rest, src: url } : rest };
        }
        if (/^https?:\/\//i.test(src)) {
          hasRemoteImages = true;
          return { tagName, attribs: { ...rest, 'data-remote-src': src } };
        }
        if (/^data:image\/(png|jpeg|gif|webp);/i.test(src) || src.startsWith('/'))
          return { tagName, attribs: { ...rest, src: storedUploadUrl(src) } };
        return { tagName, attribs: rest };
      },
    },
    exclusiveFilter: (frame) =>
      frame.tag === 'img' && !frame.attribs.src && !frame.attribs['data-remote-src'],
  });
  return { html: clean, hasRemoteImages };
}

const ENTITIES: Record<string, string> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
  nbsp: ' ',
  '#39': "'",
};

/** Plain text of an HTML fragment (for previews and the search index). */
export function htmlToText(html: string): string {
  return sanitizeHtml(html.replace(/<(br|\/p|\/div|\/li|\/h\d|\/tr)[^>]*>/gi, '$& '), {
    allowedTags: [],
    allowedAttributes: {},
  })
    .replace(/&(#?\w+);/g, (m, name: string) => {
      if (ENTITIES[name]) return ENTITIES[name];
      const code = /^#x([0-9a-f]+)$/i.exec(name)?.[1];
      const dec = /^#(\d+)$/.exec(name)?.[1];
      const n = code ? parseInt(code, 16) : dec ? Number(dec) : NaN;
      return Number.isFinite(n) && n > 0 && n < 0x110000 ? String.fromCodePoint(n) : m;
    })
    .replace(/\s+/g, ' ')
    .trim();
}

/** Text (a plain-text mail) as HTML paragraphs, escaped. */
export function textToHtml(text: string): string {
  const escape = (s: string) =>
    s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
  return text
    .split(/\r?\n\r?\n/)
    .map((p) => `<p>${escape(p).replace(/\r?\n/g, '<br>')}</p>`)
    .join('');
}
