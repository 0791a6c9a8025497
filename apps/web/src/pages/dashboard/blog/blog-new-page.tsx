import { LocaleArea } from '../../../locales/locale-area';
import { BlogEditView } from '../../../sections/blog/blog-edit-view';

/** /dashboard/blog/new — writers (blog:write). */
export function Component() {
  return (
    <LocaleArea area="blog">
      <BlogEditView />
    </LocaleArea>
  );
}
