import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import FormatBoldRounded from '@mui/icons-material/FormatBoldRounded';
import FormatItalicRounded from '@mui/icons-material/FormatItalicRounded';
import FormatListBulletedRounded from '@mui/icons-material/FormatListBulletedRounded';
import FormatListNumberedRounded from '@mui/icons-material/FormatListNumberedRounded';
import FormatQuoteRounded from '@mui/icons-material/FormatQuoteRounded';
import TitleRounded from '@mui/icons-material/TitleRounded';
import UndoRounded from '@mui/icons-material/UndoRounded';
import RedoRounded from '@mui/icons-material/RedoRounded';
import { EditorContent, useEditor, useEditorState } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import type { ReactNode } from 'react';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * Tiptap (ProseMirror) loaded only by the screens that need it, through React.lazy. Rendering the
 * stored HTML through the same schema also sanitises it: tags and attributes the schema does not
 * know (scripts, event handlers) are dropped, so no raw HTML reaches the page.
 */
const contentSx = {
  '& .ProseMirror': { outline: 'none', minHeight: 'inherit' },
  '& p': { my: 1 },
  '& h2, & h3': { mt: 2, mb: 1 },
  '& ul, & ol': { pl: 3 },
  '& blockquote': {
    borderInlineStart: '4px solid',
    borderColor: 'divider',
    pl: 2,
    ml: 0,
    color: 'text.secondary',
  },
} as const;

export function RichTextViewer({ html }: { html: string }) {
  const editor = useEditor({
    extensions: [StarterKit],
    content: html,
    editable: false,
    immediatelyRender: true,
    // Read-only text is an article to assistive technology, not an unnamed text box.
    editorProps: { attributes: { role: 'article' } },
  });
  useEffect(() => {
    // A remount can leave a destroyed editor here for one render; its schema is gone by then.
    if (!editor || editor.isDestroyed) return;
    if (editor.getHTML() !== html) editor.commands.setContent(html);
  }, [editor, html]);
  return (
    <Box sx={{ ...contentSx, typography: 'body2' }}>
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

export function RichTextEditor({ value, onChange, error, label }: EditorProps) {
  const { t } = useTranslation();
  const editor = useEditor({
    extensions: [StarterKit.configure({ heading: { levels: [2, 3] }, link: false })],
    content: value,
    immediatelyRender: true,
    editorProps: { attributes: { 'aria-label': label, role: 'textbox', 'aria-multiline': 'true' } },
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
    }),
  });
  // The form may reset the value (loading the product to edit): follow it.
  useEffect(() => {
    if (!editor || editor.isDestroyed) return;
    if (value !== editor.getHTML() && !(value === '' && editor.isEmpty)) {
      editor.commands.setContent(value, { emitUpdate: false });
    }
  }, [editor, value]);

  const button = (key: string, icon: ReactNode, active: boolean, run: () => void) => (
    <Tooltip title={t(`ecommerce.editor.${key}`)} key={key}>
      <IconButton
        size="small"
        aria-label={t(`ecommerce.editor.${key}`)}
        aria-pressed={active}
        color={active ? 'primary' : 'default'}
        onClick={run}
      >
        {icon}
      </IconButton>
    </Tooltip>
  );

  return (
    <Box sx={{ border: 1, borderColor: error ? 'error.main' : 'divider', borderRadius: 1 }}>
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
        {button('undo', <UndoRounded />, false, () => editor?.chain().focus().undo().run())}
        {button('redo', <RedoRounded />, false, () => editor?.chain().focus().redo().run())}
      </Stack>
      <Box sx={{ ...contentSx, p: 2, minHeight: 180, typography: 'body2' }}>
        <EditorContent editor={editor} />
      </Box>
    </Box>
  );
}
