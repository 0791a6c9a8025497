import { FaqsView } from '../../sections/public/faqs-view';

/** /faqs */
export function Component() {
  return <FaqsView />;
}
