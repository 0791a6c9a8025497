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
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

import { ConfirmDialog } from '../../components/confirm-dialog/confirm-dialog';
import { EmptyContent } from '../../components/empty-content/empty-content';
import { notify } from '../../components/snackbar/notify';
import { translateError } from '../../locales/form-errors';
import { AdminListError } from '../admin/admin-list';
import { formatDateTime } from '../admin/format';
import { stackedTableSx } from '../admin/stacked-table-sx';
import { useEndUserSessionMutation, useUserSessionsQuery, type UserSession } from './tokens-api';

/** On a person's edit screen, for administrators: their active sessions, and End session. */
export function UserSessionsCard({ userId }: { userId: string }) {
  const { t, i18n } = useTranslation();
  const { data, isLoading, error, refetch } = useUserSessionsQuery(userId);
  const [end, ending] = useEndUserSessionMutation();
  const [toEnd, setToEnd] = useState<UserSession | null>(null);
  const columns = ['device', 'address', 'lastSeen', 'actions'] as const;

  const confirmEnd = () => {
    if (!toEnd) return;
    end({ userId, sessionId: toEnd.id })
      .unwrap()
      .then(() => notify.success(t('tokens.sessions.ended')))
      .catch((err: unknown) => notify.error(translateError(t, err)))
      .finally(() => setToEnd(null));
  };

  return (
    <Card sx={{ mt: 3 }}>
      <CardHeader
        title={t('tokens.sessions.title')}
        subheader={t('tokens.sessions.help')}
        titleTypographyProps={{ component: 'h2' }}
      />
      {error ? (
        <AdminListError error={error} onRetry={() => void refetch()} />
      ) : (
        <TableContainer sx={{ mt: 2, overflowX: 'auto' }}>
          <Table size="small" sx={stackedTableSx(640)} aria-label={t('tokens.sessions.title')}>
            <TableHead>
              <TableRow>
                {columns.map((c) => (
                  <TableCell key={c} align={c === 'actions' ? 'right' : undefined}>
                    {t(`tokens.sessions.columns.${c}`)}
                  </TableCell>
                ))}
              </TableRow>
            </TableHead>
            <TableBody>
              {isLoading && (
                <TableRow>
                  <TableCell colSpan={columns.length}>
                    <Skeleton variant="text" />
                  </TableCell>
                </TableRow>
              )}
              {data?.sessions.map((s) => (
                <TableRow key={s.id} data-testid="session-row">
                  <TableCell
                    data-label={t('tokens.sessions.columns.device')}
                    sx={{ maxWidth: 360, wordBreak: 'break-word' }}
                  >
                    {s.userAgent ?? t('tokens.sessions.unknown')}
                  </TableCell>
                  <TableCell data-label={t('tokens.sessions.columns.address')}>
                    {s.ip ?? t('tokens.sessions.unknown')}
                  </TableCell>
                  <TableCell data-label={t('tokens.sessions.columns.lastSeen')}>
                    {formatDateTime(s.lastSeenAt, i18n.language)}
                  </TableCell>
                  <TableCell align="right">
                    <Button color="error" size="small" onClick={() => setToEnd(s)}>
                      {t('tokens.sessions.end')}
                    </Button>
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </TableContainer>
      )}
      {data && data.sessions.length === 0 && <EmptyContent title={t('tokens.sessions.empty')} />}
      <ConfirmDialog
        open={!!toEnd}
        title={t('tokens.sessions.endTitle')}
        content={t('tokens.sessions.endText')}
        action={t('tokens.sessions.end')}
        busy={ending.isLoading}
        onClose={() => setToEnd(null)}
        onConfirm={confirmEnd}
      />
    </Card>
  );
}
