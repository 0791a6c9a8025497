import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';

import { ComingSoonPlaceholder } from '../../../components/placeholder/coming-soon-placeholder';
import { paths } from '../../../routes/paths';

/** /dashboard/chat/:conversationKey — placeholder until this screen is built; replace this file with the real page. */
export function Component() {
  const { t } = useTranslation();
  const conversationKey = useParams().conversationKey ?? '';
  return (
    <ComingSoonPlaceholder
      title={t('pages.chatConversation')}
      backHref={paths.dashboard.root}
      crumbs={[
        { name: t('nav.dashboard'), href: paths.dashboard.root },
        { name: t('nav.chat'), href: paths.dashboard.chat.root },
        { name: conversationKey },
      ]}
    />
  );
}
