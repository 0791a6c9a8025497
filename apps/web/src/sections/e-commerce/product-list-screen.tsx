import AddRounded from '@mui/icons-material/AddRounded';
import DeleteOutlineRounded from '@mui/icons-material/DeleteOutlineRounded';
import DownloadRounded from '@mui/icons-material/DownloadRounded';
import EditRounded from '@mui/icons-material/EditRounded';
import SearchRounded from '@mui/icons-material/SearchRounded';
import VisibilityRounded from '@mui/icons-material/VisibilityRounded';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import Container from '@mui/material/Container';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import InputAdornment from '@mui/material/InputAdornment';
import LinearProgress from '@mui/material/LinearProgress';
import Link from '@mui/material/Link';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { DataGrid, GridActionsCellItem } from '@mui/x-data-grid';
import type { GridColDef, GridRowSelectionModel, GridSortModel } from '@mui/x-data-grid';
import { arSD, enUS, frFR, viVN, zhCN } from '@mui/x-data-grid/locales';
import type { Product, ProductListQuery } from '@bo/contract/products';
import type { InventoryState, ProductSort } from '@bo/contract/products-constants';
import { INVENTORY_STATES, LOW_STOCK_THRESHOLD } from '@bo/contract/products-constants';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate, useSearchParams } from 'react-router';
import { useHasAccess } from '../../auth/role-based-guard';
import { mergeSearchParams, type SearchParamValue } from '../../lib/search-params';

import { Label } from '../../components/label/label';
import { PageHeader } from '../../components/page-header/page-header';
import { notify } from '../../components/snackbar/notify';
import { translateError } from '../../locales/form-errors';
import { paths } from '../../routes/paths';
import {
  downloadProductsCsv,
  useBulkDeleteProductsMutation,
  useDeleteProductMutation,
  useProductsQuery,
} from './ecommerce-api';
import { cspNonce } from '../../theme/csp-nonce';
import { useFormat } from './format';

const GRID_LOCALES = { en: enUS, fr: frFR, vi: viVN, cn: zhCN, ar: arSD } as const;
const SORTABLE: Record<string, ProductSort> = {
  name: 'name',
  createdAt: 'createdAt',
  price: 'price',
  quantity: 'quantity',
};
const PAGE_SIZES = [10, 25, 50, 100];

type Confirm = { ids: string[]; label: string } | null;

/** The product list with its data grid; loaded by ProductListView so MUI X arrives after the frame. */
export function ProductListScreen() {
  const { t, i18n } = useTranslation();
  const f = useFormat();
  const navigate = useNavigate();
  const canWrite = useHasAccess(undefined, ['products:write']);
  const [params, setParams] = useSearchParams();
  const page = Math.max(1, Number(params.get('page')) || 1);
  const limit = PAGE_SIZES.includes(Number(params.get('limit'))) ? Number(params.get('limit')) : 25;
  const sortField = params.get('sort') ?? 'createdAt';
  const order = params.get('order') === 'asc' ? 'asc' : 'desc';
  const stock = (INVENTORY_STATES as readonly string[]).includes(params.get('stock') ?? '')
    ? (params.get('stock') as InventoryState)
    : undefined;
  const published =
    params.get('published') === 'true' || params.get('published') === 'false'
      ? (params.get('published') as 'true' | 'false')
      : undefined;
  const q = params.get('q') ?? '';
  const [search, setSearch] = useState(q);
  const [selection, setSelection] = useState<GridRowSelectionModel>({
    type: 'include',
    ids: new Set(),
  });
  const [confirm, setConfirm] = useState<Confirm>(null);
  const [exporting, setExporting] = useState(false);

  // Any other change goes back to the first page.
  const update = (changes: Record<string, SearchParamValue>) =>
    setParams((prev) => mergeSearchParams(prev, changes, ['page']), { replace: true });

  useEffect(() => {
    const id = setTimeout(() => {
      if (search.trim() !== q) update({ q: search.trim() });
    }, 350);
    return () => clearTimeout(id);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- only the typed text drives this
  }, [search]);

  const query: ProductListQuery = {
    page,
    limit,
    sort: SORTABLE[sortField] ?? 'createdAt',
    order,
    q: q || undefined,
    stock,
    published,
  };
  const { data, isFetching, error } = useProductsQuery(query);
  const [deleteOne, { isLoading: deletingOne }] = useDeleteProductMutation();
  const [deleteMany, { isLoading: deletingMany }] = useBulkDeleteProductsMutation();
  useEffect(() => {
    if (error) notify.error(translateError(t, error));
  }, [error, t]);

  const selectedIds = useMemo(() => {
    const rows = data?.products ?? [];
    return selection.type === 'include'
      ? [...selection.ids].map(String)
      : rows.map((r) => r.id).filter((id) => !selection.ids.has(id));
  }, [selection, data]);

  const columns: GridColDef<Product>[] = [
    {
      field: 'name',
      headerName: t('ecommerce.list.product'),
      flex: 1,
      minWidth: 260,
      renderCell: ({ row }) => (
        // The grid sets its row height as line-height; text blocks need their own.
        <Stack
          direction="row"
          spacing={2}
          sx={{ alignItems: 'center', height: 1, minWidth: 0, lineHeight: 1.5 }}
        >
          <Avatar
            variant="rounded"
            src={row.cover ?? undefined}
            alt=""
            sx={{ width: 48, height: 48 }}
          />
          <Box sx={{ minWidth: 0 }}>
            <Link
              component={RouterLink}
              to={paths.dashboard.eCommerce.view(row.slug)}
              color="inherit"
              underline="hover"
              noWrap
              sx={{ display: 'block', typography: 'subtitle2' }}
            >
              {row.name}
            </Link>
            <Typography variant="caption" sx={{ color: 'text.disabled' }} noWrap>
              {t(`ecommerce.category.${row.categoryKey}`, { defaultValue: row.category })} ·{' '}
              {row.sku}
            </Typography>
          </Box>
        </Stack>
      ),
    },
    {
      field: 'createdAt',
      headerName: t('ecommerce.list.created'),
      width: 150,
      valueFormatter: (value: string) => f.date(value),
    },
    {
      field: 'quantity',
      headerName: t('ecommerce.list.stock'),
      width: 170,
      renderCell: ({ row }) => (
        <Stack
          spacing={0.5}
          sx={{ justifyContent: 'center', height: 1, width: 1, lineHeight: 1.5 }}
        >
          <LinearProgress
            variant="determinate"
            value={
              row.quantity === 0
                ? 0
                : Math.min(100, (row.quantity / (LOW_STOCK_THRESHOLD * 5)) * 100)
            }
            color={
              row.inventoryType === 'in_stock'
                ? 'success'
                : row.inventoryType === 'low_stock'
                  ? 'warning'
                  : 'error'
            }
            aria-label={t(`ecommerce.inventory.${row.inventoryType}`)}
          />
          <Typography variant="caption" sx={{ color: 'text.secondary' }}>
            {row.quantity > 0 ? `${row.quantity} ` : ''}
            {t(`ecommerce.inventory.${row.inventoryType}`)}
          </Typography>
        </Stack>
      ),
    },
    {
      field: 'price',
      headerName: t('ecommerce.list.price'),
      width: 130,
      renderCell: ({ row }) => f.money(row.priceSale ?? row.price),
    },
    {
      field: 'published',
      headerName: t('ecommerce.list.published'),
      width: 130,
      sortable: false,
      renderCell: ({ row }) => (
        <Label color={row.published ? 'info' : 'default'}>
          {row.published ? t('ecommerce.list.publishedYes') : t('ecommerce.list.draft')}
        </Label>
      ),
    },
    {
      field: 'actions',
      type: 'actions',
      width: 120,
      // Edit and delete only for those who may: nobody meets a 403 after pressing a button.
      getActions: ({ row }) => [
        <GridActionsCellItem
          key="view"
          icon={<VisibilityRounded />}
          label={t('ecommerce.list.view')}
          onClick={() => navigate(paths.dashboard.eCommerce.view(row.slug))}
        />,
        ...(canWrite
          ? [
              <GridActionsCellItem
                key="edit"
                icon={<EditRounded />}
                label={t('common.edit')}
                onClick={() => navigate(paths.dashboard.eCommerce.edit(row.slug))}
              />,
              <GridActionsCellItem
                key="delete"
                icon={<DeleteOutlineRounded />}
                label={t('common.delete')}
                onClick={() => setConfirm({ ids: [row.id], label: row.name })}
              />,
            ]
          : []),
      ],
    },
  ];

  const sortModel: GridSortModel = [
    { field: sortField === 'quantity' ? 'quantity' : sortField, sort: order },
  ];

  const doDelete = async () => {
    if (!confirm) return;
    try {
      if (confirm.ids.length === 1) await deleteOne(confirm.ids[0]!).unwrap();
      else await deleteMany(confirm.ids).unwrap();
      notify.success(t('ecommerce.list.deleted', { count: confirm.ids.length }));
      setSelection({ type: 'include', ids: new Set() });
    } catch (err) {
      notify.error(translateError(t, err));
    } finally {
      setConfirm(null);
    }
  };

  const lang = (i18n.language in GRID_LOCALES ? i18n.language : 'en') as keyof typeof GRID_LOCALES;

  return (
    <Container maxWidth="xl">
      <PageHeader
        title={t('ecommerce.list.title')}
        crumbs={[
          { name: t('nav.dashboard'), href: paths.dashboard.root },
          { name: t('nav.eCommerce'), href: paths.dashboard.eCommerce.root },
          { name: t('nav.list') },
        ]}
        action={
          canWrite ? (
            <Button
              component={RouterLink}
              to={paths.dashboard.eCommerce.new}
              variant="contained"
              startIcon={<AddRounded />}
            >
              {t('ecommerce.list.new')}
            </Button>
          ) : undefined
        }
      />
      <Card>
        <Stack
          direction={{ xs: 'column', md: 'row' }}
          spacing={2}
          sx={{ p: 2.5, alignItems: { md: 'center' } }}
        >
          <TextField
            select
            label={t('ecommerce.list.stock')}
            value={stock ?? ''}
            onChange={(e) => update({ stock: e.target.value })}
            sx={{ minWidth: 180 }}
          >
            <MenuItem value="">{t('ecommerce.filters.all')}</MenuItem>
            {INVENTORY_STATES.map((s) => (
              <MenuItem key={s} value={s}>
                {t(`ecommerce.inventory.${s}`)}
              </MenuItem>
            ))}
          </TextField>
          <TextField
            select
            label={t('ecommerce.list.published')}
            value={published ?? ''}
            onChange={(e) => update({ published: e.target.value })}
            sx={{ minWidth: 180 }}
          >
            <MenuItem value="">{t('ecommerce.filters.all')}</MenuItem>
            <MenuItem value="true">{t('ecommerce.list.publishedYes')}</MenuItem>
            <MenuItem value="false">{t('ecommerce.list.draft')}</MenuItem>
          </TextField>
          <TextField
            fullWidth
            value={search}
            onChange={(e) => setSearch(e.target.value)}
            placeholder={t('ecommerce.list.search')}
            slotProps={{
              htmlInput: { 'aria-label': t('ecommerce.list.search') },
              input: {
                startAdornment: (
                  <InputAdornment position="start">
                    <SearchRounded />
                  </InputAdornment>
                ),
              },
            }}
          />
          <Stack direction="row" spacing={1} sx={{ flexShrink: 0 }}>
            {canWrite && selectedIds.length > 0 && (
              <Button
                color="error"
                variant="outlined"
                startIcon={<DeleteOutlineRounded />}
                onClick={() => setConfirm({ ids: selectedIds, label: '' })}
              >
                {t('ecommerce.list.deleteSelected', { count: selectedIds.length })}
              </Button>
            )}
            <Button
              color="inherit"
              variant="outlined"
              startIcon={<DownloadRounded />}
              loading={exporting}
              onClick={async () => {
                setExporting(true);
                try {
                  await downloadProductsCsv(query);
                } catch (err) {
                  notify.error(translateError(t, err));
                } finally {
                  setExporting(false);
                }
              }}
            >
              {t('ecommerce.list.export')}
            </Button>
          </Stack>
        </Stack>
        <Box sx={{ width: 1 }}>
          <DataGrid
            nonce={cspNonce}
            autoHeight
            rows={data?.products ?? []}
            columns={columns}
            // Past the server's count cap the total is unknown: the grid says "more than" and
            // keeps the next-page button while a full page comes back.
            rowCount={data?.totalCapped ? -1 : (data?.total ?? 0)}
            paginationMeta={
              data?.totalCapped ? { hasNextPage: data.products.length === limit } : undefined
            }
            loading={isFetching}
            rowHeight={72}
            checkboxSelection={canWrite}
            disableRowSelectionOnClick
            disableColumnFilter
            paginationMode="server"
            sortingMode="server"
            filterMode="server"
            pageSizeOptions={PAGE_SIZES}
            paginationModel={{ page: page - 1, pageSize: limit }}
            onPaginationModelChange={(model) =>
              update({ page: model.page + 1, limit: model.pageSize === 25 ? null : model.pageSize })
            }
            sortModel={sortModel}
            onSortModelChange={(model) => {
              const first = model[0];
              update({ sort: first?.field ?? null, order: first?.sort ?? null });
            }}
            rowSelectionModel={selection}
            onRowSelectionModelChange={setSelection}
            localeText={GRID_LOCALES[lang].components.MuiDataGrid.defaultProps.localeText}
            slotProps={{ loadingOverlay: { variant: 'skeleton', noRowsVariant: 'skeleton' } }}
            sx={{ border: 0 }}
          />
        </Box>
      </Card>
      <Dialog open={confirm !== null} onClose={() => setConfirm(null)}>
        <DialogTitle>{t('common.delete')}</DialogTitle>
        <DialogContent>
          <DialogContentText>
            {confirm && confirm.ids.length === 1 && confirm.label
              ? t('ecommerce.list.confirmOne', { name: confirm.label })
              : t('ecommerce.list.confirmMany', { count: confirm?.ids.length ?? 0 })}
          </DialogContentText>
        </DialogContent>
        <DialogActions>
          <Button color="inherit" variant="outlined" onClick={() => setConfirm(null)}>
            {t('common.cancel')}
          </Button>
          <Button
            color="error"
            variant="contained"
            loading={deletingOne || deletingMany}
            onClick={doDelete}
          >
            {t('common.delete')}
          </Button>
        </DialogActions>
      </Dialog>
    </Container>
  );
}
