import { useParams } from 'react-router';

import { RoleBasedGuard } from '../../../auth/role-based-guard';
import { LocaleArea } from '../../../locales/locale-area';
import { BlogPostView } from '../../../sections/blog/blog-post-view';

/** /dashboard/blog/post/{slug or title}. */
export function Component() {
  const title = useParams().title ?? '';
  return (
    <RoleBasedGuard permissions={['blog:read']}>
      <LocaleArea area="blog">
        <BlogPostView key={title} title={title} />
      </LocaleArea>
    </RoleBasedGuard>
  );
}
