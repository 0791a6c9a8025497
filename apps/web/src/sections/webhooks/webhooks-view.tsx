import AddRounded from '@mui/icons-material/AddRounded';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
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
import { PageHeader } from '../../components/page-header/page-header';
import { notify } from '../../components/snackbar/notify';
import { translateError } from '../../locales/form-errors';
import { paths } from '../../routes/paths';
import { AdminListError } from '../admin/admin-list';
import { formatDateTime } from '../admin/format';
import { stackedTableSx } from '../admin/stacked-table-sx';
import { WebhookDeliveriesDialog } from './webhook-deliveries-dialog';
import { WebhookDialog } from './webhook-dialog';
import { DELIVERY_COLOR } from './webhook-status';
import {
  useDeleteWebhookMutation,
  usePingWebhookMutation,
  useWebhooksQuery,
  type Webhook,
} from './webhooks-api';

const COLUMNS = ['url', 'events', 'active', 'lastDelivery', 'actions'] as const;

function WebhookRow({
  webhook,
  onEdit,
  onDelete,
  onDeliveries,
}: {
  webhook: Webhook;
  onEdit: () => void;
  onDelete: () => void;
  onDeliveries: () => void;
}) {
  const { t, i18n } = useTranslation();
  const [ping, pinging] = usePingWebhookMutation();
  const doPing = () =>
    ping(webhook.id)
      .unwrap()
      .then(() => notify.success(t('admin.webhooks.pinged')))
      .catch((err: unknown) => notify.error(translateError(t, err)));
  const last = webhook.lastDelivery;
  return (
    <TableRow hover data-testid="webhook-row" data-url={webhook.url}>
      <TableCell data-label={t('admin.webhooks.columns.url')} sx={{ maxWidth: 320 }}>
        <Typography variant="body2" dir="ltr" sx={{ wordBreak: 'break-all', fontWeight: 600 }}>
          {webhook.url}
        </Typography>
        {webhook.description && (
          <Typography variant="body2" sx={{ color: 'text.secondary' }}>
            {webhook.description}
          </Typography>
        )}
      </TableCell>
      <TableCell data-label={t('admin.webhooks.columns.events')}>
        <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.5 }}>
          {webhook.events.map((ev) => (
            <Label key={ev} variant="outlined">
              {t(`admin.webhooks.eventNames.${ev}`, { defaultValue: ev })}
            </Label>
          ))}
        </Box>
      </TableCell>
      <TableCell data-label={t('admin.webhooks.columns.active')}>
        <Label color={webhook.active ? 'success' : 'default'}>
          {webhook.active ? t('admin.webhooks.on') : t('admin.webhooks.off')}
        </Label>
      </TableCell>
      <TableCell data-label={t('admin.webhooks.columns.lastDelivery')}>
        {last ? (
          <Stack spacing={0.5} sx={{ alignItems: 'flex-start' }}>
            <Label color={DELIVERY_COLOR[last.status]}>
              {t(`admin.webhooks.statuses.${last.status}`)}
              {last.responseCode !== null ? ` · ${last.responseCode}` : ''}
            </Label>
            <Typography variant="caption" sx={{ color: 'text.secondary', whiteSpace: 'nowrap' }}>
              {formatDateTime(last.at, i18n.language)}
            </Typography>
          </Stack>
        ) : (
          <Typography variant="body2" sx={{ color: 'text.secondary' }}>
            {t('admin.webhooks.never')}
          </Typography>
        )}
      </TableCell>
      <TableCell data-label={t('admin.webhooks.columns.actions')} align="right">
        <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, justifyContent: 'flex-end' }}>
          <Button
            size="small"
            variant="outlined"
            onClick={() => void doPing()}
            disabled={pinging.isLoading}
            aria-label={t('admin.webhooks.pingLabel', { url: webhook.url })}
          >
            {t('admin.webhooks.ping')}
          </Button>
          <Button
            size="small"
            onClick={onDeliveries}
            aria-label={t('admin.webhooks.deliveriesLabel', { url: webhook.url })}
          >
            {t('admin.webhooks.deliveries')}
          </Button>
          <Button
            size="small"
            onClick={onEdit}
            aria-label={t('admin.webhooks.editLabel', { url: webhook.url })}
          >
            {t('admin.webhooks.edit')}
          </Button>
          <Button
            size="small"
            color="error"
            onClick={onDelete}
            aria-label={t('admin.webhooks.deleteLabel', { url: webhook.url })}
          >
            {t('admin.webhooks.delete')}
          </Button>
        </Box>
      </TableCell>
    </TableRow>
  );
}

/** Administration → Webhooks: where events are posted, their deliveries, Redeliver, a test event. */
export function WebhooksView() {
  const { t } = useTranslation();
  const { data, isLoading, isFetching, error, refetch } = useWebhooksQuery(undefined, {
    pollingInterval: 10_000,
    skipPollingIfUnfocused: true,
  });
  const [editing, setEditing] = useState<{ webhook: Webhook | null } | null>(null);
  const [toDelete, setToDelete] = useState<Webhook | null>(null);
  const [showDeliveries, setShowDeliveries] = useState<Webhook | null>(null);
  const [remove, removing] = useDeleteWebhookMutation();

  const confirmDelete = () => {
    if (!toDelete) return;
    remove(toDelete.id)
      .unwrap()
      .then(() => notify.success(t('admin.webhooks.deleted')))
      .catch((err: unknown) => notify.error(translateError(t, err)))
      .finally(() => setToDelete(null));
  };

  const add = (
    <Button
      variant="contained"
      startIcon={<AddRounded />}
      onClick={() => setEditing({ webhook: null })}
    >
      {t('admin.webhooks.add')}
    </Button>
  );

  return (
    <>
      <PageHeader
        title={t('admin.webhooks.title')}
        crumbs={[
          { name: t('admin.crumbs.dashboard'), href: paths.dashboard.root },
          { name: t('admin.crumbs.admin') },
          { name: t('admin.webhooks.title') },
        ]}
        action={add}
      />
      <Card>
        <Typography variant="body2" sx={{ px: 2.5, pt: 2.5, color: 'text.secondary' }}>
          {t('admin.webhooks.intro')}
        </Typography>
        {error ? (
          <Box sx={{ pt: 2 }}>
            <AdminListError error={error} onRetry={() => void refetch()} />
          </Box>
        ) : (
          <>
            <TableContainer sx={{ overflowX: 'auto', mt: 2 }}>
              <Table
                size="small"
                sx={stackedTableSx(860)}
                aria-label={t('admin.webhooks.list')}
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
                  {data?.webhooks.map((w) => (
                    <WebhookRow
                      key={w.id}
                      webhook={w}
                      onEdit={() => setEditing({ webhook: w })}
                      onDelete={() => setToDelete(w)}
                      onDeliveries={() => setShowDeliveries(w)}
                    />
                  ))}
                </TableBody>
              </Table>
            </TableContainer>
            {data && data.webhooks.length === 0 && (
              <EmptyContent
                title={t('admin.webhooks.empty')}
                description={t('admin.webhooks.emptyText')}
              />
            )}
          </>
        )}
      </Card>
      <WebhookDialog
        open={!!editing}
        webhook={editing?.webhook ?? null}
        onClose={() => setEditing(null)}
      />
      <WebhookDeliveriesDialog webhook={showDeliveries} onClose={() => setShowDeliveries(null)} />
      <ConfirmDialog
        open={!!toDelete}
        title={t('admin.webhooks.deleteTitle')}
        content={toDelete ? t('admin.webhooks.deleteText', { url: toDelete.url }) : ''}
        action={t('admin.webhooks.delete')}
        busy={removing.isLoading}
        onClose={() => setToDelete(null)}
        onConfirm={confirmDelete}
      />
    </>
  );
}
