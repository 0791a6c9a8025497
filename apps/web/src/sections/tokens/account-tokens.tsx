import { TOKEN_PERMISSIONS } from '@bo/contract/tokens';
import { useTranslation } from 'react-i18next';

import { useAuth } from '../../auth/auth-context';
import { TokenList } from './token-list';
import { useCreateMyTokenMutation, useMyTokensQuery, useRevokeMyTokenMutation } from './tokens-api';

/** Account → API tokens: one's own, each holding some of one's own permissions. */
export function AccountTokens() {
  const { t } = useTranslation();
  const { user } = useAuth();
  const { data, isLoading, error, refetch } = useMyTokensQuery();
  const [create] = useCreateMyTokenMutation();
  const [revoke, revoking] = useRevokeMyTokenMutation();
  const own = new Set(user?.permissions ?? []);
  return (
    <TokenList
      title={t('tokens.mine')}
      subheader={t('tokens.mineHelp')}
      createLabel={t('tokens.createMine')}
      tokens={data?.tokens}
      isLoading={isLoading}
      error={error}
      refetch={() => void refetch()}
      choices={TOKEN_PERMISSIONS.filter((p) => own.has(p))}
      create={(body) => create(body).unwrap()}
      revoke={(id) => revoke(id).unwrap()}
      revoking={revoking.isLoading}
    />
  );
}
