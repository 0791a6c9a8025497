import { Navigate } from 'react-router';

import { paths } from '../../../routes/paths';

/** /dashboard/blog has no screen of its own: it opens the list of posts. */
export function Component() {
  return <Navigate to={paths.dashboard.blog.posts} replace />;
}
