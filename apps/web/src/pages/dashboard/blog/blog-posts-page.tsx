import { LocaleArea } from '../../../locales/locale-area';
import { BlogPostsView } from '../../../sections/blog/blog-posts-view';

/** /dashboard/blog/posts — everyone with blog:read. */
export function Component() {
  return (
    <LocaleArea area="blog">
      <BlogPostsView />
    </LocaleArea>
  );
}
