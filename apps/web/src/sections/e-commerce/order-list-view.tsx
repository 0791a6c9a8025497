import SearchRounded from '@mui/icons-material/SearchRounded';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import MenuItem from '@mui/material/MenuItem';
import DialogTitle from '@mui/material/DialogTitle';
import DialogContentText from '@mui/material/DialogContentText';
import DialogContent from '@mui/material/DialogContent';
import DialogActions from '@mui/material/DialogActions';
import Dialog from '@mui/material/Dialog';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import InputAdornment from '@mui/material/InputAdornment';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import TablePagination from '@mui/material/TablePagination';
import Tabs from '@mui/material/Tabs';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { OrderStatus, OrderSummary } from '@bo/contract/orders';
import { ORDERS_API, ORDER_LIST_MAX_OFFSET, ORDER_STATUSES } from '@bo/contract/orders';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate, useSearchParams } from 'react-router';
import { DataTable, type DataColumn } from '../../components/data-table/data-table';
import { mergeSearchParams, type SearchParamValue } from '../../lib/search-params';

import { EmptyContent } from '../../components/empty-content/empty-content';
import { PageHeader } from '../../components/page-header/page-header';
import { ExportMenu } from '../../components/export-menu/export-menu';
import { SavedViewsMenu } from '../../components/saved-views/saved-views-menu';
import { notify } from '../../components/snackbar/notify';
import { translateError } from '../../locales/form-errors';
import { useAuth } from '../../auth/auth-context';
import { useRangeSelection } from '../../lib/use-range-selection';
import { paths } from '../../routes/paths';
import { useBulkOrderStatusMutation, useOrdersQuery } from './ecommerce-api';
import { useFormat } from './format';
import { OrderStatusLabel } from './order-status';
import { DateField } from '../../components/form/date-field';

const ROWS = [10, 25, 50];

export function OrderListView() {
  const { t } = useTranslation();
  const f = useFormat();
  const [params, setParams] = useSearchParams();
  const page = Math.max(1, Number(params.get('page')) || 1);
  const limit = ROWS.includes(Number(params.get('limit'))) ? Number(params.get('limit')) : 25;
  const status = (ORDER_STATUSES as readonly string[]).includes(params.get('status') ?? '')
    ? (params.get('status') as OrderStatus)
    : undefined;
  const q = params.get('q') ?? '';
  const sort = (['number', 'total'] as const).find((s) => s === params.get('sort')) ?? 'createdAt';
  const order = params.get('order') === 'asc' ? 'asc' : 'desc';
  const from = params.get('from') ?? '';
  const to = params.get('to') ?? '';
  // Past the first ORDER_LIST_MAX_OFFSET orders, pages are read after the last order shown (or
  // before the first), which costs the same at any depth; both stay in the URL for a reload.
  const after = params.get('after') ?? '';
  const before = params.get('before') ?? '';
  const [search, setSearch] = useState(q);
  const navigate = useNavigate();
  const { user } = useAuth();
  const canWrite = user?.permissions.includes('orders:write') ?? false;
  const { selected, toggle, setAll } = useRangeSelection();
  const [bulkStatus, setBulkStatus] = useState<OrderStatus | ''>('');
  const [confirming, setConfirming] = useState(false);
  const [bulkChange, changing] = useBulkOrderStatusMutation();

  // Any other change goes back to the first page.
  const update = (changes: Record<string, SearchParamValue>) => {
    setAll([]);
    setParams((prev) => mergeSearchParams(prev, changes, ['page', 'after', 'before']), {
      replace: true,
    });
  };

  useEffect(() => {
    const id = setTimeout(() => {
      if (search.trim() !== q) update({ q: search.trim() });
    }, 350);
    return () => clearTimeout(id);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- only the typed text drives this
  }, [search]);

  // The filters a saved view keeps and restores.
  const filters = Object.fromEntries(
    Object.entries({
      status: status ?? '',
      q,
      from,
      to,
      sort: sort === 'createdAt' ? '' : sort,
      order: order === 'desc' ? '' : order,
    }).filter(([, v]) => v),
  );
  const applyView = useCallback(
    (view: Record<string, string>) => {
      setSearch(view.q ?? '');
      setParams(
        (prev) =>
          mergeSearchParams(
            prev,
            {
              status: view.status ?? null,
              q: view.q ?? null,
              from: view.from ?? null,
              to: view.to ?? null,
              sort: view.sort ?? null,
              order: view.order ?? null,
            },
            ['page', 'after', 'before'],
          ),
        { replace: true },
      );
    },
    [setParams],
  );

  const { data, isLoading, isFetching, error, refetch } = useOrdersQuery({
    page,
    limit,
    sort,
    order,
    status,
    q: q || undefined,
    from: from || undefined,
    to: to || undefined,
    after: after || undefined,
    before: before || undefined,
  });

  const applyBulk = async () => {
    if (!bulkStatus) return;
    try {
      const answer = await bulkChange({ ids: selected, status: bulkStatus }).unwrap();
      setConfirming(false);
      setAll(answer.refused.map((r) => r.id));
      if (answer.changed.length)
        notify(
          t('ecommerce.orders.bulk.done', {
            count: answer.changed.length,
            status: t(`ecommerce.orders.status.${bulkStatus}`),
          }),
        );
      // The refused stay selected and are named with the reason.
      if (answer.refused.length)
        notify.error(
          t('ecommerce.orders.bulk.refused', {
            count: answer.refused.length,
            numbers: answer.refused.map((r) => (r.number ? `#${r.number}` : r.id)).join(', '),
            status: t(`ecommerce.orders.status.${bulkStatus}`),
          }),
        );
    } catch (e) {
      notify.error(translateError(t, e));
    }
  };

  const goToPage = (target: number) => {
    const rows = data?.orders ?? [];
    if ((target - 1) * limit <= ORDER_LIST_MAX_OFFSET || !rows.length)
      update({ page: target, after: null, before: null });
    else if (target > page)
      update({ page: target, after: rows[rows.length - 1]!.id, before: null });
    else update({ page: target, before: rows[0]!.id, after: null });
  };

  const columns: Array<DataColumn<OrderSummary>> = [
    {
      id: 'number',
      header: t('ecommerce.orders.number'),
      required: true,
      sortable: true,
      width: 110,
      cell: (order) => (
        <Link
          component={RouterLink}
          to={paths.dashboard.eCommerce.orderDetails(order.id)}
          underline="hover"
          sx={{ fontWeight: 600 }}
        >
          #{order.number}
        </Link>
      ),
    },
    {
      id: 'customer',
      header: t('ecommerce.orders.customer'),
      width: 260,
      cell: (order) => (
        <Box sx={{ minWidth: 0 }}>
          <Typography variant="body2" noWrap>
            {order.customerName}
          </Typography>
          <Typography variant="caption" component="div" noWrap sx={{ color: 'text.disabled' }}>
            {order.customerEmail}
          </Typography>
        </Box>
      ),
    },
    {
      id: 'createdAt',
      header: t('ecommerce.orders.date'),
      sortable: true,
      width: 190,
      cell: (order) => f.dateTime(order.createdAt),
    },
    {
      id: 'items',
      header: t('ecommerce.orders.items'),
      align: 'center',
      width: 100,
      cell: (order) => order.itemsCount,
    },
    {
      id: 'total',
      header: t('ecommerce.checkout.total'),
      align: 'right',
      sortable: true,
      width: 130,
      cell: (order) => f.money(order.total),
    },
    {
      id: 'status',
      header: t('ecommerce.orders.statusLabel'),
      width: 140,
      cell: (order) => <OrderStatusLabel status={order.status} />,
    },
  ];

  return (
    <Container maxWidth="xl">
      <PageHeader
        title={t('ecommerce.orders.title')}
        crumbs={[
          { name: t('nav.dashboard'), href: paths.dashboard.root },
          { name: t('nav.eCommerce'), href: paths.dashboard.eCommerce.root },
          { name: t('nav.orders') },
        ]}
      />
      <Card>
        <Tabs
          value={status ?? 'all'}
          onChange={(_, v: string) => update({ status: v === 'all' ? null : v })}
          variant="scrollable"
          sx={{ px: 2.5, boxShadow: (theme) => `inset 0 -2px 0 0 ${theme.palette.divider}` }}
        >
          <Tab value="all" label={t('ecommerce.orders.all')} />
          {ORDER_STATUSES.map((s) => (
            <Tab key={s} value={s} label={t(`ecommerce.orders.status.${s}`)} />
          ))}
        </Tabs>
        <Stack direction={{ xs: 'column', md: 'row' }} spacing={2} sx={{ p: 2.5 }}>
          <DateField
            type="date"
            label={t('ecommerce.orders.from')}
            value={from}
            onChange={(e) => update({ from: e.target.value })}
            sx={{ width: { md: 200 } }}
          />
          <DateField
            type="date"
            label={t('ecommerce.orders.to')}
            value={to}
            onChange={(e) => update({ to: e.target.value })}
            sx={{ width: { md: 200 } }}
          />
          <TextField
            fullWidth
            value={search}
            onChange={(e) => setSearch(e.target.value)}
            placeholder={t('ecommerce.orders.search')}
            slotProps={{
              htmlInput: { 'aria-label': t('ecommerce.orders.search') },
              input: {
                startAdornment: (
                  <InputAdornment position="start">
                    <SearchRounded />
                  </InputAdornment>
                ),
              },
            }}
          />
          <SavedViewsMenu list="orders" filters={filters} onApply={applyView} />
          <ExportMenu
            path={ORDERS_API.export}
            filters={filters}
            fileBase="orders"
            label={t('ecommerce.orders.export')}
            testId="orders-export"
          />
        </Stack>
        {canWrite && selected.length > 0 && (
          <Stack
            direction="row"
            spacing={2}
            useFlexGap
            sx={{ px: 2.5, pb: 2, alignItems: 'center', flexWrap: 'wrap' }}
            data-testid="orders-bulk-bar"
          >
            <Typography variant="subtitle2" role="status">
              {t('ecommerce.orders.bulk.selected', { count: selected.length })}
            </Typography>
            <TextField
              select
              size="small"
              label={t('ecommerce.orders.bulk.changeTo')}
              value={bulkStatus}
              onChange={(e) => setBulkStatus(e.target.value as OrderStatus)}
              sx={{ minWidth: 180 }}
            >
              {ORDER_STATUSES.map((s) => (
                <MenuItem key={s} value={s}>
                  {t(`ecommerce.orders.status.${s}`)}
                </MenuItem>
              ))}
            </TextField>
            <Button variant="contained" disabled={!bulkStatus} onClick={() => setConfirming(true)}>
              {t('ecommerce.orders.bulk.apply')}
            </Button>
            <Button color="inherit" onClick={() => setAll([])}>
              {t('ecommerce.orders.bulk.clear')}
            </Button>
          </Stack>
        )}
        <Dialog open={confirming} onClose={() => setConfirming(false)} maxWidth="xs" fullWidth>
          <DialogTitle>{t('ecommerce.orders.bulk.confirmTitle')}</DialogTitle>
          <DialogContent>
            <DialogContentText>
              {bulkStatus &&
                t('ecommerce.orders.bulk.confirmText', {
                  count: selected.length,
                  status: t(`ecommerce.orders.status.${bulkStatus}`),
                })}
            </DialogContentText>
          </DialogContent>
          <DialogActions>
            <Button color="inherit" variant="outlined" onClick={() => setConfirming(false)}>
              {t('common.cancel')}
            </Button>
            <Button
              variant="contained"
              onClick={() => void applyBulk()}
              disabled={changing.isLoading}
              data-testid="orders-bulk-confirm"
            >
              {t('ecommerce.orders.bulk.apply')}
            </Button>
          </DialogActions>
        </Dialog>
        <DataTable
          list="orders"
          label={t('nav.orders')}
          columns={columns}
          rows={data?.orders}
          getRowId={(o) => o.id}
          rowLabel={(o) => t('ecommerce.orders.bulk.select', { number: o.number })}
          loading={isLoading}
          fetching={isFetching}
          error={error && !data ? translateError(t, error) : undefined}
          onRetry={() => void refetch()}
          empty={<EmptyContent title={t('ecommerce.orders.empty')} />}
          selection={canWrite ? { selected, toggle, setAll } : undefined}
          onOpen={(o) => void navigate(paths.dashboard.eCommerce.orderDetails(o.id))}
          sort={{
            by: sort,
            dir: order,
            onSort: (by) =>
              update({
                sort: by === 'createdAt' ? null : by,
                order: by === sort && order === 'desc' ? 'asc' : null,
              }),
          }}
          rowTestId="order-row"
        />
        <Box>
          <TablePagination
            component="div"
            count={data?.total ?? 0}
            page={page - 1}
            rowsPerPage={limit}
            rowsPerPageOptions={ROWS}
            onPageChange={(_, p) => goToPage(p + 1)}
            onRowsPerPageChange={(e) => update({ limit: Number(e.target.value) })}
            labelRowsPerPage={t('ecommerce.list.rowsPerPage')}
            labelDisplayedRows={({ from, to, count }) =>
              count < 0
                ? t('ecommerce.list.displayedMore', { from, to })
                : t('ecommerce.list.displayed', { from, to, count })
            }
          />
        </Box>
      </Card>
    </Container>
  );
}
