import { useParams } from 'react-router';

import { LocaleArea } from '../../../locales/locale-area';
import { BlogEditView } from '../../../sections/blog/blog-edit-view';

/** /dashboard/blog/post/{slug}/edit — the author or an editor. */
export function Component() {
  const title = useParams().title ?? '';
  return (
    <LocaleArea area="blog">
      <BlogEditView key={title} title={title} />
    </LocaleArea>
  );
}
