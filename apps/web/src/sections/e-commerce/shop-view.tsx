import AddShoppingCartRounded from '@mui/icons-material/AddShoppingCartRounded';
import FilterListRounded from '@mui/icons-material/FilterListRounded';
import SearchRounded from '@mui/icons-material/SearchRounded';
import SortRounded from '@mui/icons-material/SortRounded';
import Autocomplete from '@mui/material/Autocomplete';
import Badge from '@mui/material/Badge';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import Chip from '@mui/material/Chip';
import Container from '@mui/material/Container';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import Link from '@mui/material/Link';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Pagination from '@mui/material/Pagination';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import type { Product } from '@bo/contract/products';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate } from 'react-router';

import { EmptyContent } from '../../components/empty-content/empty-content';
import { Label } from '../../components/label/label';
import { PageHeader } from '../../components/page-header/page-header';
import { notify } from '../../components/snackbar/notify';
import { translateError } from '../../locales/form-errors';
import { paths } from '../../routes/paths';
import { useAppDispatch } from '../../store/hooks';
import { addToCart, sortByProducts } from '../../store/product-slice';
import type { ProductSortBy } from '../../store/product-slice';
import { useProductsQuery } from './ecommerce-api';
import { useFormat } from './format';
import { CartWidget, ColorDots, NoPicture, Price } from './product-bits';
import { ShopFiltersDrawer } from './shop-filters-drawer';
import { useShopFilters } from './use-shop-filters';
import { textShade } from '../../theme/components';

const PAGE_SIZE = 12;
const SORTS: ProductSortBy[] = ['featured', 'newest', 'priceDesc', 'priceAsc'];

function useDebounced<T>(value: T, ms = 300): T {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const id = setTimeout(() => setDebounced(value), ms);
    return () => clearTimeout(id);
  }, [value, ms]);
  return debounced;
}

function ProductCard({ product }: { product: Product }) {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const soldOut = product.available <= 0;
  const href = paths.dashboard.eCommerce.view(product.slug);
  return (
    <Card
      sx={{ position: 'relative', '&:hover .quick-add': { opacity: 1 } }}
      data-testid="product-card"
    >
      <Box
        sx={{
          position: 'absolute',
          top: 16,
          insetInlineEnd: 16,
          zIndex: 1,
          display: 'flex',
          gap: 0.5,
        }}
      >
        {product.newLabel && (
          <Label color="info" variant="filled">
            {t('ecommerce.labels.new')}
          </Label>
        )}
        {product.saleLabel && (
          <Label color="error" variant="filled">
            {t('ecommerce.labels.sale')}
          </Label>
        )}
      </Box>
      <Box sx={{ p: 1, position: 'relative' }}>
        {!soldOut && (
          <Tooltip title={t('ecommerce.product.addToCart')}>
            <IconButton
              className="quick-add"
              color="warning"
              aria-label={`${t('ecommerce.product.addToCart')}: ${product.name}`}
              onClick={() => {
                dispatch(
                  addToCart({
                    id: product.id,
                    name: product.name,
                    cover: product.cover,
                    price: product.priceSale ?? product.price,
                    colors: product.colors.slice(0, 1),
                    size: product.sizes[0] ?? null,
                    quantity: 1,
                    available: product.available,
                  }),
                );
                notify.success(t('ecommerce.cart.added'));
              }}
              sx={{
                position: 'absolute',
                insetInlineEnd: 16,
                bottom: 16,
                zIndex: 1,
                opacity: { xs: 1, md: 0 },
                bgcolor: 'warning.main',
                color: 'warning.contrastText',
                '&:hover, &:focus-visible': { bgcolor: 'warning.dark', opacity: 1 },
              }}
            >
              <AddShoppingCartRounded />
            </IconButton>
          </Tooltip>
        )}
        <Box
          component={RouterLink}
          to={href}
          tabIndex={-1}
          sx={{
            display: 'block',
            aspectRatio: '1 / 1',
            borderRadius: 1.5,
            overflow: 'hidden',
            bgcolor: 'background.neutral',
          }}
        >
          {product.cover ? (
            <Box
              component="img"
              src={product.cover}
              alt={product.name}
              loading="lazy"
              sx={{ width: 1, height: 1, objectFit: 'cover', opacity: soldOut ? 0.48 : 1 }}
            />
          ) : (
            <NoPicture />
          )}
        </Box>
      </Box>
      <Stack spacing={1.5} sx={{ p: 2.5, pt: 1 }}>
        <Link
          component={RouterLink}
          to={href}
          color="inherit"
          underline="hover"
          variant="subtitle2"
          noWrap
        >
          {product.name}
        </Link>
        <Box
          sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: 1 }}
        >
          <ColorDots colors={product.colors} />
          {soldOut ? (
            <Typography variant="caption" sx={{ color: (theme) => textShade(theme, 'error') }}>
              {t('ecommerce.inventory.out_of_stock')}
            </Typography>
          ) : (
            <Price product={product} />
          )}
        </Box>
      </Stack>
    </Card>
  );
}

export function ShopView() {
  const { t } = useTranslation();
  const f = useFormat();
  const navigate = useNavigate();
  const dispatch = useAppDispatch();
  const { filters, set, reset, active } = useShopFilters();
  // The sort lives in the URL with the filters (a reload or a shared link keeps it).
  const sortBy = filters.sort;
  const [openFilters, setOpenFilters] = useState(false);
  const [sortAnchor, setSortAnchor] = useState<HTMLElement | null>(null);
  const [search, setSearch] = useState(filters.q);
  const debouncedSearch = useDebounced(search.trim());

  const { data, isFetching, isLoading, error } = useProductsQuery({
    page: filters.page,
    limit: PAGE_SIZE,
    sort: sortBy,
    q: filters.q || undefined,
    category: filters.category || undefined,
    gender: filters.gender,
    colors: filters.colors,
    priceMin: filters.priceMin ?? undefined,
    priceMax: filters.priceMax ?? undefined,
    rating: filters.rating ?? undefined,
  });
  const suggestions = useProductsQuery(
    { q: debouncedSearch, limit: 6, sort: 'featured' },
    { skip: debouncedSearch.length < 2 },
  );

  useEffect(() => {
    if (error) notify.error(translateError(t, error));
  }, [error, t]);

  const products = data?.products ?? [];
  const pages = Math.ceil((data?.total ?? 0) / PAGE_SIZE);
  // A page past the end (an old link, ?page=999) goes to the last page there is.
  useEffect(() => {
    if (data && pages > 0 && filters.page > pages) set({ page: pages });
  }, [data, pages, filters.page, set]);

  const chips: { key: string; label: string; onDelete: () => void }[] = [
    ...filters.gender.map((g) => ({
      key: `g-${g}`,
      label: t(`ecommerce.gender.${g}`, { defaultValue: g }),
      onDelete: () => set({ gender: filters.gender.filter((x) => x !== g) }),
    })),
    ...(filters.category
      ? [
          {
            key: 'cat',
            label: t(`ecommerce.category.${filters.category}`, { defaultValue: filters.category }),
            onDelete: () => set({ category: '' }),
          },
        ]
      : []),
    ...filters.colors.map((c) => ({
      key: `c-${c}`,
      label: c,
      onDelete: () => set({ colors: filters.colors.filter((x) => x !== c) }),
    })),
    ...(filters.priceMin !== null || filters.priceMax !== null
      ? [
          {
            key: 'price',
            label: `${t('ecommerce.filters.price')}: ${filters.priceMin ?? 0} – ${filters.priceMax ?? '∞'}`,
            onDelete: () => set({ priceMin: null, priceMax: null }),
          },
        ]
      : []),
    ...(filters.rating
      ? [
          {
            key: 'rating',
            label: t('ecommerce.filters.ratingChip', { stars: filters.rating }),
            onDelete: () => set({ rating: null }),
          },
        ]
      : []),
    ...(filters.q
      ? [
          {
            key: 'q',
            label: `“${filters.q}”`,
            onDelete: () => {
              setSearch('');
              set({ q: '' });
            },
          },
        ]
      : []),
  ];

  return (
    <Container maxWidth="xl">
      <PageHeader
        title={t('ecommerce.shop.title')}
        crumbs={[
          { name: t('nav.dashboard'), href: paths.dashboard.root },
          { name: t('nav.eCommerce'), href: paths.dashboard.eCommerce.root },
          { name: t('nav.shop') },
        ]}
      />
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        spacing={2}
        sx={{ mb: 2.5, alignItems: { sm: 'center' } }}
      >
        <Autocomplete
          freeSolo
          sx={{ width: { xs: 1, sm: 320 } }}
          options={debouncedSearch.length >= 2 ? (suggestions.data?.products ?? []) : []}
          loading={suggestions.isFetching}
          filterOptions={(x) => x}
          getOptionLabel={(o) => (typeof o === 'string' ? o : o.name)}
          inputValue={search}
          onInputChange={(_, value) => setSearch(value)}
          onChange={(_, value) => {
            if (value && typeof value !== 'string')
              navigate(paths.dashboard.eCommerce.view(value.slug));
            else set({ q: (value ?? '').trim() });
          }}
          renderOption={(props, option) => {
            const { key, ...rest } = props as typeof props & { key: string };
            return (
              <li key={key} {...rest}>
                <Box
                  component="img"
                  src={option.cover ?? undefined}
                  alt=""
                  sx={{ width: 32, height: 32, borderRadius: 1, mr: 1.5, objectFit: 'cover' }}
                />
                {option.name}
              </li>
            );
          }}
          renderInput={(params) => (
            <TextField
              {...params}
              placeholder={t('ecommerce.shop.search')}
              slotProps={{
                htmlInput: { ...params.inputProps, 'aria-label': t('ecommerce.shop.search') },
                input: {
                  ...params.InputProps,
                  startAdornment: (
                    <InputAdornment position="start">
                      <SearchRounded />
                    </InputAdornment>
                  ),
                },
              }}
              onKeyDown={(event) => {
                if (event.key === 'Enter') set({ q: search.trim() });
              }}
            />
          )}
        />
        <Box sx={{ flexGrow: 1 }} />
        <Stack direction="row" spacing={1}>
          <Button
            color="inherit"
            onClick={() => setOpenFilters(true)}
            endIcon={
              <Badge color="error" variant="dot" invisible={active === 0}>
                <FilterListRounded />
              </Badge>
            }
          >
            {t('ecommerce.filters.title')}
          </Button>
          <Button
            color="inherit"
            onClick={(e) => setSortAnchor(e.currentTarget)}
            endIcon={<SortRounded />}
            aria-haspopup="menu"
          >
            {t('ecommerce.sort.label')}: {t(`ecommerce.sort.${sortBy}`)}
          </Button>
          <Menu
            anchorEl={sortAnchor}
            open={Boolean(sortAnchor)}
            onClose={() => setSortAnchor(null)}
          >
            {SORTS.map((option) => (
              <MenuItem
                key={option}
                selected={option === sortBy}
                onClick={() => {
                  dispatch(sortByProducts(option));
                  set({ sort: option });
                  setSortAnchor(null);
                }}
              >
                {t(`ecommerce.sort.${option}`)}
              </MenuItem>
            ))}
          </Menu>
        </Stack>
      </Stack>

      {(chips.length > 0 || data) && (
        <Stack
          direction="row"
          spacing={1}
          useFlexGap
          sx={{ mb: 3, flexWrap: 'wrap', alignItems: 'center' }}
        >
          {data && (
            <Typography variant="body2" sx={{ mr: 1 }} data-testid="shop-total">
              <strong>
                {f.count(data.total)}
                {data.totalCapped ? '+' : ''}
              </strong>{' '}
              {t('ecommerce.shop.results')}
            </Typography>
          )}
          {chips.map((chip) => (
            <Chip key={chip.key} size="small" label={chip.label} onDelete={chip.onDelete} />
          ))}
          {chips.length > 0 && (
            <Button
              size="small"
              color="error"
              onClick={() => {
                setSearch('');
                reset();
              }}
            >
              {t('ecommerce.filters.clear')}
            </Button>
          )}
        </Stack>
      )}

      {isLoading ? (
        <Box
          sx={{
            display: 'grid',
            gap: 3,
            gridTemplateColumns: {
              xs: 'repeat(1, 1fr)',
              sm: 'repeat(2, 1fr)',
              md: 'repeat(3, 1fr)',
              lg: 'repeat(4, 1fr)',
            },
          }}
        >
          {Array.from({ length: 8 }, (_, i) => (
            <Skeleton key={i} variant="rounded" sx={{ height: 340 }} />
          ))}
        </Box>
      ) : products.length === 0 ? (
        <EmptyContent
          title={t('ecommerce.shop.emptyTitle')}
          description={t('ecommerce.shop.emptyText')}
          action={
            active > 0 || filters.q ? (
              <Button
                variant="outlined"
                onClick={() => {
                  setSearch('');
                  reset();
                }}
              >
                {t('ecommerce.filters.clear')}
              </Button>
            ) : undefined
          }
        />
      ) : (
        <Box
          sx={{
            display: 'grid',
            gap: 3,
            opacity: isFetching ? 0.6 : 1,
            gridTemplateColumns: {
              xs: 'repeat(1, 1fr)',
              sm: 'repeat(2, 1fr)',
              md: 'repeat(3, 1fr)',
              lg: 'repeat(4, 1fr)',
            },
          }}
        >
          {products.map((product) => (
            <ProductCard key={product.id} product={product} />
          ))}
        </Box>
      )}
      {pages > 1 && (
        <Pagination
          count={pages}
          page={filters.page}
          onChange={(_, page) => set({ page })}
          sx={{ mt: 6, mb: 10, display: 'flex', justifyContent: 'center' }}
        />
      )}
      <ShopFiltersDrawer
        open={openFilters}
        onClose={() => setOpenFilters(false)}
        filters={filters}
        onChange={set}
        onReset={() => {
          setSearch('');
          reset();
        }}
      />
      <CartWidget />
    </Container>
  );
}
