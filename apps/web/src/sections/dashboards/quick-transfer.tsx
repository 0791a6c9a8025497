import type { BankAccount } from '@bo/contract/banking';
import { BANK_TRANSFER_MAX } from '@bo/contract/banking';
import Autocomplete from '@mui/material/Autocomplete';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardHeader from '@mui/material/CardHeader';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';

import { notify } from '../../components/snackbar/notify';
import { isHttpError } from '../../lib/http';
import { useDebouncedValue } from '../../lib/use-debounced-value';
import { useFormat } from '../../lib/format';
import { translateError } from '../../locales/form-errors';
import { useBankContactsQuery, useTransferMutation, type Contact } from './banking-api';

type Field = 'fromAccountId' | 'toAccountId' | 'contactId' | 'amount' | 'note';
type Errors = Partial<Record<Field, string>>;

const newKey = () =>
  typeof crypto !== 'undefined' && 'randomUUID' in crypto
    ? crypto.randomUUID()
    : `${Date.now()}-${Math.random().toString(36).slice(2)}`;

/** "1 234,50" or "1,234.50" → cents; null when it is not an amount with at most two decimals. */
export function parseAmount(text: string): number | null {
  const s = text.replace(/[\s\u00a0\u202f']/g, '');
  const m =
    /^(\d+)(?:[.,](\d{1,2}))?$/.exec(s) ?? /^(\d{1,3}(?:[.,]\d{3})+)(?:[.,](\d{1,2}))?$/.exec(s);
  if (!m) return null;
  const whole = Number(m[1]!.replace(/[.,]/g, ''));
  const cents = Number((m[2] ?? '').padEnd(2, '0'));
  return whole * 100 + cents;
}

/**
 * Quick transfer: from one of the organisation's accounts to another or to a person. The amount
 * is checked here, confirmed in a dialog, and sent with a key made once per intended transfer,
 * so a retry after a lost answer never pays twice.
 */
export function QuickTransfer({
  accounts,
  payees,
}: {
  accounts: BankAccount[];
  payees: Contact[];
}) {
  const { t } = useTranslation();
  const f = useFormat();
  const [fromId, setFromId] = useState(accounts[0]?.id ?? '');
  const [target, setTarget] = useState<'account' | 'person'>('person');
  const [toId, setToId] = useState('');
  const [contact, setContact] = useState<Contact | null>(null);
  const [search, setSearch] = useState('');
  const [amountText, setAmountText] = useState('');
  const [note, setNote] = useState('');
  const [errors, setErrors] = useState<Errors>({});
  const [confirming, setConfirming] = useState(false);
  const [key, setKey] = useState(newKey);
  const [send, { isLoading }] = useTransferMutation();
  const debounced = useDebouncedValue(search, 250);
  const contacts = useBankContactsQuery(debounced, { skip: target !== 'person' });

  const from = accounts.find((a) => a.id === fromId);
  const targets = accounts.filter((a) => a.id !== fromId && a.currency === from?.currency);
  const amount = parseAmount(amountText);
  const money = (cents: number) => f.money(cents, from?.currency);
  const toName = target === 'account' ? accounts.find((a) => a.id === toId)?.name : contact?.name;
  const options = useMemo(() => {
    const list = contacts.data ?? [];
    return contact && !list.some((c) => c.id === contact.id) ? [contact, ...list] : list;
  }, [contacts.data, contact]);

  const check = (): Errors => {
    const e: Errors = {};
    if (!from) e.fromAccountId = t('dashboards.banking.transfer.required');
    if (target === 'account' && !toId) e.toAccountId = t('dashboards.banking.transfer.required');
    if (target === 'person' && !contact) e.contactId = t('dashboards.banking.transfer.required');
    if (amount === null || amount <= 0) e.amount = t('dashboards.banking.transfer.badAmount');
    else if (amount > BANK_TRANSFER_MAX)
      e.amount = t('dashboards.banking.transfer.tooMuch', { max: money(BANK_TRANSFER_MAX) });
    else if (from && amount > from.balance)
      e.amount = t('dashboards.banking.errors.insufficient_funds', {
        balance: money(from.balance),
      });
    return e;
  };

  const submit = () => {
    const e = check();
    setErrors(e);
    if (Object.keys(e).length === 0) setConfirming(true);
  };

  const confirm = async () => {
    if (!from || amount === null) return;
    try {
      await send({
        fromAccountId: from.id,
        ...(target === 'account' ? { toAccountId: toId } : { contactId: contact!.id }),
        amount,
        currency: from.currency,
        idempotencyKey: key,
        note,
      }).unwrap();
      notify.success(t('dashboards.banking.transfer.sent', { amount: money(amount), to: toName }));
      setAmountText('');
      setNote('');
      setKey(newKey());
      setConfirming(false);
    } catch (err) {
      setConfirming(false);
      const details = isHttpError(err) ? (err.details ?? []) : [];
      const placed: Errors = {};
      for (const d of details) {
        const field = (d.field === 'currency' ? 'fromAccountId' : d.field) as Field;
        placed[field] = t(`dashboards.banking.errors.${d.code}`, {
          defaultValue: t(`errors.field.${d.code}`, { defaultValue: d.message }),
          balance: money(Number((d.params as { balance?: number } | undefined)?.balance ?? 0)),
        });
      }
      if (Object.keys(placed).length) setErrors(placed);
      else notify.error(translateError(t, err));
      // A refusal moved nothing: the next attempt is a new transfer.
      if (isHttpError(err) && err.status !== undefined && err.status < 500) setKey(newKey());
    }
  };

  const pick = (c: Contact) => {
    setTarget('person');
    setContact(c);
    setErrors((e) => ({ ...e, contactId: undefined }));
  };

  return (
    <Card sx={{ height: '100%' }} data-testid="quick-transfer">
      <CardHeader
        title={t('dashboards.banking.transfer.title')}
        titleTypographyProps={{ component: 'h2', variant: 'h6' }}
      />
      <Stack
        component="form"
        noValidate
        spacing={2}
        sx={{ p: 3, pt: 2 }}
        onSubmit={(e) => {
          e.preventDefault();
          submit();
        }}
      >
        {payees.length > 0 && (
          <Box>
            <Typography variant="caption" sx={{ color: 'text.secondary' }}>
              {t('dashboards.banking.transfer.recent')}
            </Typography>
            <Stack direction="row" spacing={1} sx={{ mt: 0.5, flexWrap: 'wrap', rowGap: 1 }}>
              {payees.map((c) => (
                <Tooltip key={c.id} title={c.name}>
                  <IconButton
                    size="small"
                    onClick={() => pick(c)}
                    aria-label={t('dashboards.banking.transfer.payTo', { name: c.name })}
                    aria-pressed={contact?.id === c.id}
                    sx={{
                      p: 0.25,
                      border: 2,
                      borderColor: contact?.id === c.id ? 'primary.main' : 'transparent',
                    }}
                  >
                    <Avatar src={c.avatarUrl ?? undefined} alt="" sx={{ width: 36, height: 36 }}>
                      {c.name.charAt(0)}
                    </Avatar>
                  </IconButton>
                </Tooltip>
              ))}
            </Stack>
          </Box>
        )}
        <TextField
          select
          label={t('dashboards.banking.transfer.from')}
          value={fromId}
          onChange={(e) => {
            setFromId(e.target.value);
            setToId('');
          }}
          error={!!errors.fromAccountId}
          helperText={
            errors.fromAccountId ??
            (from
              ? t('dashboards.banking.transfer.available', { balance: money(from.balance) })
              : ' ')
          }
        >
          {accounts.map((a) => (
            <MenuItem key={a.id} value={a.id}>
              {a.name} ({a.currency})
            </MenuItem>
          ))}
        </TextField>
        <ToggleButtonGroup
          exclusive
          size="small"
          fullWidth
          value={target}
          onChange={(_, v: 'account' | 'person' | null) => v && setTarget(v)}
          aria-label={t('dashboards.banking.transfer.to')}
        >
          <ToggleButton value="person">{t('dashboards.banking.transfer.toPerson')}</ToggleButton>
          <ToggleButton value="account">{t('dashboards.banking.transfer.toAccount')}</ToggleButton>
        </ToggleButtonGroup>
        {target === 'account' ? (
          <TextField
            select
            label={t('dashboards.banking.transfer.toAccount')}
            value={toId}
            onChange={(e) => {
              setToId(e.target.value);
              setErrors((x) => ({ ...x, toAccountId: undefined }));
            }}
            error={!!errors.toAccountId}
            helperText={
              errors.toAccountId ??
              (targets.length === 0 ? t('dashboards.banking.transfer.noTarget') : ' ')
            }
          >
            {targets.map((a) => (
              <MenuItem key={a.id} value={a.id}>
                {a.name} ({a.number})
              </MenuItem>
            ))}
          </TextField>
        ) : (
          <Autocomplete
            options={options}
            value={contact}
            onChange={(_, v) => {
              setContact(v);
              setErrors((x) => ({ ...x, contactId: undefined }));
            }}
            inputValue={search}
            onInputChange={(_, v) => setSearch(v)}
            filterOptions={(x) => x}
            loading={contacts.isFetching}
            getOptionLabel={(c) => c.name}
            isOptionEqualToValue={(a, b) => a.id === b.id}
            noOptionsText={t('dashboards.banking.transfer.noContact')}
            renderOption={(props, c) => {
              const { key: k, ...rest } = props as typeof props & { key: string };
              return (
                <Box component="li" key={k} {...rest} sx={{ gap: 1.5 }}>
                  <Avatar src={c.avatarUrl ?? undefined} alt="" sx={{ width: 28, height: 28 }} />
                  <Box sx={{ minWidth: 0 }}>
                    <Typography variant="body2" noWrap>
                      {c.name}
                    </Typography>
                    <Typography variant="caption" sx={{ color: 'text.secondary' }} noWrap>
                      {c.email}
                    </Typography>
                  </Box>
                </Box>
              );
            }}
            renderInput={(params) => (
              <TextField
                {...params}
                label={t('dashboards.banking.transfer.toPerson')}
                error={!!errors.contactId}
                helperText={errors.contactId ?? ' '}
              />
            )}
          />
        )}
        <TextField
          label={t('dashboards.banking.transfer.amount', { currency: from?.currency ?? '' })}
          value={amountText}
          onChange={(e) => {
            setAmountText(e.target.value);
            setErrors((x) => ({ ...x, amount: undefined }));
          }}
          inputProps={{ inputMode: 'decimal', dir: 'ltr' }}
          error={!!errors.amount}
          helperText={errors.amount ?? (amount ? money(amount) : ' ')}
        />
        <TextField
          label={t('dashboards.banking.transfer.note')}
          value={note}
          onChange={(e) => setNote(e.target.value.slice(0, 140))}
          error={!!errors.note}
          helperText={errors.note ?? ' '}
        />
        <Button type="submit" variant="contained" size="large" disabled={isLoading}>
          {t('dashboards.banking.transfer.submit')}
        </Button>
      </Stack>
      <Dialog open={confirming} onClose={() => !isLoading && setConfirming(false)}>
        <DialogTitle>{t('dashboards.banking.transfer.confirmTitle')}</DialogTitle>
        <DialogContent>
          <DialogContentText>
            {t('dashboards.banking.transfer.confirmText', {
              amount: amount !== null ? money(amount) : '',
              from: from?.name ?? '',
              to: toName ?? '',
            })}
          </DialogContentText>
        </DialogContent>
        <DialogActions>
          <Button color="inherit" onClick={() => setConfirming(false)} disabled={isLoading}>
            {t('dashboards.banking.transfer.cancel')}
          </Button>
          <Button variant="contained" onClick={confirm} disabled={isLoading} autoFocus>
            {t('dashboards.banking.transfer.confirm')}
          </Button>
        </DialogActions>
      </Dialog>
    </Card>
  );
}
