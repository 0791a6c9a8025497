import { ContactView } from '../../sections/public/contact-view';

/** /contact-us */
export function Component() {
  return <ContactView />;
}
