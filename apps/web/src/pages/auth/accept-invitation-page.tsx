import { AcceptInvitationView } from '../../sections/invitations/accept-invitation-view';

/** /auth/invite/:token — open to everyone: the link of an invitation mail. */
export function Component() {
  return <AcceptInvitationView />;
}
