import Add from '@mui/icons-material/Add';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardHeader from '@mui/material/CardHeader';
import Skeleton from '@mui/material/Skeleton';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

import { ConfirmDialog } from '../../components/confirm-dialog/confirm-dialog';
import { EmptyContent } from '../../components/empty-content/empty-content';
import { Label } from '../../components/label/label';
import { notify } from '../../components/snackbar/notify';
import { translateError } from '../../locales/form-errors';
import { AdminListError } from '../admin/admin-list';
import { formatDateTime } from '../admin/format';
import { stackedTableSx } from '../admin/stacked-table-sx';
import { TokenCreateDialog } from './token-create-dialog';
import type { ApiToken, CreateTokenBody, CreatedToken } from './tokens-api';

type Props = {
  title: string;
  subheader: string;
  createLabel: string;
  /** Shows each token's owner (Administration → Tokens). */
  withOwner?: boolean;
  tokens: ApiToken[] | undefined;
  isLoading: boolean;
  error: unknown;
  refetch: () => void;
  choices: readonly string[];
  create: (body: CreateTokenBody) => Promise<CreatedToken>;
  revoke: (id: string) => Promise<unknown>;
  revoking: boolean;
};

/** A card listing tokens with their last use, a create button and Revoke (asked first). */
export function TokenList(props: Props) {
  const { t, i18n } = useTranslation();
  const { tokens, withOwner } = props;
  const [creating, setCreating] = useState(false);
  const [toRevoke, setToRevoke] = useState<ApiToken | null>(null);
  const when = (iso: string | null, none: string) =>
    iso ? formatDateTime(iso, i18n.language) : none;
  const columns = [
    'name',
    ...(withOwner ? ['owner'] : []),
    'permissions',
    'lastUsed',
    'expires',
    'actions',
  ] as const;

  const confirmRevoke = () => {
    if (!toRevoke) return;
    props
      .revoke(toRevoke.id)
      .then(() => notify.success(t('tokens.revoked')))
      .catch((err: unknown) => notify.error(translateError(t, err)))
      .finally(() => setToRevoke(null));
  };

  return (
    <Card>
      <CardHeader
        title={props.title}
        subheader={props.subheader}
        titleTypographyProps={{ component: 'h2' }}
        action={
          <Button variant="contained" startIcon={<Add />} onClick={() => setCreating(true)}>
            {props.createLabel}
          </Button>
        }
        sx={{ flexWrap: 'wrap', gap: 2, '& .MuiCardHeader-action': { m: 0 } }}
      />
      {props.error ? (
        <AdminListError error={props.error} onRetry={props.refetch} />
      ) : (
        <TableContainer sx={{ mt: 2, overflowX: 'auto' }}>
          <Table size="small" sx={stackedTableSx(760)} aria-label={props.title}>
            <TableHead>
              <TableRow>
                {columns.map((c) => (
                  <TableCell key={c} align={c === 'actions' ? 'right' : undefined}>
                    {t(`tokens.columns.${c}`)}
                  </TableCell>
                ))}
              </TableRow>
            </TableHead>
            <TableBody>
              {props.isLoading &&
                Array.from({ length: 3 }, (_, i) => (
                  <TableRow key={i}>
                    <TableCell colSpan={columns.length}>
                      <Skeleton variant="text" />
                    </TableCell>
                  </TableRow>
                ))}
              {tokens?.map((token) => {
                const expired = !!token.expiresAt && Date.parse(token.expiresAt) <= Date.now();
                return (
                  <TableRow key={token.id} data-testid="token-row">
                    <TableCell data-label={t('tokens.columns.name')}>
                      <Typography variant="subtitle2" component="span">
                        {token.name}
                      </Typography>
                      <Typography
                        variant="caption"
                        component="span"
                        sx={{ display: 'block', color: 'text.secondary', fontFamily: 'monospace' }}
                      >
                        {token.prefix}…
                      </Typography>
                    </TableCell>
                    {withOwner && (
                      <TableCell data-label={t('tokens.columns.owner')}>
                        {token.owner ? (
                          <>
                            {token.owner.name}
                            <Typography
                              variant="caption"
                              component="span"
                              sx={{ display: 'block', color: 'text.secondary' }}
                            >
                              {token.owner.email}
                            </Typography>
                          </>
                        ) : (
                          <Label color="info">{t('tokens.service')}</Label>
                        )}
                      </TableCell>
                    )}
                    <TableCell
                      data-label={t('tokens.columns.permissions')}
                      sx={{ maxWidth: 280, wordBreak: 'break-word' }}
                    >
                      {token.permissions.join(', ')}
                    </TableCell>
                    <TableCell data-label={t('tokens.columns.lastUsed')}>
                      {when(token.lastUsedAt, t('tokens.neverUsed'))}
                    </TableCell>
                    <TableCell data-label={t('tokens.columns.expires')}>
                      {expired ? (
                        <Label color="error">{t('tokens.expired')}</Label>
                      ) : (
                        when(token.expiresAt, t('tokens.never'))
                      )}
                    </TableCell>
                    <TableCell align="right">
                      <Button
                        color="error"
                        size="small"
                        onClick={() => setToRevoke(token)}
                        aria-label={t('tokens.revokeNamed', { name: token.name })}
                      >
                        {t('tokens.revoke')}
                      </Button>
                    </TableCell>
                  </TableRow>
                );
              })}
            </TableBody>
          </Table>
        </TableContainer>
      )}
      {tokens && tokens.length === 0 && <EmptyContent title={t('tokens.empty')} />}
      <TokenCreateDialog
        open={creating}
        title={props.createLabel}
        choices={props.choices}
        onClose={() => setCreating(false)}
        create={props.create}
      />
      <ConfirmDialog
        open={!!toRevoke}
        title={t('tokens.revokeTitle')}
        content={toRevoke ? t('tokens.revokeText', { name: toRevoke.name }) : ''}
        action={t('tokens.revoke')}
        busy={props.revoking}
        onClose={() => setToRevoke(null)}
        onConfirm={confirmRevoke}
      />
    </Card>
  );
}
