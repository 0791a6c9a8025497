/** How stored rich text reads (posts, mail): kept apart from the editor so reading loads no editor. */
export const richTextSx = {
  '& .ProseMirror': { outline: 'none', minHeight: 'inherit' },
  '& p': { my: 1.5 },
  '& h2, & h3': { mt: 3, mb: 1.5 },
  '& ul, & ol': { pl: 3 },
  '& img': { maxWidth: '100%', height: 'auto', borderRadius: 1.5, my: 2 },
  '& a': { color: 'primary.dark', textDecoration: 'underline' },
  '& pre': {
    p: 2,
    borderRadius: 1,
    bgcolor: 'background.neutral',
    overflowX: 'auto',
    fontFamily: 'monospace',
  },
  '& code': { fontFamily: 'monospace' },
  '& blockquote': {
    borderInlineStart: '4px solid',
    borderColor: 'divider',
    pl: 2,
    ml: 0,
    color: 'text.secondary',
    fontStyle: 'italic',
  },
} as const;

/** Shorter text in a tighter space (a product's description): smaller gaps, upright quotes. */
export const compactRichTextSx = {
  ...richTextSx,
  '& p': { my: 1 },
  '& h2, & h3': { mt: 2, mb: 1 },
  '& blockquote': { ...richTextSx['& blockquote'], fontStyle: 'normal' },
} as const;
