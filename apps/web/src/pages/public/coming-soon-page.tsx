import { ComingSoonView } from '../../sections/public/coming-soon-view';

/** /coming-soon */
export function Component() {
  return <ComingSoonView />;
}
