import { UserCardsView } from '../../../sections/user/user-cards-view';

/** /dashboard/user/cards */
export function Component() {
  return <UserCardsView />;
}
