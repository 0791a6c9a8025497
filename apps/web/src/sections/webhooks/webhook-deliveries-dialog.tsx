import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Skeleton from '@mui/material/Skeleton';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';

import { EmptyContent } from '../../components/empty-content/empty-content';
import { Label } from '../../components/label/label';
import { notify } from '../../components/snackbar/notify';
import { translateError } from '../../locales/form-errors';
import { AdminListError, AdminPagination } from '../admin/admin-list';
import { formatDateTime } from '../admin/format';
import { stackedTableSx } from '../admin/stacked-table-sx';
import { DELIVERY_COLOR, errorTextSx } from './webhook-status';
import {
  useRedeliverWebhookMutation,
  useWebhookDeliveriesQuery,
  type Webhook,
  type WebhookDelivery,
} from './webhooks-api';

const COLUMNS = ['event', 'status', 'time', 'response', 'attempts', 'actions'] as const;

function DeliveryRow({ webhookId, delivery }: { webhookId: string; delivery: WebhookDelivery }) {
  const { t, i18n } = useTranslation();
  const [redeliver, redelivering] = useRedeliverWebhookMutation();
  const doRedeliver = () =>
    redeliver({ id: webhookId, deliveryId: delivery.id })
      .unwrap()
      .then(() => notify.success(t('admin.webhooks.redelivered')))
      .catch((err: unknown) => notify.error(translateError(t, err)));
  return (
    <TableRow data-testid="delivery-row" data-status={delivery.status}>
      <TableCell data-label={t('admin.webhooks.columns.event')}>
        <Box component="code" dir="ltr">
          {delivery.event}
        </Box>
      </TableCell>
      <TableCell data-label={t('admin.webhooks.columns.status')}>
        <Label color={DELIVERY_COLOR[delivery.status]}>
          {t(`admin.webhooks.statuses.${delivery.status}`)}
        </Label>
      </TableCell>
      <TableCell data-label={t('admin.webhooks.columns.time')} sx={{ whiteSpace: 'nowrap' }}>
        {formatDateTime(delivery.lastAttemptAt ?? delivery.createdAt, i18n.language)}
      </TableCell>
      <TableCell data-label={t('admin.webhooks.columns.response')}>
        {delivery.responseCode ?? '—'}
        {delivery.error && (
          <Typography variant="body2" sx={{ ...errorTextSx, wordBreak: 'break-word' }}>
            {delivery.error}
          </Typography>
        )}
      </TableCell>
      <TableCell data-label={t('admin.webhooks.columns.attempts')}>{delivery.attempts}</TableCell>
      <TableCell data-label={t('admin.webhooks.columns.actions')} align="right">
        <Button
          size="small"
          variant="outlined"
          onClick={() => void doRedeliver()}
          disabled={redelivering.isLoading}
          aria-label={t('admin.webhooks.redeliverLabel', {
            event: delivery.event,
            time: formatDateTime(delivery.createdAt, i18n.language),
          })}
        >
          {t('admin.webhooks.redeliver')}
        </Button>
      </TableCell>
    </TableRow>
  );
}

/** A webhook's delivery log, newest first, read again every few seconds while open. */
export function WebhookDeliveriesDialog({
  webhook,
  onClose,
}: {
  webhook: Webhook | null;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const theme = useTheme();
  const fullScreen = useMediaQuery(theme.breakpoints.down('sm'));
  const titleId = useId();
  const [page, setPage] = useState(1);
  const [limit, setLimit] = useState(10);
  useEffect(() => setPage(1), [webhook?.id]);
  const { data, isLoading, isFetching, error, refetch } = useWebhookDeliveriesQuery(
    { id: webhook?.id ?? '', page, limit },
    { skip: !webhook, pollingInterval: 3000, skipPollingIfUnfocused: true },
  );
  return (
    <Dialog
      open={!!webhook}
      onClose={onClose}
      maxWidth="lg"
      fullWidth
      fullScreen={fullScreen}
      aria-labelledby={titleId}
    >
      <DialogTitle id={titleId}>
        {t('admin.webhooks.deliveriesTitle')}
        <Typography
          variant="body2"
          component="span"
          dir="ltr"
          sx={{ display: 'block', color: 'text.secondary', wordBreak: 'break-all' }}
        >
          {webhook?.url}
        </Typography>
      </DialogTitle>
      <DialogContent sx={{ px: { xs: 1, sm: 3 } }}>
        {error ? (
          <AdminListError error={error} onRetry={() => void refetch()} />
        ) : (
          <>
            <TableContainer sx={{ overflowX: 'auto' }}>
              <Table
                size="small"
                sx={stackedTableSx(760)}
                aria-label={t('admin.webhooks.deliveries')}
                aria-busy={isFetching}
              >
                <TableHead>
                  <TableRow>
                    {COLUMNS.map((c) => (
                      <TableCell key={c} align={c === 'actions' ? 'right' : undefined}>
                        {t(`admin.webhooks.columns.${c}`)}
                      </TableCell>
                    ))}
                  </TableRow>
                </TableHead>
                <TableBody>
                  {isLoading &&
                    Array.from({ length: 3 }, (_, i) => (
                      <TableRow key={i}>
                        <TableCell colSpan={COLUMNS.length}>
                          <Skeleton variant="text" />
                        </TableCell>
                      </TableRow>
                    ))}
                  {webhook &&
                    data?.deliveries.map((d) => (
                      <DeliveryRow key={d.id} webhookId={webhook.id} delivery={d} />
                    ))}
                </TableBody>
              </Table>
            </TableContainer>
            {data && data.deliveries.length === 0 && (
              <EmptyContent title={t('admin.webhooks.noDeliveries')} />
            )}
            <AdminPagination
              total={data?.total}
              page={page}
              limit={limit}
              setPage={setPage}
              setLimit={setLimit}
            />
          </>
        )}
      </DialogContent>
      <DialogActions>
        <Button variant="contained" onClick={onClose}>
          {t('admin.webhooks.close')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
