import FileDownloadOutlined from '@mui/icons-material/FileDownloadOutlined';
import SearchRounded from '@mui/icons-material/SearchRounded';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import Container from '@mui/material/Container';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import Link from '@mui/material/Link';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TablePagination from '@mui/material/TablePagination';
import TableRow from '@mui/material/TableRow';
import Tabs from '@mui/material/Tabs';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import type { OrderStatus } from '@bo/contract/orders';
import { ORDER_LIST_MAX_OFFSET, ORDER_STATUSES } from '@bo/contract/orders';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useSearchParams } from 'react-router';
import { WIDE_ONLY } from '../../components/table/phone';
import { mergeSearchParams, type SearchParamValue } from '../../lib/search-params';

import { EmptyContent } from '../../components/empty-content/empty-content';
import { PageHeader } from '../../components/page-header/page-header';
import { SavedViewsMenu } from '../../components/saved-views/saved-views-menu';
import { notify } from '../../components/snackbar/notify';
import { translateError } from '../../locales/form-errors';
import { paths } from '../../routes/paths';
import { downloadOrdersCsv, useOrdersQuery } from './ecommerce-api';
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
  const from = params.get('from') ?? '';
  const to = params.get('to') ?? '';
  // Past the first ORDER_LIST_MAX_OFFSET orders, pages are read after the last order shown (or
  // before the first), which costs the same at any depth; both stay in the URL for a reload.
  const after = params.get('after') ?? '';
  const before = params.get('before') ?? '';
  const [search, setSearch] = useState(q);

  // Any other change goes back to the first page.
  const update = (changes: Record<string, SearchParamValue>) =>
    setParams((prev) => mergeSearchParams(prev, changes, ['page', 'after', 'before']), {
      replace: true,
    });

  useEffect(() => {
    const id = setTimeout(() => {
      if (search.trim() !== q) update({ q: search.trim() });
    }, 350);
    return () => clearTimeout(id);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- only the typed text drives this
  }, [search]);

  // The filters a saved view keeps and restores.
  const filters = Object.fromEntries(
    Object.entries({ status: status ?? '', q, from, to }).filter(([, v]) => v),
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
            },
            ['page', 'after', 'before'],
          ),
        { replace: true },
      );
    },
    [setParams],
  );

  const { data, isLoading, isFetching, error } = useOrdersQuery({
    page,
    limit,
    status,
    q: q || undefined,
    from: from || undefined,
    to: to || undefined,
    after: after || undefined,
    before: before || undefined,
  });

  const goToPage = (target: number) => {
    const rows = data?.orders ?? [];
    if ((target - 1) * limit <= ORDER_LIST_MAX_OFFSET || !rows.length)
      update({ page: target, after: null, before: null });
    else if (target > page)
      update({ page: target, after: rows[rows.length - 1]!.id, before: null });
    else update({ page: target, before: rows[0]!.id, after: null });
  };
  useEffect(() => {
    if (error) notify.error(translateError(t, error));
  }, [error, t]);

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
          <Tooltip title={t('ecommerce.orders.export')}>
            <IconButton
              aria-label={t('ecommerce.orders.export')}
              data-testid="orders-export"
              onClick={() =>
                downloadOrdersCsv(filters).catch((e: unknown) => notify.error(translateError(t, e)))
              }
              sx={{ alignSelf: 'center' }}
            >
              <FileDownloadOutlined />
            </IconButton>
          </Tooltip>
        </Stack>
        <TableContainer sx={{ opacity: isFetching ? 0.6 : 1 }}>
          <Table
            sx={(theme) => ({
              minWidth: { sm: 720 },
              // A phone keeps the row within the screen.
              [theme.breakpoints.down('sm')]: { '& td, & th': { px: 1 } },
            })}
          >
            <TableHead>
              <TableRow>
                <TableCell>{t('ecommerce.orders.number')}</TableCell>
                <TableCell>{t('ecommerce.orders.customer')}</TableCell>
                <TableCell sx={WIDE_ONLY}>{t('ecommerce.orders.date')}</TableCell>
                <TableCell align="center" sx={WIDE_ONLY}>
                  {t('ecommerce.orders.items')}
                </TableCell>
                <TableCell align="right">{t('ecommerce.checkout.total')}</TableCell>
                <TableCell sx={WIDE_ONLY}>{t('ecommerce.orders.statusLabel')}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {isLoading
                ? Array.from({ length: 5 }, (_, i) => (
                    <TableRow key={i}>
                      <TableCell colSpan={6}>
                        <Skeleton height={32} />
                      </TableCell>
                    </TableRow>
                  ))
                : (data?.orders ?? []).map((order) => (
                    <TableRow key={order.id} hover data-testid="order-row">
                      <TableCell>
                        <Link
                          component={RouterLink}
                          to={paths.dashboard.eCommerce.orderDetails(order.id)}
                          underline="hover"
                          sx={{ fontWeight: 600 }}
                        >
                          #{order.number}
                        </Link>
                      </TableCell>
                      <TableCell>
                        <Typography variant="body2">{order.customerName}</Typography>
                        <Typography
                          variant="caption"
                          component="div"
                          noWrap
                          sx={{ color: 'text.disabled', maxWidth: { xs: 140, sm: 'none' } }}
                        >
                          {order.customerEmail}
                        </Typography>
                        {/* On a phone the date is folded in here. */}
                        <Typography
                          variant="caption"
                          component="div"
                          sx={{ color: 'text.secondary', display: { sm: 'none' } }}
                        >
                          {f.dateTime(order.createdAt)}
                        </Typography>
                      </TableCell>
                      <TableCell sx={WIDE_ONLY}>{f.dateTime(order.createdAt)}</TableCell>
                      <TableCell align="center" sx={WIDE_ONLY}>
                        {order.itemsCount}
                      </TableCell>
                      <TableCell align="right">
                        {f.money(order.total)}
                        {/* …and the status under the total. */}
                        <Box sx={{ display: { sm: 'none' }, mt: 0.5 }}>
                          <OrderStatusLabel status={order.status} />
                        </Box>
                      </TableCell>
                      <TableCell sx={WIDE_ONLY}>
                        <OrderStatusLabel status={order.status} />
                      </TableCell>
                    </TableRow>
                  ))}
            </TableBody>
          </Table>
        </TableContainer>
        {!isLoading && data && data.orders.length === 0 && (
          <EmptyContent title={t('ecommerce.orders.empty')} />
        )}
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
          />
        </Box>
      </Card>
    </Container>
  );
}
