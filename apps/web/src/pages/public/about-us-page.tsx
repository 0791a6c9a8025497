import { AboutView } from '../../sections/public/about-view';

/** /about-us */
export function Component() {
  return <AboutView />;
}
