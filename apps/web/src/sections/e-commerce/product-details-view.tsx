import AddRounded from '@mui/icons-material/AddRounded';
import AddShoppingCartRounded from '@mui/icons-material/AddShoppingCartRounded';
import ChevronLeftRounded from '@mui/icons-material/ChevronLeftRounded';
import ChevronRightRounded from '@mui/icons-material/ChevronRightRounded';
import CloseRounded from '@mui/icons-material/CloseRounded';
import EditRounded from '@mui/icons-material/EditRounded';
import RemoveRounded from '@mui/icons-material/RemoveRounded';
import ThumbUpRounded from '@mui/icons-material/ThumbUpRounded';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import Container from '@mui/material/Container';
import Dialog from '@mui/material/Dialog';
import Divider from '@mui/material/Divider';
import IconButton from '@mui/material/IconButton';
import LinearProgress from '@mui/material/LinearProgress';
import MenuItem from '@mui/material/MenuItem';
import Rating from '@mui/material/Rating';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { zodResolver } from '@hookform/resolvers/zod';
import type { ProductDetails, ReviewBody } from '@bo/contract/products';
import { reviewBodySchema } from '@bo/contract/products';
import { Suspense, lazy, useEffect, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate } from 'react-router';

import { useAuth } from '../../auth/auth-context';
import { EmptyContent } from '../../components/empty-content/empty-content';
import { Label } from '../../components/label/label';
import { PageHeader } from '../../components/page-header/page-header';
import { notify } from '../../components/snackbar/notify';
import { translateError, zodErrorMap } from '../../locales/form-errors';
import { paths } from '../../routes/paths';
import { useAppDispatch, useAppSelector } from '../../store/hooks';
import { addToCart } from '../../store/product-slice';
import type { CartItem } from '../../store/product-slice';
import { useAddReviewMutation, useMarkHelpfulMutation, useProductQuery } from './ecommerce-api';
import { useFormat } from './format';
import { CartWidget, InventoryLabel, NoPicture, Price } from './product-bits';
import { textShade } from '../../theme/components';

/** Opened by few: loaded on first open. */
const SizeGuideDialog = lazy(() => import('./size-guide-dialog'));

const RichTextContent = lazy(() =>
  import('../../components/rich-text/rich-text-editor').then((m) => ({
    default: m.RichTextContent,
  })),
);

function Gallery({ product }: { product: ProductDetails }) {
  const { t } = useTranslation();
  const [index, setIndex] = useState(0);
  const [open, setOpen] = useState(false);
  const images = product.images;
  const count = images.length;
  const go = (delta: number) => setIndex((i) => (i + delta + count) % count);
  if (count === 0)
    return (
      <Box sx={{ aspectRatio: '1 / 1', borderRadius: 2, overflow: 'hidden' }}>
        <NoPicture size={96} />
      </Box>
    );
  return (
    <Box>
      <Box
        sx={{
          position: 'relative',
          borderRadius: 2,
          overflow: 'hidden',
          bgcolor: 'background.neutral',
        }}
      >
        <Box
          component="button"
          type="button"
          onClick={() => setOpen(true)}
          aria-label={t('ecommerce.product.zoom')}
          sx={{
            p: 0,
            border: 0,
            display: 'block',
            width: 1,
            cursor: 'zoom-in',
            bgcolor: 'transparent',
          }}
        >
          <Box
            component="img"
            src={images[index]}
            alt={product.name}
            sx={{ width: 1, aspectRatio: '1 / 1', objectFit: 'cover', display: 'block' }}
          />
        </Box>
        {count > 1 && (
          <Stack
            direction="row"
            spacing={0.5}
            sx={{
              position: 'absolute',
              insetInlineEnd: 16,
              bottom: 16,
              bgcolor: 'rgba(22,28,36,0.48)',
              borderRadius: 1,
              color: 'common.white',
              alignItems: 'center',
            }}
          >
            <IconButton
              size="small"
              color="inherit"
              onClick={() => go(-1)}
              aria-label={t('ecommerce.product.previous')}
            >
              <ChevronLeftRounded
                sx={{ transform: (theme) => (theme.direction === 'rtl' ? 'scaleX(-1)' : 'none') }}
              />
            </IconButton>
            <Typography variant="caption">{`${index + 1}/${count}`}</Typography>
            <IconButton
              size="small"
              color="inherit"
              onClick={() => go(1)}
              aria-label={t('ecommerce.product.next')}
            >
              <ChevronRightRounded
                sx={{ transform: (theme) => (theme.direction === 'rtl' ? 'scaleX(-1)' : 'none') }}
              />
            </IconButton>
          </Stack>
        )}
      </Box>
      {count > 1 && (
        <Stack
          direction="row"
          spacing={1.5}
          sx={{ mt: 2, justifyContent: 'center', flexWrap: 'wrap' }}
        >
          {images.map((src, i) => (
            <Box
              key={src + i}
              component="button"
              type="button"
              onClick={() => setIndex(i)}
              aria-label={t('ecommerce.product.image', { n: i + 1 })}
              aria-current={i === index}
              sx={{
                p: 0,
                width: 64,
                height: 64,
                borderRadius: 1.25,
                overflow: 'hidden',
                cursor: 'pointer',
                border: 2,
                borderColor: i === index ? 'primary.main' : 'transparent',
                opacity: i === index ? 1 : 0.6,
              }}
            >
              <Box
                component="img"
                src={src}
                alt=""
                sx={{ width: 1, height: 1, objectFit: 'cover' }}
              />
            </Box>
          ))}
        </Stack>
      )}
      <Dialog
        fullScreen
        open={open}
        onClose={() => setOpen(false)}
        aria-label={product.name}
        slotProps={{ paper: { sx: { bgcolor: 'rgba(0,0,0,0.9)' } } }}
        onKeyDown={(e) => {
          if (e.key === 'ArrowRight') go(1);
          if (e.key === 'ArrowLeft') go(-1);
        }}
      >
        <IconButton
          onClick={() => setOpen(false)}
          aria-label={t('common.close')}
          sx={{ position: 'absolute', top: 16, insetInlineEnd: 16, color: 'common.white' }}
        >
          <CloseRounded />
        </IconButton>
        <Box
          sx={{
            flexGrow: 1,
            display: 'flex',
            alignItems: 'center',
            justifyContent: 'center',
            p: { xs: 2, md: 8 },
            gap: 2,
          }}
        >
          {count > 1 && (
            <IconButton
              onClick={() => go(-1)}
              aria-label={t('ecommerce.product.previous')}
              sx={{ color: 'common.white' }}
            >
              <ChevronLeftRounded fontSize="large" />
            </IconButton>
          )}
          <Box
            component="img"
            src={images[index]}
            alt={product.name}
            sx={{ maxWidth: '100%', maxHeight: '85vh', objectFit: 'contain' }}
          />
          {count > 1 && (
            <IconButton
              onClick={() => go(1)}
              aria-label={t('ecommerce.product.next')}
              sx={{ color: 'common.white' }}
            >
              <ChevronRightRounded fontSize="large" />
            </IconButton>
          )}
        </Box>
      </Dialog>
    </Box>
  );
}

function Summary({ product }: { product: ProductDetails }) {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const inCart = useAppSelector((s) =>
    s.product.checkout.cart.find((i: CartItem) => i.id === product.id),
  );
  const [color, setColor] = useState(product.colors[0] ?? '');
  const [size, setSize] = useState(product.sizes[0] ?? '');
  const [guideOpen, setGuideOpen] = useState(false);
  const [quantity, setQuantity] = useState(1);
  // What is left for this person: the stock less what is already in their cart.
  const available = Math.max(0, product.available - (inCart?.quantity ?? 0));
  const soldOut = product.available <= 0;

  const add = () => {
    for (let i = 0; i < quantity; i++) {
      dispatch(
        addToCart({
          id: product.id,
          name: product.name,
          cover: product.cover,
          price: product.priceSale ?? product.price,
          colors: color ? [color] : [],
          size: size || null,
          quantity: 1,
          available: product.available,
        }),
      );
    }
  };

  return (
    <Stack spacing={3} sx={{ pt: { md: 3 } }}>
      <Stack spacing={2}>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
          {product.newLabel && <Label color="info">{t('ecommerce.labels.new')}</Label>}
          {product.saleLabel && <Label color="error">{t('ecommerce.labels.sale')}</Label>}
          <InventoryLabel product={product} />
        </Stack>
        <Typography variant="h5" component="h2">
          {product.name}
        </Typography>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
          <Rating readOnly value={product.totalRating} precision={0.1} size="small" />
          <Typography variant="body2" sx={{ color: 'text.secondary' }}>
            {t('ecommerce.reviews.count', { count: product.totalReview })}
          </Typography>
        </Stack>
        <Price product={product} variant="h4" />
      </Stack>
      <Divider sx={{ borderStyle: 'dashed' }} />
      {product.colors.length > 0 && (
        <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between' }}>
          <Typography id="colour-label" variant="subtitle2">
            {t('ecommerce.product.colour')}
          </Typography>
          <Stack direction="row" spacing={1} role="radiogroup" aria-labelledby="colour-label">
            {product.colors.map((c) => (
              <Box
                key={c}
                component="button"
                type="button"
                role="radio"
                aria-checked={color === c}
                aria-label={c}
                data-testid={`colour-${c}`}
                onClick={() => setColor(c)}
                sx={{
                  width: 24,
                  height: 24,
                  borderRadius: '50%',
                  cursor: 'pointer',
                  bgcolor: c,
                  border: (theme) => `1px solid ${theme.palette.divider}`,
                  outline: color === c ? '2px solid' : 'none',
                  outlineColor: 'primary.main',
                  outlineOffset: 2,
                }}
              />
            ))}
          </Stack>
        </Stack>
      )}
      {product.sizes.length > 0 && (
        <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between' }}>
          <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
            <Typography variant="subtitle2">{t('ecommerce.product.size')}</Typography>
            <Button size="small" onClick={() => setGuideOpen(true)} sx={{ minWidth: 0 }}>
              {t('ecommerce.product.sizeGuide')}
            </Button>
          </Stack>
          <TextField
            select
            size="small"
            value={size}
            onChange={(e) => setSize(e.target.value)}
            sx={{ minWidth: 96 }}
            slotProps={{ htmlInput: { 'aria-label': t('ecommerce.product.size') } }}
          >
            {product.sizes.map((s) => (
              <MenuItem key={s} value={s}>
                {s}
              </MenuItem>
            ))}
          </TextField>
          {guideOpen && (
            <Suspense fallback={null}>
              <SizeGuideDialog
                open
                onClose={() => setGuideOpen(false)}
                sizes={product.sizes}
                chosen={size}
              />
            </Suspense>
          )}
        </Stack>
      )}
      <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between' }}>
        <Typography variant="subtitle2">{t('ecommerce.product.quantity')}</Typography>
        <Stack spacing={0.5} sx={{ alignItems: 'flex-end' }}>
          <Stack
            direction="row"
            sx={{ alignItems: 'center', border: 1, borderColor: 'divider', borderRadius: 1 }}
          >
            <IconButton
              size="small"
              onClick={() => setQuantity((q) => Math.max(1, q - 1))}
              disabled={quantity <= 1}
              aria-label={t('ecommerce.cart.decrease')}
            >
              <RemoveRounded fontSize="small" />
            </IconButton>
            <Typography
              sx={{ minWidth: 32, textAlign: 'center' }}
              aria-live="polite"
              data-testid="quantity"
            >
              {quantity}
            </Typography>
            <IconButton
              size="small"
              onClick={() => setQuantity((q) => Math.min(available, q + 1))}
              disabled={quantity >= available}
              aria-label={t('ecommerce.cart.increase')}
            >
              <AddRounded fontSize="small" />
            </IconButton>
          </Stack>
          <Typography variant="caption" sx={{ color: 'text.secondary' }} data-testid="available">
            {t('ecommerce.product.available', { count: product.available })}
          </Typography>
        </Stack>
      </Stack>
      <Divider sx={{ borderStyle: 'dashed' }} />
      <Stack direction="row" spacing={2}>
        <Button
          fullWidth
          size="large"
          color="warning"
          variant="contained"
          startIcon={<AddShoppingCartRounded />}
          disabled={soldOut || available <= 0}
          onClick={() => {
            add();
            notify.success(t('ecommerce.cart.added'));
          }}
        >
          {t('ecommerce.product.addToCart')}
        </Button>
        <Button
          fullWidth
          size="large"
          variant="contained"
          disabled={soldOut || (available <= 0 && !inCart)}
          onClick={() => {
            if (available > 0) add();
            navigate(paths.dashboard.eCommerce.checkout);
          }}
        >
          {t('ecommerce.product.buyNow')}
        </Button>
      </Stack>
    </Stack>
  );
}

function Reviews({ product }: { product: ProductDetails }) {
  const { t } = useTranslation();
  const f = useFormat();
  const [addReview, { isLoading }] = useAddReviewMutation();
  const [markHelpful] = useMarkHelpfulMutation();
  const { user } = useAuth();
  const [open, setOpen] = useState(false);
  const form = useForm<ReviewBody>({
    resolver: zodResolver(reviewBodySchema, { error: zodErrorMap(t) }),
    defaultValues: { rating: 0, comment: '' },
  });
  const submit = form.handleSubmit(async (body) => {
    try {
      await addReview({ id: product.id, body }).unwrap();
      notify.success(t('ecommerce.reviews.thanks'));
      form.reset({ rating: 0, comment: '' });
      setOpen(false);
    } catch (error) {
      notify.error(translateError(t, error));
    }
  });
  const max = Math.max(1, ...product.ratings.map((r) => r.reviewCount));
  return (
    <Box>
      <Box
        sx={{
          display: 'grid',
          gridTemplateColumns: { xs: '1fr', md: '1fr 2fr 1fr' },
          gap: 3,
          py: 3,
          alignItems: 'center',
        }}
      >
        <Stack spacing={1} sx={{ alignItems: 'center' }}>
          <Typography variant="subtitle2">{t('ecommerce.reviews.average')}</Typography>
          <Typography variant="h2">{product.totalRating.toFixed(1)}/5</Typography>
          <Rating readOnly value={product.totalRating} precision={0.1} />
          <Typography variant="caption" sx={{ color: 'text.secondary' }}>
            {t('ecommerce.reviews.count', { count: product.totalReview })}
          </Typography>
        </Stack>
        <Stack spacing={1.5}>
          {product.ratings.map((r) => (
            <Stack key={r.starCount} direction="row" spacing={2} sx={{ alignItems: 'center' }}>
              <Typography variant="subtitle2" sx={{ width: 64 }}>
                {t('ecommerce.reviews.stars', { count: r.starCount })}
              </Typography>
              <LinearProgress
                color="inherit"
                variant="determinate"
                value={(r.reviewCount / max) * 100}
                sx={{ flexGrow: 1 }}
                aria-label={t('ecommerce.reviews.stars', { count: r.starCount })}
              />
              <Typography
                variant="body2"
                sx={{ minWidth: 40, textAlign: 'end', color: 'text.secondary' }}
              >
                {r.reviewCount}
              </Typography>
            </Stack>
          ))}
        </Stack>
        <Box sx={{ textAlign: 'center' }}>
          <Button
            variant="outlined"
            color="inherit"
            size="large"
            startIcon={<EditRounded />}
            onClick={() => setOpen((v) => !v)}
          >
            {t('ecommerce.reviews.write')}
          </Button>
        </Box>
      </Box>
      {open && (
        <Card variant="outlined" component="form" onSubmit={submit} noValidate sx={{ p: 3, mb: 3 }}>
          <Stack spacing={2}>
            <Controller
              name="rating"
              control={form.control}
              render={({ field, fieldState }) => (
                <Box>
                  <Typography component="legend" variant="subtitle2">
                    {t('ecommerce.reviews.yourRating')}
                  </Typography>
                  <Rating
                    name="rating"
                    value={field.value || null}
                    onChange={(_, v) => field.onChange(v ?? 0)}
                  />
                  {fieldState.error && (
                    <Typography
                      variant="caption"
                      sx={{ display: 'block', color: (theme) => textShade(theme, 'error') }}
                    >
                      {fieldState.error.message}
                    </Typography>
                  )}
                </Box>
              )}
            />
            <Controller
              name="comment"
              control={form.control}
              render={({ field, fieldState }) => (
                <TextField
                  {...field}
                  multiline
                  minRows={3}
                  label={t('ecommerce.reviews.comment')}
                  error={!!fieldState.error}
                  helperText={fieldState.error?.message}
                />
              )}
            />
            <Stack direction="row" spacing={1} sx={{ justifyContent: 'flex-end' }}>
              <Button color="inherit" variant="outlined" onClick={() => setOpen(false)}>
                {t('common.cancel')}
              </Button>
              <Button type="submit" variant="contained" loading={isLoading}>
                {t('ecommerce.reviews.post')}
              </Button>
            </Stack>
          </Stack>
        </Card>
      )}
      <Divider />
      {product.reviews.length === 0 ? (
        <EmptyContent title={t('ecommerce.reviews.none')} />
      ) : (
        <Stack spacing={3} sx={{ py: 3 }}>
          {product.reviews.map((review) => (
            <Stack key={review.id} direction={{ xs: 'column', sm: 'row' }} spacing={2}>
              <Stack
                direction="row"
                spacing={2}
                sx={{ width: { sm: 240 }, flexShrink: 0, alignItems: 'center' }}
              >
                <Avatar src={review.avatarUrl ?? undefined} alt={review.name}>
                  {review.name.charAt(0)}
                </Avatar>
                <Box>
                  <Typography variant="subtitle2">{review.name}</Typography>
                  <Typography variant="caption" sx={{ color: 'text.disabled' }}>
                    {f.date(review.createdAt)}
                  </Typography>
                </Box>
              </Stack>
              <Stack spacing={1} sx={{ flexGrow: 1 }}>
                <Rating readOnly size="small" value={review.rating} />
                <Typography variant="body2">{review.comment}</Typography>
                <Box>
                  {review.userId !== null && review.userId === user?.id ? (
                    // One's own review: its count, but no vote for it (the server refuses it too).
                    <Stack
                      direction="row"
                      spacing={1}
                      sx={{ alignItems: 'center', color: 'text.secondary' }}
                    >
                      <ThumbUpRounded fontSize="small" />
                      <Typography variant="body2">
                        {t('ecommerce.reviews.helpful', { count: review.helpful })}
                      </Typography>
                    </Stack>
                  ) : (
                    <Button
                      size="small"
                      color="inherit"
                      startIcon={<ThumbUpRounded fontSize="small" />}
                      onClick={() =>
                        markHelpful({ id: product.id, reviewId: review.id })
                          .unwrap()
                          .catch((error: unknown) => notify.error(translateError(t, error)))
                      }
                    >
                      {t('ecommerce.reviews.helpful', { count: review.helpful })}
                    </Button>
                  )}
                </Box>
              </Stack>
            </Stack>
          ))}
        </Stack>
      )}
    </Box>
  );
}

export function ProductDetailsView({ name }: { name: string }) {
  const { t } = useTranslation();
  const { user } = useAuth();
  const { data, isLoading, error } = useProductQuery(name);
  const [tab, setTab] = useState<'description' | 'reviews'>('description');
  const canWrite = user?.permissions.includes('products:write') ?? false;
  const product = data?.product;
  useEffect(() => {
    if (error && (error as { status?: number }).status !== 404)
      notify.error(translateError(t, error));
  }, [error, t]);

  const crumbs = [
    { name: t('nav.dashboard'), href: paths.dashboard.root },
    { name: t('nav.eCommerce'), href: paths.dashboard.eCommerce.root },
    { name: t('nav.shop'), href: paths.dashboard.eCommerce.shop },
    { name: product?.name ?? name },
  ];

  return (
    <Container maxWidth="lg">
      <PageHeader
        title={product?.name ?? t('ecommerce.product.title')}
        crumbs={crumbs}
        action={
          canWrite && product ? (
            <Button
              variant="contained"
              startIcon={<EditRounded />}
              component={RouterLink}
              to={paths.dashboard.eCommerce.edit(product.slug)}
            >
              {t('common.edit')}
            </Button>
          ) : undefined
        }
      />
      {isLoading ? (
        <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', md: '7fr 5fr' }, gap: 4 }}>
          <Skeleton variant="rounded" sx={{ aspectRatio: '1 / 1', height: 'auto' }} />
          <Stack spacing={2}>
            <Skeleton height={40} />
            <Skeleton height={24} width="60%" />
            <Skeleton height={120} />
          </Stack>
        </Box>
      ) : !product ? (
        <EmptyContent
          title={t('ecommerce.product.notFound')}
          action={
            <Button component={RouterLink} to={paths.dashboard.eCommerce.shop} variant="outlined">
              {t('ecommerce.product.backToShop')}
            </Button>
          }
        />
      ) : (
        <>
          <Box
            sx={{
              display: 'grid',
              gridTemplateColumns: { xs: '1fr', md: '7fr 5fr' },
              gap: { xs: 3, md: 5 },
            }}
          >
            <Gallery product={product} />
            <Summary key={product.id} product={product} />
          </Box>
          <Card sx={{ mt: 5, mb: 10 }}>
            <Tabs
              value={tab}
              onChange={(_, v: 'description' | 'reviews') => setTab(v)}
              sx={{ px: 3, boxShadow: (theme) => `inset 0 -2px 0 0 ${theme.palette.divider}` }}
            >
              <Tab value="description" label={t('ecommerce.product.description')} />
              <Tab
                value="reviews"
                label={`${t('ecommerce.reviews.title')} (${product.totalReview})`}
              />
            </Tabs>
            <Box sx={{ p: 3 }} role="tabpanel">
              {tab === 'description' ? (
                product.description ? (
                  <Suspense fallback={<Skeleton height={120} />}>
                    <RichTextContent html={product.description} dense />
                  </Suspense>
                ) : (
                  <Typography sx={{ color: 'text.secondary' }}>
                    {t('ecommerce.product.noDescription')}
                  </Typography>
                )
              ) : (
                <Reviews product={product} />
              )}
            </Box>
          </Card>
        </>
      )}
      <CartWidget />
    </Container>
  );
}
