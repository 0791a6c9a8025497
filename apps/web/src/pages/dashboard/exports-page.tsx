import { MyExportsView } from '../../sections/exports/my-exports-view';

/** /dashboard/exports — the signed-in person's exports made as a job (My exports). */
export function Component() {
  return <MyExportsView />;
}
