import AddRounded from '@mui/icons-material/AddRounded';
import ArrowBackRounded from '@mui/icons-material/ArrowBackRounded';
import CheckCircleRounded from '@mui/icons-material/CheckCircleRounded';
import DeleteOutlineRounded from '@mui/icons-material/DeleteOutlineRounded';
import EditRounded from '@mui/icons-material/EditRounded';
import RemoveRounded from '@mui/icons-material/RemoveRounded';
import ShoppingCartRounded from '@mui/icons-material/ShoppingCartRounded';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Alert from '@mui/material/Alert';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import CardHeader from '@mui/material/CardHeader';
import Checkbox from '@mui/material/Checkbox';
import Container from '@mui/material/Container';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Divider from '@mui/material/Divider';
import FormControlLabel from '@mui/material/FormControlLabel';
import IconButton from '@mui/material/IconButton';
import Link from '@mui/material/Link';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Step from '@mui/material/Step';
import StepLabel from '@mui/material/StepLabel';
import Stepper from '@mui/material/Stepper';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { zodResolver } from '@hookform/resolvers/zod';
import type { Address } from '@bo/contract/addresses';
import { ADDRESS_TYPES, addressInputSchema } from '@bo/contract/addresses';
import type { PaymentMethod } from '@bo/contract/orders';
import { DELIVERY_OPTIONS, PAYMENT_METHODS } from '@bo/contract/orders';
import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useSearchParams } from 'react-router';
import { z } from 'zod';

import { useAuth } from '../../auth/auth-context';
import { ConfirmDialog } from '../../components/confirm-dialog/confirm-dialog';
import { EmptyContent } from '../../components/empty-content/empty-content';
import { Label } from '../../components/label/label';
import { PageHeader } from '../../components/page-header/page-header';
import { notify } from '../../components/snackbar/notify';
import { isHttpError } from '../../lib/http';
import { translateError, zodErrorMap } from '../../locales/form-errors';
import { paths } from '../../routes/paths';
import { useAppDispatch, useAppSelector } from '../../store/hooks';
import {
  applyDiscountCode,
  chooseDelivery,
  createBilling,
  decreaseQuantity,
  deleteCart,
  increaseQuantity,
  onBackStep,
  onGotoStep,
  onNextStep,
  resetCart,
} from '../../store/product-slice';
import type { BillingAddress, CheckoutState } from '../../store/product-slice';
import { cartToOrderItems } from './cart-to-order';
import {
  checkDiscountCode,
  useAddAddressMutation,
  useAddressesQuery,
  useCreateOrderMutation,
  useDeleteAddressMutation,
  useOrderQuery,
} from './ecommerce-api';
import { useFormat } from './format';
import { ColorDots } from './product-bits';

const STEPS = ['cart', 'billing', 'payment'] as const;

function Summary({
  checkout,
  onEdit,
  children,
}: {
  checkout: CheckoutState;
  onEdit?: () => void;
  children?: React.ReactNode;
}) {
  const { t } = useTranslation();
  const f = useFormat();
  const row = (label: string, value: string, testId?: string) => (
    <Stack direction="row" sx={{ justifyContent: 'space-between' }}>
      <Typography variant="body2" sx={{ color: 'text.secondary' }}>
        {label}
      </Typography>
      <Typography variant="subtitle2" data-testid={testId}>
        {value}
      </Typography>
    </Stack>
  );
  return (
    <Card>
      <CardHeader
        title={t('ecommerce.checkout.summary')}
        action={
          onEdit ? (
            <Button size="small" startIcon={<EditRounded />} onClick={onEdit}>
              {t('common.edit')}
            </Button>
          ) : undefined
        }
      />
      <CardContent>
        <Stack spacing={2}>
          {row(t('ecommerce.checkout.subtotal'), f.money(checkout.subtotal), 'summary-subtotal')}
          {row(
            t('ecommerce.checkout.discount'),
            checkout.discount ? `-${f.money(checkout.discount)}` : '-',
          )}
          {row(
            t('ecommerce.checkout.shipping'),
            checkout.shipping ? f.money(checkout.shipping) : t('ecommerce.checkout.free'),
          )}
          <Divider />
          <Stack direction="row" sx={{ justifyContent: 'space-between' }}>
            <Typography variant="subtitle1">{t('ecommerce.checkout.total')}</Typography>
            <Typography
              variant="subtitle1"
              // The total stands out in red dark enough to read (error.main is 3.2:1 on white).
              sx={(theme) => ({
                color: theme.palette.mode === 'light' ? 'error.dark' : 'error.light',
              })}
              data-testid="summary-total"
            >
              {f.money(checkout.total)}
            </Typography>
          </Stack>
          {children}
        </Stack>
      </CardContent>
    </Card>
  );
}

function CartStep({ checkout }: { checkout: CheckoutState }) {
  const { t } = useTranslation();
  const f = useFormat();
  const dispatch = useAppDispatch();
  const [code, setCode] = useState(checkout.discountCode?.code ?? '');
  const [codeError, setCodeError] = useState('');
  const [checking, setChecking] = useState(false);

  if (checkout.cart.length === 0) {
    return (
      <Card sx={{ py: 5 }}>
        <EmptyContent
          title={t('ecommerce.cart.empty')}
          description={t('ecommerce.cart.emptyText')}
          action={
            <Button
              component={RouterLink}
              to={paths.dashboard.eCommerce.shop}
              variant="contained"
              startIcon={<ArrowBackRounded />}
            >
              {t('ecommerce.cart.continue')}
            </Button>
          }
        />
      </Card>
    );
  }

  const apply = async () => {
    setCodeError('');
    if (!code.trim()) {
      dispatch(applyDiscountCode(null));
      return;
    }
    setChecking(true);
    try {
      const { discount } = await checkDiscountCode(code.trim());
      dispatch(applyDiscountCode(discount));
      notify.success(t('ecommerce.checkout.codeApplied'));
    } catch (error) {
      dispatch(applyDiscountCode(null));
      setCodeError(
        isHttpError(error) && error.details?.[0]?.code === 'invalid_discount_code'
          ? t('ecommerce.checkout.codeInvalid')
          : translateError(t, error),
      );
    } finally {
      setChecking(false);
    }
  };

  return (
    <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', md: '2fr 1fr' }, gap: 3 }}>
      <Card>
        <CardHeader title={t('ecommerce.cart.title', { count: checkout.totalItems })} />
        <Stack divider={<Divider />} sx={{ mt: 2 }}>
          {checkout.cart.map((item) => (
            <Stack
              key={item.id}
              direction="row"
              spacing={2}
              sx={{ p: 2, alignItems: 'center' }}
              data-testid="cart-line"
            >
              <Box
                component="img"
                src={item.cover ?? undefined}
                alt=""
                sx={{
                  width: 64,
                  height: 64,
                  borderRadius: 1.5,
                  objectFit: 'cover',
                  bgcolor: 'action.hover',
                  flexShrink: 0,
                }}
              />
              <Stack spacing={0.5} sx={{ flexGrow: 1, minWidth: 0 }}>
                <Typography variant="subtitle2" noWrap>
                  {item.name}
                </Typography>
                <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
                  {item.size && (
                    <Typography variant="caption">
                      {t('ecommerce.product.size')}: {item.size}
                    </Typography>
                  )}
                  <ColorDots colors={item.colors} />
                </Stack>
                <Typography variant="body2">{f.money(item.price)}</Typography>
              </Stack>
              <Stack spacing={0.5} sx={{ alignItems: 'center' }}>
                <Stack
                  direction="row"
                  sx={{ alignItems: 'center', border: 1, borderColor: 'divider', borderRadius: 1 }}
                >
                  <IconButton
                    size="small"
                    disabled={item.quantity <= 1}
                    onClick={() => dispatch(decreaseQuantity(item.id))}
                    aria-label={t('ecommerce.cart.decrease')}
                  >
                    <RemoveRounded fontSize="small" />
                  </IconButton>
                  <Typography
                    sx={{ minWidth: 28, textAlign: 'center' }}
                    data-testid="cart-quantity"
                  >
                    {item.quantity}
                  </Typography>
                  <IconButton
                    size="small"
                    disabled={item.quantity >= item.available}
                    onClick={() => dispatch(increaseQuantity(item.id))}
                    aria-label={t('ecommerce.cart.increase')}
                  >
                    <AddRounded fontSize="small" />
                  </IconButton>
                </Stack>
                <Typography variant="caption" sx={{ color: 'text.secondary' }}>
                  {t('ecommerce.product.available', { count: item.available })}
                </Typography>
              </Stack>
              <Typography
                variant="subtitle2"
                sx={{ width: 80, textAlign: 'end', display: { xs: 'none', sm: 'block' } }}
              >
                {f.money(item.price * item.quantity)}
              </Typography>
              <IconButton
                onClick={() => dispatch(deleteCart(item.id))}
                aria-label={`${t('common.delete')}: ${item.name}`}
              >
                <DeleteOutlineRounded />
              </IconButton>
            </Stack>
          ))}
        </Stack>
        <Box sx={{ p: 2 }}>
          <Button
            component={RouterLink}
            to={paths.dashboard.eCommerce.shop}
            color="inherit"
            startIcon={<ArrowBackRounded />}
          >
            {t('ecommerce.cart.continue')}
          </Button>
        </Box>
      </Card>
      <Stack spacing={3}>
        <Summary checkout={checkout}>
          <Stack direction="row" spacing={1} sx={{ alignItems: 'flex-start' }}>
            <TextField
              size="small"
              fullWidth
              label={t('ecommerce.checkout.discountCode')}
              value={code}
              onChange={(e) => setCode(e.target.value)}
              error={!!codeError}
              helperText={
                codeError ||
                (checkout.discountCode
                  ? t('ecommerce.checkout.codeActive', { code: checkout.discountCode.code })
                  : '')
              }
            />
            <Button variant="outlined" onClick={apply} loading={checking}>
              {t('ecommerce.checkout.apply')}
            </Button>
          </Stack>
        </Summary>
        <Button fullWidth size="large" variant="contained" onClick={() => dispatch(onNextStep())}>
          {t('ecommerce.checkout.checkOut')}
        </Button>
      </Stack>
    </Box>
  );
}

/** The same rules as the server's address book (lengths from the contract). */
const addressSchema = addressInputSchema
  .pick({ name: true, phoneNumber: true, fullAddress: true })
  .extend({
    addressType: z.enum(ADDRESS_TYPES),
    save: z.boolean(),
  });
type AddressForm = z.infer<typeof addressSchema>;

function AddressDialog({
  open,
  onClose,
  onSubmit,
}: {
  open: boolean;
  onClose: () => void;
  onSubmit: (a: BillingAddress, save: boolean) => Promise<void>;
}) {
  const { t } = useTranslation();
  const form = useForm<AddressForm>({
    resolver: zodResolver(addressSchema, { error: zodErrorMap(t) }),
    defaultValues: { name: '', phoneNumber: '', fullAddress: '', addressType: 'home', save: true },
  });
  const field = (name: 'name' | 'phoneNumber' | 'fullAddress', multiline = false) => (
    <Controller
      name={name}
      control={form.control}
      render={({ field: f, fieldState }) => (
        <TextField
          {...f}
          label={t(`ecommerce.billing.${name}`)}
          multiline={multiline}
          minRows={multiline ? 2 : undefined}
          error={!!fieldState.error}
          helperText={fieldState.error?.message}
          fullWidth
        />
      )}
    />
  );
  return (
    <Dialog open={open} onClose={onClose} fullWidth maxWidth="sm">
      <form
        noValidate
        onSubmit={form.handleSubmit(async ({ save, ...values }) => {
          await onSubmit({ ...values, isDefault: false }, save);
          form.reset();
        })}
      >
        <DialogTitle>{t('ecommerce.billing.newAddress')}</DialogTitle>
        <DialogContent>
          <Stack spacing={2.5} sx={{ pt: 1 }}>
            <Controller
              name="addressType"
              control={form.control}
              render={({ field: f }) => (
                <RadioGroup row {...f} aria-label={t('ecommerce.billing.addressType')}>
                  <FormControlLabel
                    value="home"
                    control={<Radio />}
                    label={t('ecommerce.billing.home')}
                  />
                  <FormControlLabel
                    value="office"
                    control={<Radio />}
                    label={t('ecommerce.billing.office')}
                  />
                </RadioGroup>
              )}
            />
            {field('name')}
            {field('phoneNumber')}
            {field('fullAddress', true)}
            <Controller
              name="save"
              control={form.control}
              render={({ field: f }) => (
                <FormControlLabel
                  control={
                    <Checkbox checked={f.value} onChange={(e) => f.onChange(e.target.checked)} />
                  }
                  label={t('ecommerce.billing.saveToBook')}
                />
              )}
            />
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button color="inherit" variant="outlined" onClick={onClose}>
            {t('common.cancel')}
          </Button>
          <Button type="submit" variant="contained" disabled={form.formState.isSubmitting}>
            {t('ecommerce.billing.deliverHere')}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}

function BillingStep({ checkout }: { checkout: CheckoutState }) {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const { user } = useAuth();
  const [open, setOpen] = useState(false);
  const [removing, setRemoving] = useState<Address | null>(null);
  const { data, isLoading, isError, refetch } = useAddressesQuery();
  const [addAddress] = useAddAddressMutation();
  const [deleteAddress, { isLoading: deleting }] = useDeleteAddressMutation();
  const saved = data?.addresses ?? [];
  // Until the person keeps addresses, the one of their account is offered.
  const fromAccount: BillingAddress | null =
    user && user.address
      ? {
          name: user.displayName,
          phoneNumber: user.phoneNumber ?? '',
          fullAddress: [user.address, user.city, user.state, user.zipCode, user.country]
            .filter(Boolean)
            .join(', '),
          addressType: 'home',
          isDefault: true,
        }
      : null;
  const book: Array<BillingAddress & { id?: string }> = saved.length
    ? saved
    : fromAccount
      ? [fromAccount]
      : [];
  return (
    <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', md: '2fr 1fr' }, gap: 3 }}>
      <Stack spacing={3}>
        {isLoading &&
          [0, 1].map((i) => (
            <Skeleton key={i} variant="rounded" height={120} aria-label={t('common.loading')} />
          ))}
        {isError && (
          <Alert
            severity="error"
            action={
              <Button color="inherit" size="small" onClick={() => void refetch()}>
                {t('common.retry')}
              </Button>
            }
          >
            {t('ecommerce.billing.loadFailed')}
          </Alert>
        )}
        {book.map((address) => (
          <Card key={address.id ?? address.fullAddress} sx={{ p: 3 }} data-testid="address-card">
            <Stack
              direction={{ xs: 'column', sm: 'row' }}
              spacing={2}
              sx={{ justifyContent: 'space-between' }}
            >
              <Stack spacing={1} sx={{ minWidth: 0 }}>
                <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
                  <Typography variant="subtitle2">
                    <bdi>{address.name}</bdi>{' '}
                    <Box component="span" sx={{ color: 'text.secondary', typography: 'body2' }}>
                      (
                      {t(
                        `ecommerce.billing.${address.addressType === 'office' ? 'office' : 'home'}`,
                      )}
                      )
                    </Box>
                  </Typography>
                  {address.id && address.isDefault && (
                    <Label color="info">{t('ecommerce.billing.default')}</Label>
                  )}
                </Stack>
                {/* Typed text keeps its own direction ("19034 Verna Unions…" in an Arabic page). */}
                <Typography variant="body2" dir="auto" sx={{ wordBreak: 'break-word' }}>
                  {address.fullAddress}
                </Typography>
                <Typography variant="body2" sx={{ color: 'text.secondary' }}>
                  <bdi dir="ltr">{address.phoneNumber}</bdi>
                </Typography>
              </Stack>
              <Stack direction="row" spacing={1} sx={{ alignItems: 'flex-start', flexShrink: 0 }}>
                {address.id && (
                  <IconButton
                    size="small"
                    aria-label={`${t('common.delete')}: ${address.fullAddress}`}
                    onClick={() => setRemoving(address as Address)}
                  >
                    <DeleteOutlineRounded fontSize="small" />
                  </IconButton>
                )}
                <Button
                  variant="outlined"
                  size="small"
                  onClick={() => dispatch(createBilling(address))}
                >
                  {t('ecommerce.billing.deliverHere')}
                </Button>
              </Stack>
            </Stack>
          </Card>
        ))}
        {!isLoading && book.length === 0 && (
          <Typography sx={{ color: 'text.secondary' }}>
            {t('ecommerce.billing.noAddress')}
          </Typography>
        )}
        <Stack direction="row" sx={{ justifyContent: 'space-between' }}>
          <Button
            color="inherit"
            startIcon={<ArrowBackRounded />}
            onClick={() => dispatch(onBackStep())}
          >
            {t('ecommerce.checkout.back')}
          </Button>
          <Button variant="outlined" startIcon={<AddRounded />} onClick={() => setOpen(true)}>
            {t('ecommerce.billing.newAddress')}
          </Button>
        </Stack>
      </Stack>
      <Summary checkout={checkout} />
      <AddressDialog
        open={open}
        onClose={() => setOpen(false)}
        onSubmit={async (a, save) => {
          if (save) {
            try {
              await addAddress({
                name: a.name,
                phoneNumber: a.phoneNumber,
                fullAddress: a.fullAddress,
                addressType: a.addressType === 'office' ? 'office' : 'home',
              }).unwrap();
            } catch (err) {
              // Delivering there still works; the book just does not keep it.
              notify.error(translateError(t, err));
            }
          }
          setOpen(false);
          dispatch(createBilling(a));
        }}
      />
      <ConfirmDialog
        open={!!removing}
        title={t('ecommerce.billing.removeTitle')}
        content={removing?.fullAddress ?? ''}
        action={t('common.delete')}
        busy={deleting}
        onClose={() => setRemoving(null)}
        onConfirm={async () => {
          if (!removing) return;
          try {
            await deleteAddress(removing.id).unwrap();
            setRemoving(null);
          } catch (err) {
            notify.error(translateError(t, err));
          }
        }}
      />
    </Box>
  );
}

function PaymentStep({
  checkout,
  onPlaced,
}: {
  checkout: CheckoutState;
  onPlaced: (id: string) => void;
}) {
  const { t } = useTranslation();
  const f = useFormat();
  const dispatch = useAppDispatch();
  const [payment, setPayment] = useState<PaymentMethod>('paypal');
  const [createOrder, { isLoading }] = useCreateOrderMutation();
  const billing = checkout.billing;
  const delivery = checkout.delivery ?? 'standard';

  const place = async () => {
    if (!billing) {
      dispatch(onGotoStep(1));
      return;
    }
    try {
      const { order } = await createOrder({
        items: cartToOrderItems(checkout.cart),
        billing: {
          name: billing.name,
          phone: billing.phoneNumber,
          address: billing.fullAddress,
          addressType: billing.addressType === 'office' ? 'office' : 'home',
        },
        delivery,
        payment,
        ...(checkout.discountCode ? { discountCode: checkout.discountCode.code } : {}),
      }).unwrap();
      dispatch(resetCart());
      onPlaced(order.id);
    } catch (error) {
      // 409: stock ran short meanwhile; the message names the product. Back to the cart to adjust.
      const short = isHttpError(error)
        ? error.details?.find((d) => d.code === 'insufficient_stock')
        : undefined;
      notify.error(
        short
          ? t('ecommerce.checkout.outOfStock', {
              product: String(short.params?.product ?? ''),
              available: Number(short.params?.available ?? 0),
            })
          : translateError(t, error),
      );
      if (isHttpError(error) && error.status === 409) dispatch(onGotoStep(0));
      if (isHttpError(error) && error.status === 400) {
        const invalidCode = error.details?.some((d) => d.code === 'invalid_discount_code');
        if (invalidCode) dispatch(applyDiscountCode(null));
      }
    }
  };

  return (
    <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', md: '2fr 1fr' }, gap: 3 }}>
      <Stack spacing={3}>
        <Card>
          <CardHeader title={t('ecommerce.payment.delivery')} />
          <CardContent>
            <RadioGroup
              value={delivery}
              onChange={(_, value) => {
                const option =
                  DELIVERY_OPTIONS.find((o) => o.value === value) ?? DELIVERY_OPTIONS[0];
                dispatch(
                  chooseDelivery({ delivery: option.value, shipping: option.priceCents / 100 }),
                );
              }}
              sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' }, gap: 2 }}
            >
              {DELIVERY_OPTIONS.map((option) => (
                <Box
                  key={option.value}
                  sx={{
                    border: 1,
                    borderColor: delivery === option.value ? 'primary.main' : 'divider',
                    borderRadius: 1.5,
                    p: 2,
                  }}
                >
                  <FormControlLabel
                    value={option.value}
                    control={<Radio />}
                    sx={{ m: 0, width: 1 }}
                    label={
                      <Box>
                        <Typography variant="subtitle2">
                          {t(`ecommerce.payment.${option.value}`)} —{' '}
                          {option.priceCents
                            ? f.money(option.priceCents / 100)
                            : t('ecommerce.checkout.free')}
                        </Typography>
                        <Typography variant="caption" sx={{ color: 'text.secondary' }}>
                          {t('ecommerce.payment.days', { days: option.days })}
                        </Typography>
                      </Box>
                    }
                  />
                </Box>
              ))}
            </RadioGroup>
          </CardContent>
        </Card>
        <Card>
          <CardHeader title={t('ecommerce.payment.method')} />
          <CardContent>
            <Typography id="payment-note" variant="body2" sx={{ color: 'text.secondary', mb: 1 }}>
              {t('ecommerce.payment.note')}
            </Typography>
            <RadioGroup
              value={payment}
              onChange={(_, v) => setPayment(v as PaymentMethod)}
              aria-describedby="payment-note"
            >
              {PAYMENT_METHODS.map((m) => (
                <FormControlLabel
                  key={m}
                  value={m}
                  control={<Radio />}
                  label={t(`ecommerce.payment.${m}`)}
                />
              ))}
            </RadioGroup>
          </CardContent>
        </Card>
        <Box>
          <Button
            color="inherit"
            startIcon={<ArrowBackRounded />}
            onClick={() => dispatch(onBackStep())}
          >
            {t('ecommerce.checkout.back')}
          </Button>
        </Box>
      </Stack>
      <Stack spacing={3}>
        <Card>
          <CardHeader
            title={t('ecommerce.billing.title')}
            action={
              <Button
                size="small"
                startIcon={<EditRounded />}
                onClick={() => dispatch(onGotoStep(1))}
              >
                {t('common.edit')}
              </Button>
            }
          />
          <CardContent>
            {billing ? (
              <Stack spacing={0.5}>
                <Typography variant="subtitle2">{billing.name}</Typography>
                <Typography variant="body2">{billing.fullAddress}</Typography>
                <Typography variant="body2" sx={{ color: 'text.secondary' }}>
                  {billing.phoneNumber}
                </Typography>
              </Stack>
            ) : (
              <Typography variant="body2">{t('ecommerce.billing.noAddress')}</Typography>
            )}
          </CardContent>
        </Card>
        <Summary checkout={checkout} onEdit={() => dispatch(onGotoStep(0))} />
        <Button
          fullWidth
          size="large"
          variant="contained"
          loading={isLoading}
          onClick={place}
          disabled={checkout.cart.length === 0}
        >
          {t('ecommerce.payment.complete')}
        </Button>
      </Stack>
    </Box>
  );
}

function OrderComplete({ orderId }: { orderId: string }) {
  const { t } = useTranslation();
  const f = useFormat();
  const { data } = useOrderQuery(orderId);
  return (
    <Card sx={{ p: { xs: 3, md: 6 }, textAlign: 'center', maxWidth: 640, mx: 'auto' }}>
      <CheckCircleRounded color="success" sx={{ fontSize: 72, mb: 2 }} />
      <Typography variant="h4" gutterBottom>
        {t('ecommerce.complete.title')}
      </Typography>
      <Typography sx={{ color: 'text.secondary', mb: 3 }}>
        {t('ecommerce.complete.text')}{' '}
        {data && (
          <Link
            component={RouterLink}
            to={paths.dashboard.eCommerce.orderDetails(orderId)}
            data-testid="order-link"
          >
            #{data.order.number}
          </Link>
        )}
      </Typography>
      {data && (
        <Typography variant="subtitle1" sx={{ mb: 3 }}>
          {t('ecommerce.checkout.total')}: {f.money(data.order.total)}
        </Typography>
      )}
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ justifyContent: 'center' }}>
        <Button
          component={RouterLink}
          to={paths.dashboard.eCommerce.shop}
          variant="outlined"
          color="inherit"
          startIcon={<ShoppingCartRounded />}
        >
          {t('ecommerce.cart.continue')}
        </Button>
        <Button
          component={RouterLink}
          to={paths.dashboard.eCommerce.orderDetails(orderId)}
          variant="contained"
        >
          {t('ecommerce.complete.viewOrder')}
        </Button>
      </Stack>
    </Card>
  );
}

export function CheckoutView() {
  const { t } = useTranslation();
  const checkout = useAppSelector((s) => s.product.checkout);
  const [params, setParams] = useSearchParams();
  const placed = params.get('order');
  const step = Math.min(checkout.activeStep, STEPS.length - 1);

  return (
    <Container maxWidth="lg" sx={{ pb: 10 }}>
      <PageHeader
        title={t('nav.checkout')}
        crumbs={[
          { name: t('nav.dashboard'), href: paths.dashboard.root },
          { name: t('nav.eCommerce'), href: paths.dashboard.eCommerce.root },
          { name: t('nav.checkout') },
        ]}
      />
      {placed ? (
        <OrderComplete orderId={placed} />
      ) : (
        <>
          <Stepper activeStep={step} alternativeLabel sx={{ mb: 5 }}>
            {STEPS.map((s) => (
              <Step key={s}>
                <StepLabel>{t(`ecommerce.checkout.steps.${s}`)}</StepLabel>
              </Step>
            ))}
          </Stepper>
          {step === 0 && <CartStep checkout={checkout} />}
          {step === 1 && <BillingStep checkout={checkout} />}
          {step === 2 && (
            <PaymentStep
              checkout={checkout}
              onPlaced={(id) => setParams({ order: id }, { replace: true })}
            />
          )}
        </>
      )}
    </Container>
  );
}
