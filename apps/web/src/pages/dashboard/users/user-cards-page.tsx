import { UserCardsView } from '../../../sections/users/user-cards-view';

/** /dashboard/user/cards */
export function Component() {
  return <UserCardsView />;
}
