import { useParams } from 'react-router';

import { LocaleArea } from '../../../locales/locale-area';
import { BlogPostView } from '../../../sections/blog/blog-post-view';

/** /dashboard/blog/post/{slug or title}. */
export function Component() {
  const title = useParams().title ?? '';
  return (
    <LocaleArea area="blog">
      <BlogPostView key={title} title={title} />
    </LocaleArea>
  );
}
