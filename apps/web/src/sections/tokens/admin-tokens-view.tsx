import { TOKEN_PERMISSIONS } from '@bo/contract/tokens';
import { useTranslation } from 'react-i18next';

import { PageHeader } from '../../components/page-header/page-header';
import { paths } from '../../routes/paths';
import { TokenList } from './token-list';
import {
  useAllTokensQuery,
  useCreateServiceTokenMutation,
  useRevokeAnyTokenMutation,
} from './tokens-api';

/** Administration → Tokens: every token with its owner; service tokens; revoke any. */
export function AdminTokensView() {
  const { t } = useTranslation();
  const { data, isLoading, error, refetch } = useAllTokensQuery();
  const [create] = useCreateServiceTokenMutation();
  const [revoke, revoking] = useRevokeAnyTokenMutation();
  return (
    <>
      <PageHeader
        title={t('tokens.adminTitle')}
        crumbs={[
          { name: t('admin.crumbs.dashboard'), href: paths.dashboard.root },
          { name: t('admin.crumbs.admin') },
          { name: t('tokens.adminTitle') },
        ]}
      />
      <TokenList
        title={t('tokens.all')}
        subheader={t('tokens.allHelp')}
        createLabel={t('tokens.createService')}
        withOwner
        tokens={data?.tokens}
        isLoading={isLoading}
        error={error}
        refetch={() => void refetch()}
        choices={TOKEN_PERMISSIONS}
        create={(body) => create(body).unwrap()}
        revoke={(id) => revoke(id).unwrap()}
        revoking={revoking.isLoading}
      />
    </>
  );
}
