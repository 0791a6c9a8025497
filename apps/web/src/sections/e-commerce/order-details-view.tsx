import ArrowBackRounded from '@mui/icons-material/ArrowBackRounded';
import ReceiptLongOutlined from '@mui/icons-material/ReceiptLongOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import CardHeader from '@mui/material/CardHeader';
import Container from '@mui/material/Container';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Divider from '@mui/material/Divider';
import Link from '@mui/material/Link';
import MenuItem from '@mui/material/MenuItem';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { OrderStatus } from '@bo/contract/orders';
import { ORDER_TRANSITIONS } from '@bo/contract/orders';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate } from 'react-router';

import { useAuth } from '../../auth/auth-context';
import { EmptyContent } from '../../components/empty-content/empty-content';
import { PageHeader } from '../../components/page-header/page-header';
import { notify } from '../../components/snackbar/notify';
import { translateError } from '../../locales/form-errors';
import { paths } from '../../routes/paths';
import { isHttpError } from '../../lib/http';
import {
  useCreateInvoiceFromOrderMutation,
  useOrderQuery,
  useUpdateOrderStatusMutation,
} from './ecommerce-api';
import { useFormat } from './format';
import { ColorDots } from './product-bits';
import { OrderStatusLabel } from './order-status';

export function OrderDetailsView({ id }: { id: string }) {
  const { t } = useTranslation();
  const f = useFormat();
  const { user } = useAuth();
  const canWrite = user?.permissions.includes('orders:write') ?? false;
  const canReadInvoices = user?.permissions.includes('invoices:read') ?? false;
  const canInvoice = user?.permissions.includes('invoices:write') ?? false;
  const navigate = useNavigate();
  const [createInvoice, { isLoading: invoicing }] = useCreateInvoiceFromOrderMutation();
  const { data, isLoading } = useOrderQuery(id);
  const [updateStatus, { isLoading: saving }] = useUpdateOrderStatusMutation();
  const [pending, setPending] = useState<OrderStatus | null>(null);
  const order = data?.order;

  const confirm = async () => {
    if (!order || !pending) return;
    try {
      await updateStatus({ id: order.id, status: pending }).unwrap();
      notify.success(t('ecommerce.orders.statusChanged'));
    } catch (error) {
      notify.error(translateError(t, error));
    } finally {
      setPending(null);
    }
  };

  const makeInvoice = async () => {
    if (!order) return;
    try {
      const { invoice } = await createInvoice(order.id).unwrap();
      notify.success(t('ecommerce.orders.invoiceCreated'));
      navigate(paths.dashboard.invoice.details(invoice.id));
    } catch (error) {
      // Made meanwhile (another tab, someone else): open that one.
      const existing = isHttpError(error) ? error.details?.[0]?.params?.invoiceId : undefined;
      if (typeof existing === 'string') navigate(paths.dashboard.invoice.details(existing));
      else notify.error(translateError(t, error));
    }
  };
  const invoiced = order?.invoices.some((i) => i.status !== 'cancelled') ?? false;

  const row = (label: string, value: string) => (
    <Stack direction="row" sx={{ justifyContent: 'space-between' }}>
      <Typography variant="body2" sx={{ color: 'text.secondary' }}>
        {label}
      </Typography>
      <Typography variant="subtitle2">{value}</Typography>
    </Stack>
  );

  return (
    <Container maxWidth="lg" sx={{ pb: 8 }}>
      <PageHeader
        title={
          order ? `${t('ecommerce.orders.order')} #${order.number}` : t('ecommerce.orders.order')
        }
        crumbs={[
          { name: t('nav.dashboard'), href: paths.dashboard.root },
          { name: t('nav.orders'), href: paths.dashboard.eCommerce.orders },
          { name: order ? `#${order.number}` : '…' },
        ]}
        action={
          <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap', gap: 1 }}>
            <Button
              component={RouterLink}
              to={paths.dashboard.eCommerce.orders}
              color="inherit"
              startIcon={<ArrowBackRounded />}
            >
              {t('ecommerce.orders.back')}
            </Button>
            {order && canInvoice && !invoiced && (
              <Button
                variant="contained"
                startIcon={<ReceiptLongOutlined />}
                loading={invoicing}
                onClick={makeInvoice}
              >
                {t('ecommerce.orders.createInvoice')}
              </Button>
            )}
          </Stack>
        }
      />
      {isLoading ? (
        <Skeleton variant="rounded" height={320} />
      ) : !order ? (
        <EmptyContent title={t('ecommerce.orders.notFound')} />
      ) : (
        <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', md: '2fr 1fr' }, gap: 3 }}>
          <Card>
            <CardHeader
              title={t('ecommerce.orders.details')}
              subheader={f.dateTime(order.createdAt)}
            />
            <Stack divider={<Divider />} sx={{ mt: 2 }}>
              {order.items.map((item) => (
                <Stack
                  key={item.id}
                  direction="row"
                  spacing={2}
                  sx={{ p: 2, alignItems: 'center' }}
                >
                  <Box
                    component="img"
                    src={item.cover ?? undefined}
                    alt=""
                    sx={{
                      width: 48,
                      height: 48,
                      borderRadius: 1,
                      objectFit: 'cover',
                      bgcolor: 'action.hover',
                    }}
                  />
                  <Box sx={{ flexGrow: 1, minWidth: 0 }}>
                    <Typography variant="subtitle2" noWrap>
                      {item.name}
                    </Typography>
                    <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
                      <Typography variant="caption" sx={{ color: 'text.secondary' }}>
                        {item.sku}
                      </Typography>
                      {item.colour && <ColorDots colors={[item.colour]} />}
                      {item.size && (
                        <Typography variant="caption">
                          {t('ecommerce.product.size')}: {item.size}
                        </Typography>
                      )}
                    </Stack>
                  </Box>
                  <Typography variant="body2">× {item.quantity}</Typography>
                  <Typography variant="subtitle2" sx={{ width: 96, textAlign: 'end' }}>
                    {f.money(item.price * item.quantity)}
                  </Typography>
                </Stack>
              ))}
            </Stack>
            <CardContent>
              <Stack spacing={1.5} sx={{ maxWidth: 320, ml: 'auto' }}>
                {row(t('ecommerce.checkout.subtotal'), f.money(order.subtotal))}
                {row(
                  t('ecommerce.checkout.discount'),
                  order.discount ? `-${f.money(order.discount)}` : '-',
                )}
                {row(t('ecommerce.checkout.shipping'), f.money(order.shipping))}
                <Divider />
                {row(t('ecommerce.checkout.total'), f.money(order.total))}
              </Stack>
            </CardContent>
          </Card>
          <Stack spacing={3}>
            <Card>
              <CardHeader
                title={t('ecommerce.orders.statusLabel')}
                action={<OrderStatusLabel status={order.status} />}
              />
              <CardContent>
                {canWrite && ORDER_TRANSITIONS[order.status].length > 0 ? (
                  <TextField
                    select
                    fullWidth
                    label={t('ecommerce.orders.changeStatus')}
                    value=""
                    onChange={(e) => setPending(e.target.value as OrderStatus)}
                  >
                    {ORDER_TRANSITIONS[order.status].map((s) => (
                      <MenuItem key={s} value={s}>
                        {t(`ecommerce.orders.status.${s}`)}
                      </MenuItem>
                    ))}
                  </TextField>
                ) : (
                  <Typography variant="body2" sx={{ color: 'text.secondary' }}>
                    {t('ecommerce.orders.final')}
                  </Typography>
                )}
              </CardContent>
            </Card>
            {canReadInvoices && (
              <Card data-testid="order-invoices">
                <CardHeader title={t('ecommerce.orders.invoices')} />
                <CardContent>
                  {order.invoices.length === 0 ? (
                    <Typography variant="body2" sx={{ color: 'text.secondary' }}>
                      {t('ecommerce.orders.noInvoice')}
                    </Typography>
                  ) : (
                    <Stack spacing={1}>
                      {order.invoices.map((i) => (
                        <Typography key={i.id} variant="body2">
                          <Link
                            component={RouterLink}
                            to={paths.dashboard.invoice.details(i.id)}
                            sx={{
                              textDecorationLine:
                                i.status === 'cancelled' ? 'line-through' : undefined,
                            }}
                          >
                            {i.invoiceNumber ? (
                              <bdi dir="ltr">{i.invoiceNumber}</bdi>
                            ) : (
                              t('ecommerce.orders.invoiceDraft')
                            )}
                          </Link>
                          {i.status === 'cancelled' &&
                            ` (${t('ecommerce.orders.invoiceCancelled')})`}
                        </Typography>
                      ))}
                    </Stack>
                  )}
                </CardContent>
              </Card>
            )}
            <Card>
              <CardHeader title={t('ecommerce.orders.customer')} />
              <CardContent>
                <Stack spacing={0.5}>
                  <Typography variant="subtitle2">{order.customerName}</Typography>
                  <Typography variant="body2" sx={{ color: 'text.secondary' }}>
                    {order.customerEmail}
                  </Typography>
                  <Typography variant="body2">
                    <bdi dir="ltr">{order.billing.phone}</bdi>
                  </Typography>
                  <Typography variant="body2">{order.billing.address}</Typography>
                </Stack>
              </CardContent>
            </Card>
            <Card>
              <CardHeader title={t('ecommerce.payment.delivery')} />
              <CardContent>
                <Stack spacing={1}>
                  {row(
                    t('ecommerce.payment.delivery'),
                    t(`ecommerce.payment.${order.delivery}`, { defaultValue: order.delivery }),
                  )}
                  {row(
                    t('ecommerce.payment.method'),
                    t(`ecommerce.payment.${order.payment}`, { defaultValue: order.payment }),
                  )}
                  {order.discountCode &&
                    row(t('ecommerce.checkout.discountCode'), order.discountCode)}
                </Stack>
              </CardContent>
            </Card>
          </Stack>
        </Box>
      )}
      <Dialog open={pending !== null} onClose={() => setPending(null)}>
        <DialogTitle>{t('ecommerce.orders.confirmTitle')}</DialogTitle>
        <DialogContent>
          <DialogContentText>
            {pending &&
              t('ecommerce.orders.confirmText', {
                status: t(`ecommerce.orders.status.${pending}`),
              })}
            {pending &&
              (pending === 'cancelled' || pending === 'refunded') &&
              ` ${t('ecommerce.orders.stockReturned')}`}
          </DialogContentText>
        </DialogContent>
        <DialogActions>
          <Button color="inherit" variant="outlined" onClick={() => setPending(null)}>
            {t('common.cancel')}
          </Button>
          <Button
            variant="contained"
            color={pending === 'cancelled' || pending === 'refunded' ? 'error' : 'primary'}
            loading={saving}
            onClick={confirm}
          >
            {t('ecommerce.orders.confirm')}
          </Button>
        </DialogActions>
      </Dialog>
    </Container>
  );
}
