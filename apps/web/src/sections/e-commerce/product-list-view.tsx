import AddRounded from '@mui/icons-material/AddRounded';
import DeleteOutlineRounded from '@mui/icons-material/DeleteOutlineRounded';
import DownloadRounded from '@mui/icons-material/DownloadRounded';
import EditRounded from '@mui/icons-material/EditRounded';
import FileUploadOutlined from '@mui/icons-material/FileUploadOutlined';
import MoreVertRounded from '@mui/icons-material/MoreVertRounded';
import SearchRounded from '@mui/icons-material/SearchRounded';
import VisibilityRounded from '@mui/icons-material/VisibilityRounded';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import Container from '@mui/material/Container';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import LinearProgress from '@mui/material/LinearProgress';
import Link from '@mui/material/Link';
import ListItemIcon from '@mui/material/ListItemIcon';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TablePagination from '@mui/material/TablePagination';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { Product, ProductListQuery } from '@bo/contract/products';
import type { InventoryState, ProductSort } from '@bo/contract/products-constants';
import { INVENTORY_STATES, LOW_STOCK_THRESHOLD } from '@bo/contract/products-constants';
import { Suspense, lazy, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate, useSearchParams } from 'react-router';

import { useHasAccess } from '../../auth/role-based-guard';
import { ConfirmDialog } from '../../components/confirm-dialog/confirm-dialog';
import { DataTable, type DataColumn } from '../../components/data-table/data-table';
import { EmptyContent } from '../../components/empty-content/empty-content';
import { Label } from '../../components/label/label';
import { PageHeader } from '../../components/page-header/page-header';
import { notify } from '../../components/snackbar/notify';
import { mergeSearchParams, type SearchParamValue } from '../../lib/search-params';
import { useRangeSelection } from '../../lib/use-range-selection';
import { translateError } from '../../locales/form-errors';
import { paths } from '../../routes/paths';
import { downloadProductsCsv, useDeleteProductMutation, useProductsQuery } from './ecommerce-api';
import { useFormat } from './format';
import { ProductBulkBar } from './product-bulk-bar';

// The import dialog (stepper, tables) loads when it is opened.
const ProductImport = lazy(() =>
  import('./product-import').then((m) => ({ default: m.ProductImport })),
);

const SORTABLE: Record<string, ProductSort> = {
  name: 'name',
  createdAt: 'createdAt',
  price: 'price',
  quantity: 'quantity',
};
const PAGE_SIZES = [10, 25, 50, 100];

/** View, and for those who may, edit and delete: one button per row, its menu. */
function ProductRowMenu({
  product,
  canWrite,
  onDelete,
}: {
  product: Product;
  canWrite: boolean;
  onDelete: (p: Product) => void;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  return (
    <>
      <IconButton
        size="small"
        aria-label={t('ecommerce.list.actionsOf', { name: product.name })}
        aria-haspopup="menu"
        onClick={(e) => setAnchor(e.currentTarget)}
      >
        <MoreVertRounded fontSize="small" />
      </IconButton>
      <Menu anchorEl={anchor} open={anchor !== null} onClose={() => setAnchor(null)}>
        <MenuItem onClick={() => void navigate(paths.dashboard.eCommerce.view(product.slug))}>
          <ListItemIcon>
            <VisibilityRounded fontSize="small" />
          </ListItemIcon>
          {t('ecommerce.list.view')}
        </MenuItem>
        {canWrite && (
          <MenuItem onClick={() => void navigate(paths.dashboard.eCommerce.edit(product.slug))}>
            <ListItemIcon>
              <EditRounded fontSize="small" />
            </ListItemIcon>
            {t('common.edit')}
          </MenuItem>
        )}
        {canWrite && (
          <MenuItem
            sx={{ color: 'error.main' }}
            onClick={() => {
              setAnchor(null);
              onDelete(product);
            }}
          >
            <ListItemIcon sx={{ color: 'inherit' }}>
              <DeleteOutlineRounded fontSize="small" />
            </ListItemIcon>
            {t('common.delete')}
          </MenuItem>
        )}
      </Menu>
    </>
  );
}

/** The product list on the one data table (decision 046): filters, sort and pages in the URL. */
export function ProductListView() {
  const { t } = useTranslation();
  const f = useFormat();
  const navigate = useNavigate();
  const canWrite = useHasAccess(undefined, ['products:write']);
  const [importing, setImporting] = useState(false);
  const [params, setParams] = useSearchParams();
  const page = Math.max(1, Number(params.get('page')) || 1);
  const limit = PAGE_SIZES.includes(Number(params.get('limit'))) ? Number(params.get('limit')) : 25;
  const sortField = SORTABLE[params.get('sort') ?? ''] ?? 'createdAt';
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
  const { selected, toggle, setAll } = useRangeSelection();
  const [confirm, setConfirm] = useState<Product | null>(null);
  const [exporting, setExporting] = useState(false);

  // Any other change goes back to the first page (and forgets the rows chosen).
  const update = (changes: Record<string, SearchParamValue>) => {
    setAll([]);
    setParams((prev) => mergeSearchParams(prev, changes, ['page']), { replace: true });
  };

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
    sort: sortField,
    order,
    q: q || undefined,
    stock,
    published,
  };
  const { data, isLoading, isFetching, error, refetch } = useProductsQuery(query);
  const [deleteOne, { isLoading: deleting }] = useDeleteProductMutation();

  const doDelete = async () => {
    if (!confirm) return;
    try {
      await deleteOne(confirm.id).unwrap();
      notify.success(t('ecommerce.list.deleted', { count: 1 }));
      setAll(selected.filter((id) => id !== confirm.id));
    } catch (err) {
      notify.error(translateError(t, err));
    } finally {
      setConfirm(null);
    }
  };

  const columns: Array<DataColumn<Product>> = [
    {
      id: 'name',
      header: t('ecommerce.list.product'),
      required: true,
      sortable: true,
      width: 320,
      cell: (row) => (
        <Stack direction="row" spacing={2} sx={{ alignItems: 'center', minWidth: 0 }}>
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
            <Typography variant="caption" component="div" sx={{ color: 'text.disabled' }} noWrap>
              {t(`ecommerce.category.${row.categoryKey}`, { defaultValue: row.category })} ·{' '}
              {row.sku}
            </Typography>
          </Box>
        </Stack>
      ),
    },
    {
      id: 'createdAt',
      header: t('ecommerce.list.created'),
      sortable: true,
      width: 140,
      cell: (row) => f.date(row.createdAt),
    },
    {
      id: 'quantity',
      header: t('ecommerce.list.stock'),
      sortable: true,
      width: 170,
      cell: (row) => (
        <Stack spacing={0.5} sx={{ width: 1, minWidth: 100 }}>
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
      id: 'price',
      header: t('ecommerce.list.price'),
      sortable: true,
      align: 'right',
      width: 130,
      cell: (row) => <bdi>{f.money(row.priceSale ?? row.price)}</bdi>,
    },
    {
      id: 'published',
      header: t('ecommerce.list.published'),
      width: 130,
      cell: (row) => (
        <Label color={row.published ? 'info' : 'default'}>
          {row.published ? t('ecommerce.list.publishedYes') : t('ecommerce.list.draft')}
        </Label>
      ),
    },
    {
      id: 'actions',
      header: t('ecommerce.list.actions'),
      hideHeader: true,
      align: 'right',
      width: 72,
      cell: (row) => <ProductRowMenu product={row} canWrite={canWrite} onDelete={setConfirm} />,
    },
  ];

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
            <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', justifyContent: 'flex-end' }}>
              <Button
                variant="outlined"
                color="inherit"
                startIcon={<FileUploadOutlined />}
                data-testid="products-import"
                onClick={() => setImporting(true)}
              >
                {t('ecommerce.list.import')}
              </Button>
              <Button
                component={RouterLink}
                to={paths.dashboard.eCommerce.new}
                variant="contained"
                startIcon={<AddRounded />}
              >
                {t('ecommerce.list.new')}
              </Button>
            </Box>
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
        {canWrite && selected.length > 0 && (
          <ProductBulkBar selected={selected} rows={data?.products ?? []} onDone={setAll} />
        )}
        <DataTable
          list="products"
          label={t('ecommerce.list.title')}
          columns={columns}
          rows={data?.products}
          getRowId={(p) => p.id}
          rowLabel={(p) => t('ecommerce.list.select', { name: p.name })}
          loading={isLoading}
          fetching={isFetching}
          error={error && !data ? translateError(t, error) : undefined}
          onRetry={() => void refetch()}
          empty={<EmptyContent title={t('ecommerce.list.empty')} />}
          selection={canWrite ? { selected, toggle, setAll } : undefined}
          onOpen={(p) => void navigate(paths.dashboard.eCommerce.view(p.slug))}
          sort={{
            by: sortField,
            dir: order,
            onSort: (by) =>
              update({
                sort: by === 'createdAt' ? null : by,
                order: by === sortField && order === 'desc' ? 'asc' : null,
              }),
          }}
          rowTestId="product-row"
        />
        <TablePagination
          component="div"
          // Past the server's count cap the total is unknown: "more than", while a full page
          // comes back.
          count={data?.totalCapped ? -1 : (data?.total ?? 0)}
          page={page - 1}
          rowsPerPage={limit}
          rowsPerPageOptions={PAGE_SIZES}
          onPageChange={(_, p) => update({ page: p + 1 })}
          onRowsPerPageChange={(e) =>
            update({ limit: Number(e.target.value) === 25 ? null : Number(e.target.value) })
          }
          labelRowsPerPage={t('ecommerce.list.rowsPerPage')}
          labelDisplayedRows={({ from, to, count }) =>
            count < 0
              ? t('ecommerce.list.displayedMore', { from, to })
              : t('ecommerce.list.displayed', { from, to, count })
          }
        />
      </Card>
      <ConfirmDialog
        open={confirm !== null}
        title={t('common.delete')}
        content={confirm ? t('ecommerce.list.confirmOne', { name: confirm.name }) : ''}
        action={t('common.delete')}
        busy={deleting}
        onClose={() => setConfirm(null)}
        onConfirm={() => void doDelete()}
      />
      {importing && (
        <Suspense fallback={null}>
          <ProductImport onClose={() => setImporting(false)} />
        </Suspense>
      )}
    </Container>
  );
}
