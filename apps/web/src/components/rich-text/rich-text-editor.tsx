import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import CodeRounded from '@mui/icons-material/CodeRounded';
import FormatBoldRounded from '@mui/icons-material/FormatBoldRounded';
import FormatItalicRounded from '@mui/icons-material/FormatItalicRounded';
import FormatListBulletedRounded from '@mui/icons-material/FormatListBulletedRounded';
import FormatListNumberedRounded from '@mui/icons-material/FormatListNumberedRounded';
import FormatQuoteRounded from '@mui/icons-material/FormatQuoteRounded';
import ImageRounded from '@mui/icons-material/ImageRounded';
import LinkRounded from '@mui/icons-material/LinkRounded';
import RedoRounded from '@mui/icons-material/RedoRounded';
import TitleRounded from '@mui/icons-material/TitleRounded';
import UndoRounded from '@mui/icons-material/UndoRounded';
import Image from '@tiptap/extension-image';
import { EditorContent, useEditor, useEditorState } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import type { ReactNode } from 'react';
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';

import { notify } from '../snackbar/notify';
import { cspNonce } from '../../theme/csp-nonce';
import { compactRichTextSx, richTextSx } from './rich-text-sx';

// Loaded when a picture is uploaded: the editor's pages (mail above all) do not carry it.
const ImageAltDialog = lazy(() =>
  import('./image-alt-dialog').then((m) => ({ default: m.ImageAltDialog })),
);

const extensions = [
  StarterKit.configure({
    heading: { levels: [2, 3] },
    link: { openOnClick: false, protocols: ['http', 'https', 'mailto'] },
  }),
  Image,
];

const textSize = (dense: boolean) => (dense ? 'body2' : 'body1');

/** Stored rich text, read-only, through the same schema (anything it does not know is dropped). */
export function RichTextContent({ html, dense = false }: { html: string; dense?: boolean }) {
  const editor = useEditor({
    extensions,
    content: html,
    editable: false,
    immediatelyRender: true,
    injectNonce: cspNonce,
    editorProps: { attributes: { role: 'article' } },
  });
  useEffect(() => {
    if (!editor || editor.isDestroyed) return;
    if (editor.getHTML() !== html) editor.commands.setContent(html);
  }, [editor, html]);
  return (
    // Written text keeps its own direction (English reads left to right in Arabic too).
    <Box
      dir="auto"
      sx={{ ...(dense ? compactRichTextSx : richTextSx), typography: textSize(dense) }}
    >
      <EditorContent editor={editor} />
    </Box>
  );
}

/** The toolbar's buttons, in the order they appear; `image` shows only with `uploadImage`. */
export const RICH_TEXT_TOOLS = [
  'bold',
  'italic',
  'heading',
  'bulletList',
  'orderedList',
  'quote',
  'code',
  'link',
  'image',
  'undo',
  'redo',
] as const;
export type RichTextTool = (typeof RICH_TEXT_TOOLS)[number];

export type RichTextEditorProps = {
  value: string;
  onChange: (html: string) => void;
  error?: boolean;
  label: string;
  /**
   * Where the toolbar's texts live: `<prefix>.bold`, `.italic`, `.heading`, `.bulletList`,
   * `.orderedList`, `.quote`, `.code`, `.link`, `.image`, `.undo`, `.redo`, `.linkPrompt`,
   * `.uploadFailed` (each area keeps them in its own locale file).
   */
  textsPrefix: string;
  /** Stores a pasted or chosen picture; without it the toolbar has no image button. */
  uploadImage?: (file: File) => Promise<{ url: string }>;
  /** The toolbar's buttons (all by default); the texts of those left out need not exist. */
  tools?: readonly RichTextTool[];
  minHeight?: number;
  /** Smaller type and gaps, as `RichTextContent` shows it with `dense`. */
  dense?: boolean;
  /** The caret is put at the start of the text on mount (a reply: write above the quote). */
  autoFocus?: boolean;
  /**
   * The toolbar out of the Tab order (Tab from the field before goes straight to the text):
   * Alt+F10 in the text reaches it, arrows move along it, Escape goes back to the text.
   */
  toolbarByKey?: boolean;
};

/**
 * The one rich-text field (Tiptap) of posts, mail and products: a toolbar of named, pressed-state
 * buttons and the editable area, HTML in and out. The server sanitises what it stores.
 */
export function RichTextEditor({
  value,
  onChange,
  error,
  label,
  textsPrefix,
  uploadImage,
  tools = RICH_TEXT_TOOLS,
  minHeight = 260,
  dense = false,
  autoFocus = false,
  toolbarByKey = false,
}: RichTextEditorProps) {
  const { t } = useTranslation();
  const fileInput = useRef<HTMLInputElement>(null);
  const toolbar = useRef<HTMLDivElement>(null);
  const editor = useEditor({
    extensions,
    content: value,
    immediatelyRender: true,
    injectNonce: cspNonce,
    autofocus: autoFocus ? 'start' : false,
    editorProps: {
      attributes: {
        'aria-label': label,
        role: 'textbox',
        'aria-multiline': 'true',
        ...(toolbarByKey ? { 'aria-keyshortcuts': 'Alt+F10' } : {}),
      },
      handleKeyDown: (_view, event) => {
        if (!toolbarByKey || !event.altKey || event.key !== 'F10') return false;
        toolbar.current?.querySelector<HTMLElement>('button')?.focus();
        return true;
      },
    },
    onUpdate: ({ editor: e }) => onChange(e.isEmpty ? '' : e.getHTML()),
  });
  const state = useEditorState({
    editor,
    selector: ({ editor: e }) => ({
      bold: e?.isActive('bold') ?? false,
      italic: e?.isActive('italic') ?? false,
      heading: e?.isActive('heading', { level: 2 }) ?? false,
      bullet: e?.isActive('bulletList') ?? false,
      ordered: e?.isActive('orderedList') ?? false,
      quote: e?.isActive('blockquote') ?? false,
      code: e?.isActive('codeBlock') ?? false,
      link: e?.isActive('link') ?? false,
    }),
  });
  useEffect(() => {
    if (!editor || editor.isDestroyed) return;
    if (value !== editor.getHTML() && !(value === '' && editor.isEmpty)) {
      editor.commands.setContent(value, { emitUpdate: false });
    }
  }, [editor, value]);

  // An uploaded picture waits for its description (alt text) before it goes in the text.
  const [pending, setPending] = useState<string | null>(null);
  const insertImage = async (file: File) => {
    if (!uploadImage) return;
    try {
      const { url } = await uploadImage(file);
      setPending(url);
    } catch (err) {
      notify.error((err as { message?: string }).message ?? t(`${textsPrefix}.uploadFailed`));
    }
  };
  const setLink = () => {
    if (!editor) return;
    if (editor.isActive('link')) {
      editor.chain().focus().unsetLink().run();
      return;
    }
    const href = window.prompt(t(`${textsPrefix}.linkPrompt`), 'https://');
    if (!href || !/^(https?:\/\/|mailto:)/i.test(href)) return;
    editor.chain().focus().extendMarkRange('link').setLink({ href }).run();
  };

  const button = (key: RichTextTool, icon: ReactNode, active: boolean, run: () => void) =>
    tools.includes(key) && (
      <Tooltip title={t(`${textsPrefix}.${key}`)} key={key}>
        <IconButton
          size="small"
          aria-label={t(`${textsPrefix}.${key}`)}
          aria-pressed={active}
          color={active ? 'primary' : 'default'}
          onClick={run}
          tabIndex={toolbarByKey ? -1 : undefined}
          sx={{ minWidth: 32, minHeight: 32 }}
        >
          {icon}
        </IconButton>
      </Tooltip>
    );

  return (
    <Box
      sx={{ border: 1, borderColor: error ? 'error.main' : 'divider', borderRadius: 1 }}
      onDrop={(event) => {
        const file = event.dataTransfer.files[0];
        if (file && uploadImage && file.type.startsWith('image/')) {
          event.preventDefault();
          void insertImage(file);
        }
      }}
    >
      <Stack
        ref={toolbar}
        direction="row"
        spacing={0.5}
        {...(toolbarByKey ? { role: 'toolbar', 'aria-label': t(`${textsPrefix}.toolbar`) } : {})}
        onKeyDown={(event) => {
          if (!toolbarByKey) return;
          const buttons = [...(toolbar.current?.querySelectorAll<HTMLElement>('button') ?? [])];
          const at = buttons.indexOf(document.activeElement as HTMLElement);
          const rtl = getComputedStyle(event.currentTarget).direction === 'rtl';
          const step =
            event.key === 'ArrowRight'
              ? rtl
                ? -1
                : 1
              : event.key === 'ArrowLeft'
                ? rtl
                  ? 1
                  : -1
                : 0;
          if (step && at >= 0) {
            event.preventDefault();
            buttons[(at + step + buttons.length) % buttons.length]?.focus();
          } else if (event.key === 'Escape') {
            event.preventDefault();
            event.stopPropagation();
            editor?.commands.focus();
          }
        }}
        sx={{ p: 0.5, borderBottom: 1, borderColor: 'divider', flexWrap: 'wrap' }}
      >
        {button('bold', <FormatBoldRounded />, state?.bold ?? false, () =>
          editor?.chain().focus().toggleBold().run(),
        )}
        {button('italic', <FormatItalicRounded />, state?.italic ?? false, () =>
          editor?.chain().focus().toggleItalic().run(),
        )}
        {button('heading', <TitleRounded />, state?.heading ?? false, () =>
          editor?.chain().focus().toggleHeading({ level: 2 }).run(),
        )}
        {button('bulletList', <FormatListBulletedRounded />, state?.bullet ?? false, () =>
          editor?.chain().focus().toggleBulletList().run(),
        )}
        {button('orderedList', <FormatListNumberedRounded />, state?.ordered ?? false, () =>
          editor?.chain().focus().toggleOrderedList().run(),
        )}
        {button('quote', <FormatQuoteRounded />, state?.quote ?? false, () =>
          editor?.chain().focus().toggleBlockquote().run(),
        )}
        {button('code', <CodeRounded />, state?.code ?? false, () =>
          editor?.chain().focus().toggleCodeBlock().run(),
        )}
        {button('link', <LinkRounded />, state?.link ?? false, setLink)}
        {uploadImage && button('image', <ImageRounded />, false, () => fileInput.current?.click())}
        {button('undo', <UndoRounded />, false, () => editor?.chain().focus().undo().run())}
        {button('redo', <RedoRounded />, false, () => editor?.chain().focus().redo().run())}
      </Stack>
      {uploadImage && tools.includes('image') && (
        <input
          ref={fileInput}
          type="file"
          accept="image/*"
          hidden
          data-testid="rich-text-image"
          aria-label={t(`${textsPrefix}.image`)}
          onChange={(event) => {
            const file = event.target.files?.[0];
            event.target.value = '';
            if (file) void insertImage(file);
          }}
        />
      )}
      <Box
        sx={{
          ...(dense ? compactRichTextSx : richTextSx),
          p: 2,
          minHeight,
          typography: textSize(dense),
        }}
      >
        <EditorContent editor={editor} />
      </Box>
      {pending && (
        <Suspense fallback={null}>
          <ImageAltDialog
            url={pending}
            onCancel={() => {
              setPending(null);
              editor?.commands.focus();
            }}
            onInsert={(alt) => {
              editor?.chain().focus().setImage({ src: pending, alt }).run();
              setPending(null);
            }}
          />
        </Suspense>
      )}
    </Box>
  );
}
