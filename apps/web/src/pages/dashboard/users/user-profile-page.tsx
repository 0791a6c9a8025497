import { LocaleArea } from '../../../locales/locale-area';
import { UserProfileView } from '../../../sections/users/user-profile-view';

/** /dashboard/user/profile — the signed-in person's own profile. */
export function Component() {
  // The audit actions' words are a section of their own (not in every page's language chunk).
  return (
    <LocaleArea area="audit">
      <UserProfileView />
    </LocaleArea>
  );
}
