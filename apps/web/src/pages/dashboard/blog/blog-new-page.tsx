import { RoleBasedGuard } from '../../../auth/role-based-guard';
import { LocaleArea } from '../../../locales/locale-area';
import { BlogEditView } from '../../../sections/blog/blog-edit-view';

/** /dashboard/blog/new — writers (blog:write). */
export function Component() {
  return (
    <RoleBasedGuard permissions={['blog:write']}>
      <LocaleArea area="blog">
        <BlogEditView />
      </LocaleArea>
    </RoleBasedGuard>
  );
}
