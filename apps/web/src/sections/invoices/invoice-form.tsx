import AddRounded from '@mui/icons-material/AddRounded';
import ArrowDownwardRounded from '@mui/icons-material/ArrowDownwardRounded';
import ArrowUpwardRounded from '@mui/icons-material/ArrowUpwardRounded';
import DeleteOutlineRounded from '@mui/icons-material/DeleteOutlineRounded';
import PersonAddAlt1Rounded from '@mui/icons-material/PersonAddAlt1Rounded';
import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Divider from '@mui/material/Divider';
import IconButton from '@mui/material/IconButton';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { zodResolver } from '@hookform/resolvers/zod';
import type { AddressBookEntry, CreateInvoiceBody, Invoice } from '@bo/contract/invoices';
import { computeInvoice, partyInputSchema } from '@bo/contract/invoices';
import { useMemo, useRef, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { z } from 'zod';

import { focusFirstError } from '../../components/form/focus-first-error';
import { notify } from '../../components/snackbar/notify';
import { isHttpError } from '../../lib/http';
import { applyServerFieldErrors, zodErrorMap } from '../../locales/form-errors';
import { paths } from '../../routes/paths';
import {
  useCreateInvoiceMutation,
  useCreatePartyMutation,
  usePartiesQuery,
  useSendInvoiceMutation,
  useWarmInvoiceRenderer,
  useUpdateInvoiceMutation,
} from './invoices-api';
import { addDays, invoiceError, todayIso, useInvoiceFormat } from './invoice-format';
import { DateField } from '../../components/form/date-field';
import { CountryField } from './country-field';
import { PartyAddress } from './party-address';

const CURRENCIES = ['USD', 'EUR', 'GBP', 'VND', 'CNY', 'SAR'];

/** Amounts typed in units with up to two decimals; sent to the server in cents. */
const units = z
  .string()
  .trim()
  .regex(/^\d+([.,]\d{1,2})?$/, { message: 'amount' });
const lineSchema = z.object({
  title: z.string().trim().min(1).max(200),
  description: z.string().max(2000),
  service: z.string().max(100),
  quantity: z
    .string()
    .trim()
    .regex(/^\d+([.,]\d{1,2})?$/, { message: 'amount' })
    .refine((v) => Number(v.replace(',', '.')) > 0, { message: 'positive' }),
  price: units,
  taxRate: z
    .string()
    .trim()
    .regex(/^\d+([.,]\d{1,2})?$/, { message: 'amount' })
    .refine((v) => Number(v.replace(',', '.')) <= 100, { message: 'percent' }),
});
const formSchema = z
  .object({
    customerId: z.string().min(1),
    fromId: z.string(),
    issueDate: z.string().min(1),
    dueDate: z.string().min(1),
    currency: z.string().length(3),
    items: z.array(lineSchema).min(1),
    discount: units,
    shipping: units,
    notes: z.string().max(2000),
  })
  .refine((v) => v.dueDate >= v.issueDate, { path: ['dueDate'], message: 'dueBeforeIssue' });
type FormValues = z.infer<typeof formSchema>;

const num = (v: string) => Number(v.replace(',', '.')) || 0;
const cents = (v: string) => Math.round(num(v) * 100);
const toUnits = (c: number) => (c / 100).toFixed(2);
const EMPTY_LINE = {
  title: '',
  description: '',
  service: '',
  quantity: '1',
  price: '',
  taxRate: '0',
};

function defaults(invoice?: Invoice): FormValues {
  if (!invoice) {
    const today = todayIso();
    return {
      customerId: '',
      fromId: '',
      issueDate: today,
      dueDate: addDays(today, 30),
      currency: 'USD',
      items: [{ ...EMPTY_LINE }],
      discount: '0',
      shipping: '0',
      notes: '',
    };
  }
  return {
    customerId: invoice.customerId ?? 'inline',
    fromId: '',
    issueDate: invoice.issueDate,
    dueDate: invoice.dueDate,
    currency: invoice.currency,
    items: invoice.items.map((i) => ({
      title: i.title,
      description: i.description,
      service: i.service,
      quantity: String(i.quantity),
      price: toUnits(i.price),
      taxRate: String(i.taxRate),
    })),
    discount: toUnits(invoice.discount),
    shipping: toUnits(invoice.shipping),
    notes: invoice.notes,
  };
}

/** One form for a new invoice and for editing a draft; the server prices and numbers it. */
export function InvoiceForm({ invoice }: { invoice?: Invoice }) {
  const { t } = useTranslation();
  const f = useInvoiceFormat();
  const navigate = useNavigate();
  const [create] = useCreateInvoiceMutation();
  const [update] = useUpdateInvoiceMutation();
  const [send] = useSendInvoiceMutation();
  // "Save and send" renders the PDF: have the renderer ready by the time the form is filled in.
  useWarmInvoiceRenderer();
  const { data: customers } = usePartiesQuery({ kind: 'customer' });
  const { data: companies } = usePartiesQuery({ kind: 'company' });
  const [adding, setAdding] = useState(false);
  const [saving, setSaving] = useState<'draft' | 'sent' | null>(null);
  const errorText = (message?: string) =>
    message && ['amount', 'positive', 'percent', 'dueBeforeIssue'].includes(message)
      ? t(`invoice.form.errors.${message}`)
      : message;

  const form = useForm<FormValues>({
    resolver: zodResolver(formSchema, { error: zodErrorMap(t) }),
    defaultValues: defaults(invoice),
  });
  const { control, handleSubmit, setError, setValue, getValues, watch } = form;
  // The lines as a plain array field, with a stable key per line for React. (useFieldArray does
  // the same, but it would join react-hook-form's chunk that the sign-in page loads: +1.6 KiB.)
  const [keys, setKeys] = useState(() => getValues('items').map((_, i) => i));
  const nextKey = useRef(keys.length);
  const lines = {
    fields: keys.map((id) => ({ id })),
    append(line: FormValues['items'][number]) {
      setValue('items', [...getValues('items'), line]);
      setKeys((k) => [...k, nextKey.current++]);
    },
    remove(index: number) {
      setValue(
        'items',
        getValues('items').filter((_, i) => i !== index),
      );
      setKeys((k) => k.filter((_, i) => i !== index));
    },
    move(from: number, to: number) {
      const swap = <T,>(xs: T[]) => {
        const out = [...xs];
        [out[from], out[to]] = [out[to]!, out[from]!];
        return out;
      };
      setValue('items', swap(getValues('items')));
      setKeys((k) => swap(k));
    },
  };
  const watched = watch();
  const currency = watched.currency ?? 'USD';
  const totals = useMemo(
    () =>
      computeInvoice({
        items: (watched.items ?? []).map((i) => ({
          quantity: num(i?.quantity ?? '0'),
          price: cents(i?.price ?? '0'),
          taxRate: num(i?.taxRate ?? '0'),
        })),
        discount: cents(watched.discount ?? '0'),
        shipping: cents(watched.shipping ?? '0'),
      }),
    // watch() answers a new object on every change of any field.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [JSON.stringify(watched)],
  );

  const customerOptions = customers?.parties ?? [];
  // An invoice whose customer was typed in (not from the book) keeps it as it is.
  const inlineCustomer = invoice && !invoice.customerId ? invoice.to : undefined;

  // The chosen customer's address as the invoice will carry it.
  const pickedCustomer =
    watched.customerId === 'inline' || (!watched.customerId && inlineCustomer)
      ? inlineCustomer
      : customerOptions.find((c) => c.id === watched.customerId);

  const save = (status: 'draft' | 'sent') =>
    handleSubmit(
      async (v) => {
        setSaving(status);
        const body = {
          ...(v.customerId === 'inline' && inlineCustomer
            ? { to: inlineCustomer }
            : { customerId: v.customerId }),
          ...(v.fromId ? { fromId: v.fromId } : {}),
          issueDate: v.issueDate,
          dueDate: v.dueDate,
          currency: v.currency,
          items: v.items.map((i) => ({
            title: i.title,
            description: i.description,
            service: i.service,
            quantity: num(i.quantity),
            price: cents(i.price),
            taxRate: num(i.taxRate),
          })),
          discount: cents(v.discount),
          shipping: cents(v.shipping),
          notes: v.notes,
        } satisfies Omit<CreateInvoiceBody, 'status'>;
        try {
          let saved: Invoice;
          if (invoice) {
            saved = (await update({ id: invoice.id, body }).unwrap()).invoice;
            if (status === 'sent') saved = (await send({ id: invoice.id }).unwrap()).invoice;
          } else {
            saved = (await create({ ...body, status }).unwrap()).invoice;
          }
          notify.success(
            status === 'sent' ? t('invoice.form.savedAndSent') : t('invoice.form.saved'),
          );
          navigate(paths.dashboard.invoice.details(saved.id));
        } catch (e) {
          const details = isHttpError(e) ? (e.details ?? []) : [];
          let placed = false;
          for (const d of details) {
            const field = d.field.replace(/^to(\.|$)/, 'customerId');
            if (field in v || field.startsWith('items.')) {
              setError(field as keyof FormValues, {
                message: t(`invoice.errors.${d.code}`, {
                  defaultValue: t(`errors.field.${d.code}`, { defaultValue: d.message }),
                }),
              });
              placed = true;
            }
          }
          if (!placed) notify.error(invoiceError(t, e));
          else focusFirstError();
        } finally {
          setSaving(null);
        }
      },
      () => focusFirstError(),
    );

  const onNewCustomer = (party: AddressBookEntry) => {
    setValue('customerId', party.id, { shouldValidate: true });
    setAdding(false);
  };

  return (
    <Box component="form" noValidate onSubmit={(e) => e.preventDefault()} sx={{ pb: 8 }}>
      <Card>
        <Box
          sx={{
            p: 3,
            display: 'grid',
            gap: 3,
            gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' },
          }}
        >
          <Stack spacing={2}>
            <Typography variant="subtitle1">{t('invoice.fields.from')}</Typography>
            <Controller
              name="fromId"
              control={control}
              render={({ field }) => {
                const value = field.value || companies?.parties[0]?.id || '';
                return (
                  <TextField
                    select
                    label={t('invoice.form.company')}
                    value={value}
                    onChange={field.onChange}
                    slotProps={{ inputLabel: { shrink: value !== '' } }}
                    helperText={
                      companies && companies.parties.length === 0
                        ? t('invoice.errors.no_company')
                        : ' '
                    }
                    error={companies?.parties.length === 0}
                  >
                    {(companies?.parties ?? []).map((c) => (
                      <MenuItem key={c.id} value={c.id}>
                        {c.name}
                      </MenuItem>
                    ))}
                  </TextField>
                );
              }}
            />
          </Stack>
          <Stack spacing={2}>
            <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between' }}>
              <Typography variant="subtitle1">{t('invoice.fields.to')}</Typography>
              <Button
                size="small"
                startIcon={<PersonAddAlt1Rounded />}
                onClick={() => setAdding(true)}
              >
                {t('invoice.form.newCustomer')}
              </Button>
            </Stack>
            <Controller
              name="customerId"
              control={control}
              render={({ field, fieldState }) => {
                const options: Array<{ id: string; name: string; email: string }> = [
                  ...(inlineCustomer
                    ? [{ id: 'inline', name: inlineCustomer.name, email: inlineCustomer.email }]
                    : []),
                  ...customerOptions,
                ];
                const value =
                  options.find((o) => o.id === (field.value || (inlineCustomer ? 'inline' : ''))) ??
                  null;
                return (
                  <Autocomplete
                    options={options}
                    value={value}
                    onChange={(_, o) => field.onChange(o?.id ?? '')}
                    getOptionLabel={(o) => o.name}
                    isOptionEqualToValue={(a, b) => a.id === b.id}
                    renderOption={(props, o) => (
                      <li {...props} key={o.id}>
                        <Stack>
                          <Typography variant="body2">{o.name}</Typography>
                          <Typography variant="caption" sx={{ color: 'text.secondary' }}>
                            {o.email}
                          </Typography>
                        </Stack>
                      </li>
                    )}
                    renderInput={(params) => (
                      <TextField
                        {...params}
                        name="customerId"
                        label={t('invoice.form.customer')}
                        error={!!fieldState.error}
                        helperText={fieldState.error?.message ?? ' '}
                      />
                    )}
                  />
                );
              }}
            />
            {pickedCustomer && (
              <Box data-testid="picked-customer" sx={{ mt: -1 }}>
                <PartyAddress party={pickedCustomer} />
                {pickedCustomer.phone && (
                  <Typography variant="body2">
                    <bdi dir="ltr">{pickedCustomer.phone}</bdi>
                  </Typography>
                )}
              </Box>
            )}
          </Stack>
        </Box>
        <Divider />
        <Box
          sx={{
            p: 3,
            display: 'grid',
            gap: 2,
            gridTemplateColumns: { xs: '1fr', sm: 'repeat(3, 1fr)' },
          }}
        >
          {(['issueDate', 'dueDate'] as const).map((name) => (
            <Controller
              key={name}
              name={name}
              control={control}
              render={({ field, fieldState }) => (
                <DateField
                  {...field}
                  type="date"
                  label={t(
                    name === 'issueDate' ? 'invoice.fields.issueDate' : 'invoice.fields.due',
                  )}
                  error={!!fieldState.error}
                  helperText={errorText(fieldState.error?.message)}
                />
              )}
            />
          ))}
          <Controller
            name="currency"
            control={control}
            render={({ field }) => (
              <TextField select label={t('invoice.fields.currency')} {...field}>
                {CURRENCIES.map((c) => (
                  <MenuItem key={c} value={c}>
                    {c}
                  </MenuItem>
                ))}
              </TextField>
            )}
          />
        </Box>
        <Divider />
        <Box sx={{ p: 3 }}>
          <Typography variant="h6" sx={{ mb: 2 }}>
            {t('invoice.form.lines')}
          </Typography>
          <Stack spacing={3} divider={<Divider flexItem sx={{ borderStyle: 'dashed' }} />}>
            {lines.fields.map((line, index) => (
              <Stack key={line.id} spacing={2} data-testid="invoice-form-line">
                <Box
                  sx={{
                    display: 'grid',
                    gap: 2,
                    gridTemplateColumns: { xs: '1fr', md: '2fr 2fr 1fr' },
                  }}
                >
                  {(['title', 'description', 'service'] as const).map((name) => (
                    <Controller
                      key={name}
                      name={`items.${index}.${name}`}
                      control={control}
                      render={({ field, fieldState }) => (
                        <TextField
                          {...field}
                          label={t(`invoice.fields.${name === 'title' ? 'item' : name}`)}
                          error={!!fieldState.error}
                          helperText={errorText(fieldState.error?.message)}
                        />
                      )}
                    />
                  ))}
                </Box>
                <Stack
                  direction={{ xs: 'column', sm: 'row' }}
                  spacing={2}
                  sx={{ alignItems: { sm: 'flex-start' } }}
                >
                  {(['quantity', 'price', 'taxRate'] as const).map((name) => (
                    <Controller
                      key={name}
                      name={`items.${index}.${name}`}
                      control={control}
                      render={({ field, fieldState }) => (
                        <TextField
                          {...field}
                          label={t(`invoice.fields.${name}`)}
                          slotProps={{ htmlInput: { inputMode: 'decimal' } }}
                          error={!!fieldState.error}
                          helperText={errorText(fieldState.error?.message)}
                          sx={{ width: { sm: 150 } }}
                        />
                      )}
                    />
                  ))}
                  <Box sx={{ flexGrow: 1, textAlign: 'end', pt: { sm: 2 } }}>
                    <Typography variant="subtitle2" data-testid="line-total">
                      <bdi dir="ltr">{f.money(totals.lines[index]?.total ?? 0, currency)}</bdi>
                    </Typography>
                  </Box>
                  <Stack direction="row">
                    <IconButton
                      aria-label={t('invoice.form.moveUp', { n: index + 1 })}
                      disabled={index === 0}
                      onClick={() => lines.move(index, index - 1)}
                    >
                      <ArrowUpwardRounded />
                    </IconButton>
                    <IconButton
                      aria-label={t('invoice.form.moveDown', { n: index + 1 })}
                      disabled={index === lines.fields.length - 1}
                      onClick={() => lines.move(index, index + 1)}
                    >
                      <ArrowDownwardRounded />
                    </IconButton>
                    <IconButton
                      aria-label={t('invoice.form.removeLine', { n: index + 1 })}
                      color="error"
                      disabled={lines.fields.length === 1}
                      onClick={() => lines.remove(index)}
                    >
                      <DeleteOutlineRounded />
                    </IconButton>
                  </Stack>
                </Stack>
              </Stack>
            ))}
          </Stack>
          <Button
            startIcon={<AddRounded />}
            onClick={() => lines.append({ ...EMPTY_LINE })}
            sx={{ mt: 2 }}
          >
            {t('invoice.form.addLine')}
          </Button>
        </Box>
        <Divider />
        <Box
          sx={{
            p: 3,
            display: 'grid',
            gap: 3,
            gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' },
          }}
        >
          <Stack spacing={2}>
            <Stack direction="row" spacing={2}>
              {(['discount', 'shipping'] as const).map((name) => (
                <Controller
                  key={name}
                  name={name}
                  control={control}
                  render={({ field, fieldState }) => (
                    <TextField
                      {...field}
                      label={t(`invoice.fields.${name}`)}
                      slotProps={{ htmlInput: { inputMode: 'decimal' } }}
                      error={!!fieldState.error}
                      helperText={errorText(fieldState.error?.message)}
                    />
                  )}
                />
              ))}
            </Stack>
            <Controller
              name="notes"
              control={control}
              render={({ field }) => (
                <TextField {...field} label={t('invoice.fields.notes')} multiline minRows={3} />
              )}
            />
          </Stack>
          <Stack spacing={1} data-testid="form-totals" sx={{ alignSelf: 'end' }}>
            {(
              [
                ['subtotal', totals.subtotal],
                ['discount', totals.discount ? -totals.discount : 0],
                ['taxes', totals.taxes],
                ['shipping', totals.shipping],
              ] as const
            ).map(([key, value]) => (
              <Stack key={key} direction="row" sx={{ justifyContent: 'space-between' }}>
                <Typography variant="body2" sx={{ color: 'text.secondary' }}>
                  {t(`invoice.fields.${key}`)}
                </Typography>
                <Typography variant="body2" data-testid={`form-${key}`}>
                  <bdi dir="ltr">{f.money(value, currency)}</bdi>
                </Typography>
              </Stack>
            ))}
            <Stack direction="row" sx={{ justifyContent: 'space-between' }}>
              <Typography variant="subtitle1">{t('invoice.fields.total')}</Typography>
              <Typography variant="subtitle1" data-testid="form-total">
                <bdi dir="ltr">{f.money(totals.total, currency)}</bdi>
              </Typography>
            </Stack>
          </Stack>
        </Box>
      </Card>
      <Stack direction="row" spacing={2} sx={{ mt: 3, justifyContent: 'flex-end' }}>
        <Button
          variant="outlined"
          size="large"
          loading={saving === 'draft'}
          disabled={saving !== null}
          onClick={save('draft')}
        >
          {invoice ? t('common.save') : t('invoice.form.saveDraft')}
        </Button>
        <Button
          variant="contained"
          size="large"
          loading={saving === 'sent'}
          disabled={saving !== null}
          onClick={save('sent')}
        >
          {t('invoice.form.saveAndSend')}
        </Button>
      </Stack>
      <NewCustomerDialog open={adding} onClose={() => setAdding(false)} onCreated={onNewCustomer} />
    </Box>
  );
}

const EMPTY_PARTY = {
  name: '',
  email: '',
  phone: '',
  address: '',
  city: '',
  postalCode: '',
  region: '',
  country: '',
  taxId: '',
};
type PartyKey = keyof typeof EMPTY_PARTY;
const PARTY_KEYS = Object.keys(EMPTY_PARTY) as PartyKey[];

function NewCustomerDialog({
  open,
  onClose,
  onCreated,
}: {
  open: boolean;
  onClose: () => void;
  onCreated: (party: AddressBookEntry) => void;
}) {
  const { t } = useTranslation();
  const [create, creating] = useCreatePartyMutation();
  const [values, setValues] = useState(EMPTY_PARTY);
  const [errors, setErrors] = useState<Partial<Record<PartyKey, string>>>({});
  const change = (key: PartyKey, value: string) => {
    setValues((v) => ({ ...v, [key]: value }));
    setErrors((x) => ({ ...x, [key]: '' }));
  };
  const submit = async () => {
    // The contract's own rules, in the person's language, before the server says the same.
    const checked = partyInputSchema.safeParse(values, { error: zodErrorMap(t) });
    if (!checked.success) {
      const found: Partial<Record<PartyKey, string>> = {};
      for (const issue of checked.error.issues) {
        const key = issue.path[0] as PartyKey;
        found[key] ??= issue.message;
      }
      setErrors(found);
      return;
    }
    try {
      const { party } = await create({ kind: 'customer', ...checked.data }).unwrap();
      setValues(EMPTY_PARTY);
      onCreated(party);
    } catch (e) {
      const placed = applyServerFieldErrors(
        t,
        e,
        (field, error) => setErrors((x) => ({ ...x, [field]: error.message })),
        PARTY_KEYS,
      );
      if (!placed) notify.error(invoiceError(t, e));
    }
  };
  const field = (key: PartyKey, wide = false) =>
    key === 'country' ? (
      <CountryField
        key={key}
        name={key}
        label={t('invoice.party.country')}
        value={values.country}
        onChange={(code) => change('country', code)}
        error={!!errors.country}
        helperText={errors.country || ' '}
      />
    ) : (
      <TextField
        key={key}
        name={key}
        label={t(`invoice.party.${key}`)}
        value={values[key]}
        onChange={(e) => change(key, e.target.value)}
        error={!!errors[key]}
        helperText={errors[key] || ' '}
        autoFocus={key === 'name'}
        required={key === 'name'}
        fullWidth
        sx={wide ? { gridColumn: '1 / -1' } : undefined}
        slotProps={
          key === 'phone' || key === 'email' || key === 'postalCode'
            ? { htmlInput: { dir: 'ltr' } }
            : undefined
        }
      />
    );
  return (
    <Dialog open={open} onClose={onClose} fullWidth maxWidth="sm">
      <DialogTitle>{t('invoice.form.newCustomer')}</DialogTitle>
      <DialogContent>
        <Box
          sx={{
            pt: 1,
            display: 'grid',
            columnGap: 2,
            gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' },
          }}
        >
          {field('name', true)}
          {field('email')}
          {field('phone')}
          {field('address', true)}
          {field('postalCode')}
          {field('city')}
          {field('region')}
          {field('country')}
          {field('taxId')}
        </Box>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('common.cancel')}</Button>
        <Button variant="contained" onClick={submit} loading={creating.isLoading}>
          {t('common.save')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
