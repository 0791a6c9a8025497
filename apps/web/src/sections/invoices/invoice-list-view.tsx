import AddRounded from '@mui/icons-material/AddRounded';
import BlockRounded from '@mui/icons-material/BlockRounded';
import ChevronLeftRounded from '@mui/icons-material/ChevronLeftRounded';
import ChevronRightRounded from '@mui/icons-material/ChevronRightRounded';
import DeleteOutlineRounded from '@mui/icons-material/DeleteOutlineRounded';
import FileDownloadOutlined from '@mui/icons-material/FileDownloadOutlined';
import FolderZipOutlined from '@mui/icons-material/FolderZipOutlined';
import PaidOutlined from '@mui/icons-material/PaidOutlined';
import NotificationsActiveOutlined from '@mui/icons-material/NotificationsActiveOutlined';
import SearchRounded from '@mui/icons-material/SearchRounded';
import SendRounded from '@mui/icons-material/SendRounded';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import Container from '@mui/material/Container';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import Link from '@mui/material/Link';
import MenuItem from '@mui/material/MenuItem';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import type { InvoiceListQuery, InvoiceSummary, InvoiceTab } from '@bo/contract/invoices';
import { INVOICE_SORTS, INVOICE_TABS, INVOICE_ZIP_MAX } from '@bo/contract/invoices';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate, useSearchParams } from 'react-router';

import { BulkRefused, type RefusedRow } from '../../components/bulk/bulk-refused';
import { ConfirmDialog } from '../../components/confirm-dialog/confirm-dialog';
import { DataTable, type DataColumn } from '../../components/data-table/data-table';
import { useRangeSelection } from '../../lib/use-range-selection';
import { useHasAccess } from '../../auth/role-based-guard';
import { EmptyContent } from '../../components/empty-content/empty-content';
import { Label } from '../../components/label/label';
import { PageHeader } from '../../components/page-header/page-header';
import { notify } from '../../components/snackbar/notify';
import { mergeSearchParams, type SearchParamValue } from '../../lib/search-params';
import { translateError } from '../../locales/form-errors';
import { paths } from '../../routes/paths';
import { textShade } from '../../theme/components';
import {
  downloadInvoicesCsv,
  downloadInvoicesZip,
  useSendRemindersMutation,
  useDeleteInvoiceMutation,
  useInvoiceServicesQuery,
  useInvoicesQuery,
  useSendInvoiceMutation,
} from './invoices-api';
import { useBulkInvoiceStatusMutation } from './invoices-bulk-api';
import { INVOICE_STATUS_COLOR, useInvoiceFormat } from './invoice-format';
import { DateField } from '../../components/form/date-field';

const ROWS = [10, 25, 50];
/** The summary cards, in the order an accountant reads them. */
const CARDS: Array<{ tab: InvoiceTab; color: 'info' | 'success' | 'warning' | 'error' | null }> = [
  { tab: 'all', color: 'info' },
  { tab: 'paid', color: 'success' },
  { tab: 'sent', color: 'warning' },
  { tab: 'overdue', color: 'error' },
  { tab: 'draft', color: null },
];

export function InvoiceListView() {
  const { t, i18n } = useTranslation();
  const f = useInvoiceFormat();
  const canWrite = useHasAccess(undefined, ['invoices:write']);
  const [params, setParams] = useSearchParams();
  const status = (INVOICE_TABS as readonly string[]).includes(params.get('status') ?? '')
    ? (params.get('status') as InvoiceTab)
    : 'all';
  const limit = ROWS.includes(Number(params.get('limit'))) ? Number(params.get('limit')) : 25;
  const sort = (INVOICE_SORTS as readonly string[]).includes(params.get('sort') ?? '')
    ? (params.get('sort') as InvoiceListQuery['sort'])
    : 'createdAt';
  const order = params.get('order') === 'asc' ? 'asc' : 'desc';
  const q = params.get('q') ?? '';
  const service = params.get('service') ?? '';
  const dateField = params.get('dateField') === 'due' ? 'due' : 'created';
  const from = params.get('from') ?? '';
  const to = params.get('to') ?? '';
  // The pages walked so far, as their cursors: the last one is the page on screen.
  const trail = (params.get('pages') ?? '').split('.').filter(Boolean);
  const cursor = trail.at(-1);
  const [search, setSearch] = useState(q);
  const { selected, toggle, setAll: setSelected } = useRangeSelection();
  const navigate = useNavigate();
  const [zipping, setZipping] = useState(false);
  const [remind, reminding] = useSendRemindersMutation();
  const [confirmDelete, setConfirmDelete] = useState(false);
  const [bulkTo, setBulkTo] = useState<'paid' | 'cancelled' | null>(null);
  const [bulkStatus, bulkStatusState] = useBulkInvoiceStatusMutation();
  const [refused, setRefused] = useState<RefusedRow[]>([]);

  const update = (changes: Record<string, SearchParamValue>) => {
    setSelected([]);
    setParams((prev) => mergeSearchParams(prev, changes, ['pages']), { replace: true });
  };

  useEffect(() => {
    const id = setTimeout(() => {
      if (search.trim() !== q) update({ q: search.trim() });
    }, 350);
    return () => clearTimeout(id);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- only the typed text drives this
  }, [search]);

  const query: InvoiceListQuery = {
    status,
    limit,
    sort,
    order,
    q: q || undefined,
    service: service || undefined,
    dateField,
    from: from || undefined,
    to: to || undefined,
    cursor,
  };
  const { data, isLoading, isFetching, error } = useInvoicesQuery(query);
  const { data: services } = useInvoiceServicesQuery();
  const [send] = useSendInvoiceMutation();
  const [remove] = useDeleteInvoiceMutation();
  useEffect(() => {
    if (error) notify.error(translateError(t, error));
  }, [error, t]);

  const rows = data?.invoices ?? [];
  const stats = data?.stats;
  const page = trail.length;
  const goTo = (pages: string[]) =>
    setParams((prev) => mergeSearchParams(prev, { pages: pages.join('.') || null }), {
      replace: false,
    });
  const chosen = rows.filter((r) => selected.includes(r.id));
  const sortBy = (key: InvoiceListQuery['sort']) =>
    update({ sort: key ?? null, order: sort === key && order === 'desc' ? 'asc' : 'desc' });

  const bulkSend = async () => {
    const sendable = chosen.filter((r) => r.kind === 'invoice' && r.status !== 'cancelled');
    let done = 0;
    for (const invoice of sendable) {
      try {
        await send({ id: invoice.id }).unwrap();
        done++;
      } catch (e) {
        notify.error(`${invoice.invoiceNumber ?? invoice.to.name}: ${translateError(t, e)}`);
      }
    }
    notify.success(t('invoice.list.sentCount', { n: f.count(done) }));
    setSelected([]);
  };
  const bulkDelete = async () => {
    setConfirmDelete(false);
    let done = 0;
    for (const invoice of chosen.filter((r) => r.status === 'draft')) {
      try {
        await remove(invoice.id).unwrap();
        done++;
      } catch (e) {
        notify.error(translateError(t, e));
      }
    }
    notify.success(t('invoice.list.deletedCount', { n: f.count(done) }));
    setSelected([]);
  };
  /** Mark paid or cancel: one call; the refused stay selected and are named with why. */
  const applyBulkStatus = async () => {
    if (!bulkTo) return;
    try {
      const answer = await bulkStatus({ ids: chosen.map((r) => r.id), status: bulkTo }).unwrap();
      setBulkTo(null);
      setSelected(answer.refused.map((r) => r.id));
      setRefused(
        answer.refused.map((r) => ({
          id: r.id,
          name: [r.number ?? t('invoice.status.draft'), r.name].filter(Boolean).join(' · '),
          why: t(`invoice.errors.${r.code}`, { defaultValue: r.message }),
        })),
      );
      if (answer.changed.length)
        notify.success(t(`invoice.bulk.done.${bulkTo}`, { n: f.count(answer.changed.length) }));
      if (answer.refused.length)
        notify.warning(t('invoice.bulk.refused', { n: f.count(answer.refused.length) }));
    } catch (e) {
      setBulkTo(null);
      notify.error(translateError(t, e));
    }
  };
  const draftsChosen = chosen.filter((r) => r.status === 'draft').length;
  const bulkDownload = async () => {
    if (chosen.length > INVOICE_ZIP_MAX) {
      notify.error(t('invoice.list.zipTooMany', { n: f.count(INVOICE_ZIP_MAX) }));
      return;
    }
    setZipping(true);
    try {
      await downloadInvoicesZip(
        chosen.map((r) => r.id),
        i18n.language,
      );
    } catch (e) {
      notify.error(translateError(t, e));
    } finally {
      setZipping(false);
    }
  };
  const remindOverdue = async () => {
    try {
      const answer = await remind().unwrap();
      notify.success(t('invoice.list.remindedCount', { n: f.count(answer.sent) }));
    } catch (e) {
      notify.error(translateError(t, e));
    }
  };

  const columns: Array<DataColumn<InvoiceSummary>> = [
    {
      id: 'customer',
      header: t('invoice.fields.customer'),
      required: true,
      width: 240,
      cell: (invoice) => (
        <Box sx={{ minWidth: 0 }}>
          <Typography variant="body2" noWrap sx={{ fontWeight: 600 }}>
            {invoice.to.name}
          </Typography>
          <Link
            component={RouterLink}
            to={paths.dashboard.invoice.details(invoice.id)}
            underline="hover"
            variant="body2"
            dir="ltr"
            // Its own line, not a link inside running text.
            sx={{ display: 'block', width: 'fit-content' }}
          >
            {invoice.invoiceNumber ?? t('invoice.status.draft')}
            {invoice.kind === 'credit_note' ? ` · ${t('invoice.creditNote')}` : ''}
          </Link>
        </Box>
      ),
    },
    {
      id: 'createdAt',
      header: t('invoice.fields.created'),
      sortable: true,
      width: 130,
      cell: (invoice) => f.day(invoice.createdAt),
    },
    {
      id: 'dueDate',
      header: t('invoice.fields.due'),
      sortable: true,
      width: 130,
      cell: (invoice) => f.day(invoice.dueDate),
    },
    {
      id: 'total',
      header: t('invoice.fields.amount'),
      sortable: true,
      align: 'right',
      width: 160,
      cell: (invoice) => (
        <Box>
          <bdi dir="ltr">{f.money(invoice.total, invoice.currency)}</bdi>
          {invoice.paid > 0 && invoice.balance > 0 && (
            <Typography variant="caption" component="div" sx={{ color: 'text.secondary' }}>
              {t('invoice.fields.balance')}:{' '}
              <bdi dir="ltr">{f.money(invoice.balance, invoice.currency)}</bdi>
            </Typography>
          )}
        </Box>
      ),
    },
    {
      id: 'sent',
      header: t('invoice.fields.sent'),
      align: 'center',
      width: 90,
      cell: (invoice) => f.count(invoice.sentCount),
    },
    {
      id: 'status',
      header: t('invoice.fields.status'),
      width: 130,
      cell: (invoice) => (
        <Label color={INVOICE_STATUS_COLOR[invoice.status]}>
          {t(`invoice.status.${invoice.status}`)}
        </Label>
      ),
    },
  ];

  return (
    <Container maxWidth="xl">
      <PageHeader
        title={t('invoice.list.title')}
        crumbs={[
          { name: t('nav.dashboard'), href: paths.dashboard.root },
          { name: t('nav.invoice'), href: paths.dashboard.invoice.root },
          { name: t('nav.list') },
        ]}
        action={
          canWrite ? (
            <Button
              component={RouterLink}
              to={paths.dashboard.invoice.new}
              variant="contained"
              startIcon={<AddRounded />}
            >
              {t('invoice.list.new')}
            </Button>
          ) : undefined
        }
      />

      <Box
        sx={{
          mb: 3,
          display: 'grid',
          gap: 2,
          gridTemplateColumns: { xs: '1fr 1fr', sm: 'repeat(3, 1fr)', lg: 'repeat(5, 1fr)' },
        }}
      >
        {CARDS.map(({ tab, color }) => {
          const figure = stats?.[tab];
          const share = stats && stats.all.count ? (figure?.count ?? 0) / stats.all.count : 0;
          return (
            <Card
              key={tab}
              component="button"
              type="button"
              onClick={() => update({ status: tab === 'all' ? null : tab })}
              aria-pressed={status === tab}
              data-testid={`invoice-card-${tab}`}
              sx={{
                p: 2,
                textAlign: 'start',
                border: 0,
                cursor: 'pointer',
                font: 'inherit',
                color: 'inherit',
                outline: status === tab ? 2 : 0,
                outlineColor: (th) => (color ? th.palette[color].main : th.palette.text.secondary),
              }}
            >
              <Typography
                variant="subtitle2"
                sx={{ color: (th) => (color ? textShade(th, color) : th.palette.text.secondary) }}
              >
                {t(`invoice.tabs.${tab}`)}
              </Typography>
              {figure ? (
                <>
                  <Typography variant="h6" data-testid={`invoice-amount-${tab}`}>
                    <bdi dir="ltr">
                      {f.money(tab === 'paid' || tab === 'all' ? figure.amount : figure.balance)}
                    </bdi>
                  </Typography>
                  <Typography variant="caption" sx={{ color: 'text.secondary' }}>
                    {t('invoice.list.invoicesCount', { n: f.count(figure.count) })}
                    {tab !== 'all' ? ` · ${f.percent(share)}` : ''}
                  </Typography>
                </>
              ) : (
                <Skeleton width="70%" height={48} />
              )}
            </Card>
          );
        })}
      </Box>

      <Card>
        <Tabs
          value={status}
          onChange={(_, v: string) => update({ status: v === 'all' ? null : v })}
          variant="scrollable"
          allowScrollButtonsMobile
          sx={{ px: 2.5, boxShadow: (theme) => `inset 0 -2px 0 0 ${theme.palette.divider}` }}
        >
          {INVOICE_TABS.map((tab) => (
            <Tab
              key={tab}
              value={tab}
              label={
                <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
                  <span>{t(`invoice.tabs.${tab}`)}</span>
                  <Label color={tab === 'all' ? 'default' : INVOICE_STATUS_COLOR[tab]}>
                    {stats ? f.count(stats[tab].count) : '…'}
                  </Label>
                </Stack>
              }
            />
          ))}
        </Tabs>

        <Stack
          direction={{ xs: 'column', md: 'row' }}
          spacing={2}
          useFlexGap
          sx={{ p: 2.5, flexWrap: { md: 'wrap' } }}
        >
          <TextField
            fullWidth
            sx={{ flex: { md: '1 1 320px' } }}
            value={search}
            onChange={(e) => setSearch(e.target.value)}
            placeholder={t('invoice.list.search')}
            slotProps={{
              htmlInput: { 'aria-label': t('invoice.list.search') },
              input: {
                startAdornment: (
                  <InputAdornment position="start">
                    <SearchRounded />
                  </InputAdornment>
                ),
              },
            }}
          />
          <TextField
            select
            label={t('invoice.list.service')}
            value={service}
            onChange={(e) => update({ service: e.target.value || null })}
            sx={{ minWidth: { md: 180 } }}
          >
            <MenuItem value="">{t('invoice.list.allServices')}</MenuItem>
            {(services?.services ?? []).map((s) => (
              <MenuItem key={s} value={s}>
                {s}
              </MenuItem>
            ))}
          </TextField>
          <TextField
            select
            label={t('invoice.list.dateField')}
            value={dateField}
            onChange={(e) => update({ dateField: e.target.value === 'due' ? 'due' : null })}
            sx={{ minWidth: { md: 150 } }}
          >
            <MenuItem value="created">{t('invoice.fields.created')}</MenuItem>
            <MenuItem value="due">{t('invoice.fields.due')}</MenuItem>
          </TextField>
          <DateField
            type="date"
            label={t('invoice.list.from')}
            value={from}
            onChange={(e) => update({ from: e.target.value || null })}
            sx={{ minWidth: { md: 170 } }}
          />
          <DateField
            type="date"
            label={t('invoice.list.to')}
            value={to}
            onChange={(e) => update({ to: e.target.value || null })}
            sx={{ minWidth: { md: 170 } }}
          />
          <Tooltip title={t('invoice.list.export')}>
            <IconButton
              aria-label={t('invoice.list.export')}
              onClick={() =>
                downloadInvoicesCsv(query).catch((e: unknown) => notify.error(translateError(t, e)))
              }
              sx={{ alignSelf: 'center' }}
            >
              <FileDownloadOutlined />
            </IconButton>
          </Tooltip>
        </Stack>

        {chosen.length > 0 && (
          <Stack
            direction="row"
            spacing={1}
            useFlexGap
            sx={{
              px: 2.5,
              py: 1,
              bgcolor: 'action.selected',
              alignItems: 'center',
              flexWrap: 'wrap',
            }}
          >
            <Typography variant="subtitle2" sx={{ flexGrow: 1 }}>
              {t('invoice.list.selected', { n: f.count(chosen.length) })}
            </Typography>
            <Button
              size="small"
              startIcon={<FolderZipOutlined />}
              loading={zipping}
              onClick={bulkDownload}
            >
              {t('invoice.actions.downloadZip')}
            </Button>
            {canWrite && (
              <>
                <Button size="small" startIcon={<SendRounded />} onClick={bulkSend}>
                  {t('invoice.actions.send')}
                </Button>
                <Button
                  size="small"
                  startIcon={<PaidOutlined />}
                  onClick={() => setBulkTo('paid')}
                  data-testid="invoice-bulk-paid"
                >
                  {t('invoice.bulk.markPaid')}
                </Button>
                <Button
                  size="small"
                  color="error"
                  startIcon={<BlockRounded />}
                  onClick={() => setBulkTo('cancelled')}
                  data-testid="invoice-bulk-cancel"
                >
                  {t('invoice.bulk.cancel')}
                </Button>
                <Button
                  size="small"
                  color="error"
                  startIcon={<DeleteOutlineRounded />}
                  disabled={draftsChosen === 0}
                  onClick={() => setConfirmDelete(true)}
                >
                  {t('invoice.actions.deleteDrafts', { n: f.count(draftsChosen) })}
                </Button>
              </>
            )}
          </Stack>
        )}
        <BulkRefused
          title={t('invoice.bulk.refusedTitle', { n: f.count(refused.length) })}
          rows={refused}
          onClose={() => setRefused([])}
          testId="invoice-bulk-refused"
        />
        {canWrite && status === 'overdue' && (stats?.overdue.count ?? 0) > 0 && (
          <Stack
            direction="row"
            spacing={1}
            useFlexGap
            sx={{ px: 2.5, py: 1, alignItems: 'center', flexWrap: 'wrap' }}
          >
            <Typography variant="body2" sx={{ flexGrow: 1, color: 'text.secondary' }}>
              {t('invoice.list.remindHint')}
            </Typography>
            <Button
              size="small"
              variant="outlined"
              startIcon={<NotificationsActiveOutlined />}
              loading={reminding.isLoading}
              onClick={remindOverdue}
            >
              {t('invoice.actions.remindOverdue')}
            </Button>
          </Stack>
        )}

        <DataTable
          list="invoices"
          label={t('invoice.list.title')}
          columns={columns}
          rows={data?.invoices}
          getRowId={(invoice) => invoice.id}
          rowLabel={(invoice) =>
            t('invoice.list.select', {
              name: invoice.invoiceNumber ?? t('invoice.status.draft'),
            })
          }
          loading={isLoading}
          fetching={isFetching}
          empty={<EmptyContent title={t('invoice.list.empty')} />}
          selection={{ selected, toggle, setAll: setSelected }}
          onOpen={(invoice) => void navigate(paths.dashboard.invoice.details(invoice.id))}
          sort={{
            by: sort ?? 'createdAt',
            dir: order,
            onSort: (by) => sortBy(by as InvoiceListQuery['sort']),
          }}
          rowTestId="invoice-row"
        />
        <Stack
          direction="row"
          spacing={1}
          sx={{ p: 1.5, alignItems: 'center', justifyContent: 'flex-end' }}
        >
          <TextField
            select
            size="small"
            label={t('ecommerce.list.rowsPerPage')}
            value={limit}
            onChange={(e) => update({ limit: Number(e.target.value) })}
            sx={{ width: 140 }}
          >
            {ROWS.map((n) => (
              <MenuItem key={n} value={n}>
                {n}
              </MenuItem>
            ))}
          </TextField>
          <Typography variant="body2" sx={{ px: 1 }} data-testid="invoice-range">
            {t('invoice.list.range', {
              from: f.count(rows.length ? page * limit + 1 : 0),
              to: f.count(page * limit + rows.length),
              total: f.count(data?.total ?? 0),
            })}
          </Typography>
          <IconButton
            aria-label={t('invoice.list.previous')}
            disabled={page === 0}
            onClick={() => goTo(trail.slice(0, -1))}
          >
            <ChevronLeftRounded
              sx={{ transform: (th) => (th.direction === 'rtl' ? 'scaleX(-1)' : 'none') }}
            />
          </IconButton>
          <IconButton
            aria-label={t('invoice.list.next')}
            disabled={!data?.nextCursor}
            onClick={() => data?.nextCursor && goTo([...trail, data.nextCursor])}
          >
            <ChevronRightRounded
              sx={{ transform: (th) => (th.direction === 'rtl' ? 'scaleX(-1)' : 'none') }}
            />
          </IconButton>
        </Stack>
      </Card>

      <ConfirmDialog
        open={bulkTo !== null}
        title={bulkTo === 'paid' ? t('invoice.bulk.markPaid') : t('invoice.bulk.cancel')}
        content={
          bulkTo === 'paid'
            ? t('invoice.bulk.confirm.paid', { n: f.count(chosen.length) })
            : t('invoice.bulk.confirm.cancelled', { n: f.count(chosen.length) })
        }
        action={bulkTo === 'paid' ? t('invoice.bulk.markPaid') : t('invoice.bulk.cancel')}
        busy={bulkStatusState.isLoading}
        onClose={() => setBulkTo(null)}
        onConfirm={() => void applyBulkStatus()}
      />
      <Dialog open={confirmDelete} onClose={() => setConfirmDelete(false)}>
        <DialogTitle>{t('invoice.actions.deleteDrafts', { n: f.count(draftsChosen) })}</DialogTitle>
        <DialogContent>
          <Typography>{t('invoice.list.deleteConfirm', { n: f.count(draftsChosen) })}</Typography>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setConfirmDelete(false)}>{t('common.cancel')}</Button>
          <Button color="error" variant="contained" onClick={bulkDelete}>
            {t('common.delete')}
          </Button>
        </DialogActions>
      </Dialog>
    </Container>
  );
}
