import { SsoDoneView } from '../../sections/sso/sso-done-view';

/** /auth/sso/done — open to everyone: where single sign-on comes back to. */
export function Component() {
  return <SsoDoneView />;
}
