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
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';

import { notify } from '../../components/snackbar/notify';
import { uploadBlogImage } from './blog-api';

/**
 * The post's rich text (Tiptap), loaded only by the blog's screens. The server stores the HTML
 * sanitised; rendering it through the same schema drops anything the editor does not produce.
 */
export const blogContentSx = {
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

const extensions = [
  StarterKit.configure({
    heading: { levels: [2, 3] },
    link: { openOnClick: false, protocols: ['http', 'https', 'mailto'] },
  }),
  Image,
];

export function BlogContent({ html }: { html: string }) {
  const editor = useEditor({
    extensions,
    content: html,
    editable: false,
    immediatelyRender: true,
    editorProps: { attributes: { role: 'article' } },
  });
  useEffect(() => {
    if (!editor || editor.isDestroyed) return;
    if (editor.getHTML() !== html) editor.commands.setContent(html);
  }, [editor, html]);
  return (
    // Written text keeps its own direction (an English post reads left to right in Arabic too).
    <Box dir="auto" sx={{ ...blogContentSx, typography: 'body1' }}>
      <EditorContent editor={editor} />
    </Box>
  );
}

type EditorProps = {
  value: string;
  onChange: (html: string) => void;
  error?: boolean;
  label: string;
};

export function BlogEditor({ value, onChange, error, label }: EditorProps) {
  const { t } = useTranslation();
  const fileInput = useRef<HTMLInputElement>(null);
  const editor = useEditor({
    extensions,
    content: value,
    immediatelyRender: true,
    editorProps: {
      attributes: { 'aria-label': label, role: 'textbox', 'aria-multiline': 'true' },
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

  const insertImage = async (file: File) => {
    try {
      const { url } = await uploadBlogImage(file);
      editor
        ?.chain()
        .focus()
        .setImage({ src: url, alt: file.name.replace(/\.[^.]+$/, '') })
        .run();
    } catch (err) {
      notify.error((err as { message?: string }).message ?? t('blog.editor.uploadFailed'));
    }
  };
  const setLink = () => {
    if (!editor) return;
    if (editor.isActive('link')) {
      editor.chain().focus().unsetLink().run();
      return;
    }
    const href = window.prompt(t('blog.editor.linkPrompt'), 'https://');
    if (!href || !/^(https?:\/\/|mailto:)/i.test(href)) return;
    editor.chain().focus().extendMarkRange('link').setLink({ href }).run();
  };

  const button = (key: string, icon: ReactNode, active: boolean, run: () => void) => (
    <Tooltip title={t(`blog.editor.${key}`)} key={key}>
      <IconButton
        size="small"
        aria-label={t(`blog.editor.${key}`)}
        aria-pressed={active}
        color={active ? 'primary' : 'default'}
        onClick={run}
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
        if (file && file.type.startsWith('image/')) {
          event.preventDefault();
          void insertImage(file);
        }
      }}
    >
      <Stack
        direction="row"
        spacing={0.5}
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
        {button('image', <ImageRounded />, false, () => fileInput.current?.click())}
        {button('undo', <UndoRounded />, false, () => editor?.chain().focus().undo().run())}
        {button('redo', <RedoRounded />, false, () => editor?.chain().focus().redo().run())}
      </Stack>
      <input
        ref={fileInput}
        type="file"
        accept="image/*"
        hidden
        data-testid="blog-inline-image"
        aria-label={t('blog.editor.image')}
        onChange={(event) => {
          const file = event.target.files?.[0];
          event.target.value = '';
          if (file) void insertImage(file);
        }}
      />
      <Box sx={{ ...blogContentSx, p: 2, minHeight: 260, typography: 'body1' }}>
        <EditorContent editor={editor} />
      </Box>
    </Box>
  );
}
