import { ComponentsView } from '../../sections/public/components-view';

/** /components */
export function Component() {
  return <ComponentsView />;
}
