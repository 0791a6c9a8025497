import { RichTextContent, RichTextEditor } from '../../components/rich-text/rich-text-editor';
import { uploadBlogImage } from './blog-api';

/** The blog's rich text: the product's editor with the blog's texts and picture uploads. */
export function BlogContent({ html }: { html: string }) {
  return <RichTextContent html={html} />;
}

export function BlogEditor(props: {
  value: string;
  onChange: (html: string) => void;
  error?: boolean;
  label: string;
}) {
  return <RichTextEditor {...props} textsPrefix="blog.editor" uploadImage={uploadBlogImage} />;
}
