import BlockRounded from '@mui/icons-material/BlockRounded';
import ContentCopyRounded from '@mui/icons-material/ContentCopyRounded';
import DeleteOutlineRounded from '@mui/icons-material/DeleteOutlineRounded';
import EditRounded from '@mui/icons-material/EditRounded';
import FileDownloadOutlined from '@mui/icons-material/FileDownloadOutlined';
import ExpandMoreRounded from '@mui/icons-material/ExpandMoreRounded';
import PaymentsRounded from '@mui/icons-material/PaymentsRounded';
import PictureAsPdfOutlined from '@mui/icons-material/PictureAsPdfOutlined';
import PrintOutlined from '@mui/icons-material/PrintOutlined';
import ReceiptLongOutlined from '@mui/icons-material/ReceiptLongOutlined';
import SendRounded from '@mui/icons-material/SendRounded';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Menu from '@mui/material/Menu';
import Card from '@mui/material/Card';
import Container from '@mui/material/Container';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Divider from '@mui/material/Divider';
import MenuItem from '@mui/material/MenuItem';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { Invoice, Party, PaymentMethod } from '@bo/contract/invoices';
import { PAYMENT_METHODS, taxesByRate } from '@bo/contract/invoices';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate } from 'react-router';

import { useHasAccess } from '../../auth/role-based-guard';
import { EmptyContent } from '../../components/empty-content/empty-content';
import { Label } from '../../components/label/label';
import { PageHeader } from '../../components/page-header/page-header';
import { notify } from '../../components/snackbar/notify';
import { paths } from '../../routes/paths';
import {
  fetchInvoicePdf,
  fetchInvoiceUbl,
  saveBlob,
  useCancelInvoiceMutation,
  useDeleteInvoiceMutation,
  useDuplicateInvoiceMutation,
  useInvoiceQuery,
  useRecordPaymentMutation,
  useSendInvoiceMutation,
  useWarmInvoiceRenderer,
} from './invoices-api';
import { INVOICE_STATUS_COLOR, invoiceError, todayIso, useInvoiceFormat } from './invoice-format';
import { DateField } from '../../components/form/date-field';
import { PartyAddress } from './party-address';

type DialogName = 'send' | 'pay' | 'cancel' | 'delete' | 'pdf' | null;

export function InvoiceDetailsView({ id }: { id: string }) {
  const { t, i18n } = useTranslation();
  const f = useInvoiceFormat();
  const navigate = useNavigate();
  const canWrite = useHasAccess(undefined, ['invoices:write']);
  // Sending and the PDF render it: ready by the time someone clicks.
  useWarmInvoiceRenderer(canWrite);
  const { data, isLoading, error } = useInvoiceQuery(id);
  const [dialog, setDialog] = useState<DialogName>(null);
  const [pdfUrl, setPdfUrl] = useState<string | null>(null);
  const [einvoiceAnchor, setEinvoiceAnchor] = useState<HTMLElement | null>(null);
  const [duplicate] = useDuplicateInvoiceMutation();
  const [cancel] = useCancelInvoiceMutation();
  const [remove] = useDeleteInvoiceMutation();
  const invoice = data?.invoice;

  useEffect(() => () => void (pdfUrl && URL.revokeObjectURL(pdfUrl)), [pdfUrl]);

  const pdf = async () => fetchInvoicePdf(id, i18n.language);
  const fileName = invoice ? `${invoice.invoiceNumber ?? 'draft'}.pdf` : 'invoice.pdf';
  const run = async (what: () => Promise<unknown>, done?: string) => {
    try {
      await what();
      if (done) notify.success(done);
    } catch (e) {
      notify.error(invoiceError(t, e));
    }
  };
  const openPdf = () =>
    run(async () => {
      const blob = await pdf();
      setPdfUrl(URL.createObjectURL(blob));
      setDialog('pdf');
    });
  const printPdf = () =>
    run(async () => {
      const url = URL.createObjectURL(await pdf());
      const frame = document.createElement('iframe');
      frame.style.position = 'fixed';
      frame.style.width = '0';
      frame.style.height = '0';
      frame.style.border = '0';
      frame.src = url;
      frame.onload = () => frame.contentWindow?.print();
      document.body.appendChild(frame);
      setTimeout(() => {
        frame.remove();
        URL.revokeObjectURL(url);
      }, 60_000);
    });

  if (error && !invoice) {
    return (
      <Container maxWidth="lg">
        <EmptyContent title={t('invoice.details.notFound')} />
      </Container>
    );
  }

  const draft = invoice?.status === 'draft';
  const payable =
    invoice?.kind === 'invoice' && (invoice.status === 'sent' || invoice.status === 'overdue');
  const title = invoice
    ? (invoice.invoiceNumber ?? t('invoice.status.draft'))
    : t('invoice.details.title');

  return (
    <Container maxWidth="lg">
      <PageHeader
        title={title}
        crumbs={[
          { name: t('nav.dashboard'), href: paths.dashboard.root },
          { name: t('nav.invoice'), href: paths.dashboard.invoice.list },
          { name: title },
        ]}
      />
      {isLoading || !invoice ? (
        <Skeleton variant="rounded" height={480} />
      ) : (
        <>
          <Stack
            direction="row"
            spacing={1}
            useFlexGap
            sx={{ mb: 3, flexWrap: 'wrap', alignItems: 'center' }}
          >
            {canWrite && draft && (
              <Button
                component={RouterLink}
                to={paths.dashboard.invoice.edit(invoice.id)}
                startIcon={<EditRounded />}
              >
                {t('common.edit')}
              </Button>
            )}
            <Button startIcon={<PictureAsPdfOutlined />} onClick={openPdf}>
              {t('invoice.actions.viewPdf')}
            </Button>
            <Button
              startIcon={<FileDownloadOutlined />}
              onClick={() => run(async () => saveBlob(await pdf(), fileName))}
            >
              {t('invoice.actions.download')}
            </Button>
            <Button startIcon={<PrintOutlined />} onClick={printPdf}>
              {t('invoice.actions.print')}
            </Button>
            {!draft && (
              <>
                <Button
                  id="einvoice-button"
                  startIcon={<ReceiptLongOutlined />}
                  endIcon={<ExpandMoreRounded />}
                  aria-haspopup="menu"
                  aria-controls={einvoiceAnchor ? 'einvoice-menu' : undefined}
                  aria-expanded={einvoiceAnchor ? 'true' : undefined}
                  onClick={(e) => setEinvoiceAnchor(e.currentTarget)}
                >
                  {t('invoice.actions.einvoice')}
                </Button>
                <Menu
                  id="einvoice-menu"
                  anchorEl={einvoiceAnchor}
                  open={Boolean(einvoiceAnchor)}
                  onClose={() => setEinvoiceAnchor(null)}
                  slotProps={{ list: { 'aria-labelledby': 'einvoice-button' } }}
                >
                  <MenuItem
                    onClick={() => {
                      setEinvoiceAnchor(null);
                      void run(async () =>
                        saveBlob(await fetchInvoiceUbl(id), `${invoice.invoiceNumber}.xml`),
                      );
                    }}
                  >
                    {t('invoice.actions.ubl')}
                  </MenuItem>
                  <MenuItem
                    onClick={() => {
                      setEinvoiceAnchor(null);
                      void run(async () =>
                        saveBlob(
                          await fetchInvoicePdf(id, i18n.language, 'facturx'),
                          `${invoice.invoiceNumber}-factur-x.pdf`,
                        ),
                      );
                    }}
                  >
                    {t('invoice.actions.facturx')}
                  </MenuItem>
                </Menu>
              </>
            )}
            {canWrite && invoice.kind === 'invoice' && invoice.status !== 'cancelled' && (
              <Button startIcon={<SendRounded />} onClick={() => setDialog('send')}>
                {invoice.status === 'overdue'
                  ? t('invoice.actions.remind')
                  : t('invoice.actions.send')}
              </Button>
            )}
            {canWrite && payable && (
              <Button
                variant="contained"
                startIcon={<PaymentsRounded />}
                onClick={() => setDialog('pay')}
              >
                {t('invoice.actions.recordPayment')}
              </Button>
            )}
            <Box sx={{ flexGrow: 1 }} />
            {canWrite && invoice.kind === 'invoice' && (
              <Button
                startIcon={<ContentCopyRounded />}
                onClick={() =>
                  run(async () => {
                    const copy = await duplicate(invoice.id).unwrap();
                    navigate(paths.dashboard.invoice.edit(copy.invoice.id));
                  }, t('invoice.details.duplicated'))
                }
              >
                {t('invoice.actions.duplicate')}
              </Button>
            )}
            {canWrite && invoice.kind === 'invoice' && invoice.status !== 'cancelled' && (
              <Button
                color="error"
                startIcon={<BlockRounded />}
                onClick={() => setDialog('cancel')}
              >
                {t('invoice.actions.cancel')}
              </Button>
            )}
            {canWrite && draft && (
              <Button
                color="error"
                startIcon={<DeleteOutlineRounded />}
                onClick={() => setDialog('delete')}
              >
                {t('common.delete')}
              </Button>
            )}
          </Stack>

          <InvoicePaper invoice={invoice} />

          {invoice.payments.length > 0 && (
            <Card sx={{ mt: 3 }}>
              <Typography variant="h6" sx={{ p: 3, pb: 1 }}>
                {t('invoice.details.payments')}
              </Typography>
              <TableContainer tabIndex={0} role="region" aria-label={t('invoice.details.payments')}>
                <Table size="small">
                  <TableHead>
                    <TableRow>
                      <TableCell>{t('invoice.payment.paidAt')}</TableCell>
                      <TableCell>{t('invoice.payment.method')}</TableCell>
                      <TableCell>{t('invoice.payment.reference')}</TableCell>
                      <TableCell align="right">{t('invoice.payment.amount')}</TableCell>
                    </TableRow>
                  </TableHead>
                  <TableBody>
                    {invoice.payments.map((p) => (
                      <TableRow key={p.id} data-testid="payment-row">
                        <TableCell>{f.day(p.paidAt)}</TableCell>
                        <TableCell>{t(`invoice.methods.${p.method}`)}</TableCell>
                        <TableCell dir="ltr">{p.reference}</TableCell>
                        <TableCell align="right">
                          <bdi dir="ltr">{f.money(p.amount, invoice.currency)}</bdi>
                        </TableCell>
                      </TableRow>
                    ))}
                  </TableBody>
                </Table>
              </TableContainer>
            </Card>
          )}

          <SendDialog invoice={invoice} open={dialog === 'send'} onClose={() => setDialog(null)} />
          <PaymentDialog
            invoice={invoice}
            open={dialog === 'pay'}
            onClose={() => setDialog(null)}
          />
          <Dialog open={dialog === 'cancel'} onClose={() => setDialog(null)}>
            <DialogTitle>{t('invoice.actions.cancel')}</DialogTitle>
            <DialogContent>
              <Typography>
                {draft ? t('invoice.details.cancelDraft') : t('invoice.details.cancelIssued')}
              </Typography>
            </DialogContent>
            <DialogActions>
              <Button onClick={() => setDialog(null)}>{t('common.close')}</Button>
              <Button
                color="error"
                variant="contained"
                onClick={() =>
                  run(async () => {
                    setDialog(null);
                    await cancel(invoice.id).unwrap();
                  }, t('invoice.details.cancelled'))
                }
              >
                {t('invoice.actions.cancel')}
              </Button>
            </DialogActions>
          </Dialog>
          <Dialog open={dialog === 'delete'} onClose={() => setDialog(null)}>
            <DialogTitle>{t('common.delete')}</DialogTitle>
            <DialogContent>
              <Typography>{t('invoice.list.deleteConfirm', { n: 1 })}</Typography>
            </DialogContent>
            <DialogActions>
              <Button onClick={() => setDialog(null)}>{t('common.cancel')}</Button>
              <Button
                color="error"
                variant="contained"
                onClick={() =>
                  run(async () => {
                    setDialog(null);
                    await remove(invoice.id).unwrap();
                    navigate(paths.dashboard.invoice.list);
                  }, t('invoice.details.deleted'))
                }
              >
                {t('common.delete')}
              </Button>
            </DialogActions>
          </Dialog>
          <Dialog open={dialog === 'pdf'} onClose={() => setDialog(null)} fullWidth maxWidth="md">
            <DialogTitle>{fileName}</DialogTitle>
            <DialogContent sx={{ height: '75vh', p: 0 }}>
              {pdfUrl && (
                <Box
                  component="iframe"
                  title={fileName}
                  src={pdfUrl}
                  data-testid="invoice-pdf"
                  sx={{ width: 1, height: 1, border: 0 }}
                />
              )}
            </DialogContent>
            <DialogActions>
              <Button onClick={() => setDialog(null)}>{t('common.close')}</Button>
            </DialogActions>
          </Dialog>
        </>
      )}
    </Container>
  );
}

function PartyBlock({ label, party }: { label: string; party: Party }) {
  const { t } = useTranslation();
  return (
    <Stack spacing={0.5}>
      <Typography variant="overline" sx={{ color: 'text.secondary' }}>
        {label}
      </Typography>
      {/* Typed text of either direction: each line isolated, so "8 rue de Rivoli" keeps its order in Arabic. */}
      <Typography variant="subtitle2">
        <bdi>{party.name}</bdi>
      </Typography>
      <PartyAddress party={party} />
      {party.email && (
        <Typography variant="body2">
          <bdi dir="ltr">{party.email}</bdi>
        </Typography>
      )}
      {party.phone && (
        <Typography variant="body2">
          <bdi dir="ltr">{party.phone}</bdi>
        </Typography>
      )}
      {party.taxId && (
        <Typography variant="body2">
          {t('invoice.fields.taxId')}: <bdi dir="ltr">{party.taxId}</bdi>
        </Typography>
      )}
    </Stack>
  );
}

/** The invoice laid out as it prints. */
export function InvoicePaper({ invoice }: { invoice: Invoice }) {
  const { t } = useTranslation();
  const f = useInvoiceFormat();
  const m = (cents: number) => <bdi dir="ltr">{f.money(cents, invoice.currency)}</bdi>;
  const row = (label: string, value: React.ReactNode, strong = false) => (
    <Stack direction="row" spacing={2} sx={{ justifyContent: 'flex-end' }}>
      <Typography
        variant={strong ? 'subtitle1' : 'body2'}
        sx={{ color: strong ? 'text.primary' : 'text.secondary' }}
      >
        {label}
      </Typography>
      <Typography variant={strong ? 'subtitle1' : 'body2'} sx={{ minWidth: 120, textAlign: 'end' }}>
        {value}
      </Typography>
    </Stack>
  );
  return (
    <Card sx={{ p: { xs: 3, md: 5 } }} data-testid="invoice-paper">
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        spacing={2}
        sx={{ justifyContent: 'space-between', mb: 4 }}
      >
        <Typography variant="h5">{invoice.from.name}</Typography>
        <Stack spacing={1} sx={{ alignItems: { sm: 'flex-end' } }}>
          <Label color={INVOICE_STATUS_COLOR[invoice.status]}>
            {t(`invoice.status.${invoice.status}`)}
          </Label>
          <Typography variant="h6" dir="ltr" data-testid="invoice-number">
            {invoice.kind === 'credit_note' ? `${t('invoice.creditNote')} ` : ''}
            {invoice.invoiceNumber ?? t('invoice.status.draft')}
          </Typography>
          {invoice.orderId && invoice.orderNumber !== null && (
            <Link
              component={RouterLink}
              to={paths.dashboard.eCommerce.orderDetails(invoice.orderId)}
              variant="body2"
            >
              {t('invoice.details.fromOrder', { number: invoice.orderNumber })}
            </Link>
          )}
        </Stack>
      </Stack>
      <Box
        sx={{
          display: 'grid',
          gap: 3,
          gridTemplateColumns: { xs: '1fr', sm: 'repeat(3, 1fr)' },
          mb: 4,
        }}
      >
        <PartyBlock label={t('invoice.fields.from')} party={invoice.from} />
        <PartyBlock label={t('invoice.fields.to')} party={invoice.to} />
        <Stack spacing={0.5}>
          <Typography variant="overline" sx={{ color: 'text.secondary' }}>
            {t('invoice.fields.issueDate')}
          </Typography>
          <Typography variant="body2">{f.day(invoice.issueDate)}</Typography>
          <Typography variant="overline" sx={{ color: 'text.secondary', pt: 1 }}>
            {t('invoice.fields.due')}
          </Typography>
          <Typography variant="body2">{f.day(invoice.dueDate)}</Typography>
        </Stack>
      </Box>
      <TableContainer tabIndex={0} role="region" aria-label={t('invoice.form.lines')}>
        <Table sx={{ minWidth: 600 }}>
          <TableHead>
            <TableRow>
              <TableCell>{t('invoice.fields.description')}</TableCell>
              <TableCell align="right">{t('invoice.fields.quantity')}</TableCell>
              <TableCell align="right">{t('invoice.fields.price')}</TableCell>
              <TableCell align="right">{t('invoice.fields.taxRate')}</TableCell>
              <TableCell align="right">{t('invoice.fields.total')}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {invoice.items.map((item) => (
              <TableRow key={item.id} data-testid="invoice-line">
                <TableCell>
                  <Typography variant="subtitle2">{item.title}</Typography>
                  {item.description && (
                    <Typography variant="caption" sx={{ color: 'text.secondary' }}>
                      {item.description}
                    </Typography>
                  )}
                </TableCell>
                <TableCell align="right">{f.count(item.quantity)}</TableCell>
                <TableCell align="right">{m(item.price)}</TableCell>
                <TableCell align="right">
                  <bdi>{f.count(item.taxRate)} %</bdi>
                </TableCell>
                <TableCell align="right">{m(item.total)}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </TableContainer>
      <Divider sx={{ my: 2, borderStyle: 'dashed' }} />
      <Stack spacing={1} data-testid="invoice-totals">
        {row(t('invoice.fields.subtotal'), m(invoice.subtotal))}
        {invoice.discount !== 0 && row(t('invoice.fields.discount'), m(-invoice.discount))}
        {taxesByRate(invoice).map((at) => (
          <Box key={at.rate} data-testid="invoice-tax-rate">
            {row(
              t('invoice.fields.taxAt', {
                rate: f.count(at.rate),
                // Isolated left to right, as m() does for the amounts beside it.
                base: `\u2066${f.money(at.base, invoice.currency)}\u2069`,
              }),
              m(at.tax),
            )}
          </Box>
        ))}
        {invoice.shipping !== 0 && row(t('invoice.fields.shipping'), m(invoice.shipping))}
        {row(t('invoice.fields.total'), m(invoice.total), true)}
        {invoice.paid !== 0 && row(t('invoice.fields.paid'), m(-invoice.paid))}
        {invoice.kind === 'invoice' &&
          row(
            t('invoice.fields.balance'),
            <span data-testid="invoice-balance">{m(invoice.balance)}</span>,
            true,
          )}
      </Stack>
      {invoice.notes && (
        <Box sx={{ mt: 4 }}>
          <Typography variant="overline" sx={{ color: 'text.secondary' }}>
            {t('invoice.fields.notes')}
          </Typography>
          <Typography variant="body2" sx={{ whiteSpace: 'pre-wrap' }}>
            {invoice.notes}
          </Typography>
        </Box>
      )}
    </Card>
  );
}

function SendDialog({
  invoice,
  open,
  onClose,
}: {
  invoice: Invoice;
  open: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const [send, sending] = useSendInvoiceMutation();
  const [to, setTo] = useState(invoice.to.email);
  const [message, setMessage] = useState('');
  const [error, setError] = useState('');
  const submit = async () => {
    if (!/^\S+@\S+\.\S+$/.test(to)) {
      setError(t('errors.field.email'));
      return;
    }
    try {
      await send({ id: invoice.id, to, message: message || undefined }).unwrap();
      notify.success(t('invoice.details.sent', { to }));
      onClose();
    } catch (e) {
      notify.error(invoiceError(t, e));
    }
  };
  return (
    <Dialog open={open} onClose={onClose} fullWidth maxWidth="sm">
      <DialogTitle>{t('invoice.actions.send')}</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          <TextField
            label={t('invoice.send.to')}
            type="email"
            value={to}
            onChange={(e) => {
              setTo(e.target.value);
              setError('');
            }}
            error={!!error}
            helperText={error || t('invoice.send.hint')}
            autoFocus
          />
          <TextField
            label={t('invoice.send.message')}
            value={message}
            onChange={(e) => setMessage(e.target.value)}
            multiline
            minRows={3}
          />
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('common.cancel')}</Button>
        <Button variant="contained" onClick={submit} loading={sending.isLoading}>
          {t('invoice.actions.send')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

function PaymentDialog({
  invoice,
  open,
  onClose,
}: {
  invoice: Invoice;
  open: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const f = useInvoiceFormat();
  const [record, recording] = useRecordPaymentMutation();
  const [amount, setAmount] = useState((invoice.balance / 100).toFixed(2));
  const [paidAt, setPaidAt] = useState(todayIso());
  const [method, setMethod] = useState<PaymentMethod>('bank_transfer');
  const [reference, setReference] = useState('');
  const [error, setError] = useState('');
  useEffect(() => {
    if (open) {
      setAmount((invoice.balance / 100).toFixed(2));
      setError('');
    }
  }, [open, invoice.balance]);
  const submit = async () => {
    const cents = Math.round(Number(amount) * 100);
    if (!Number.isFinite(cents) || cents <= 0) {
      setError(t('invoice.payment.positive'));
      return;
    }
    if (cents > invoice.balance) {
      setError(t('invoice.errors.payment_exceeds_balance'));
      return;
    }
    try {
      await record({ id: invoice.id, body: { amount: cents, paidAt, method, reference } }).unwrap();
      notify.success(t('invoice.payment.recorded'));
      onClose();
    } catch (e) {
      setError(invoiceError(t, e));
    }
  };
  return (
    <Dialog open={open} onClose={onClose} fullWidth maxWidth="xs">
      <DialogTitle>{t('invoice.actions.recordPayment')}</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          <TextField
            label={t('invoice.payment.amount')}
            type="number"
            value={amount}
            onChange={(e) => {
              setAmount(e.target.value);
              setError('');
            }}
            error={!!error}
            helperText={
              error ||
              t('invoice.payment.balanceHint', {
                balance: f.money(invoice.balance, invoice.currency),
              })
            }
            slotProps={{ htmlInput: { step: '0.01', min: 0, inputMode: 'decimal' } }}
            autoFocus
          />
          <DateField
            label={t('invoice.payment.paidAt')}
            type="date"
            value={paidAt}
            onChange={(e) => setPaidAt(e.target.value)}
          />
          <TextField
            select
            label={t('invoice.payment.method')}
            value={method}
            onChange={(e) => setMethod(e.target.value as PaymentMethod)}
          >
            {PAYMENT_METHODS.map((m) => (
              <MenuItem key={m} value={m}>
                {t(`invoice.methods.${m}`)}
              </MenuItem>
            ))}
          </TextField>
          <TextField
            label={t('invoice.payment.reference')}
            value={reference}
            onChange={(e) => setReference(e.target.value)}
          />
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('common.cancel')}</Button>
        <Button variant="contained" onClick={submit} loading={recording.isLoading}>
          {t('invoice.actions.recordPayment')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
