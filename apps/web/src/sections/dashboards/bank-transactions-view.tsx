import type { BankTransaction } from '@bo/contract/banking';
import { BANK_CATEGORIES, BANK_TRANSACTION_KINDS } from '@bo/contract/banking';
import { DASHBOARD_EVENTS } from '@bo/contract/dashboards';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';

import { Label } from '../../components/label/label';
import type { LabelColor } from '../../components/label/label';
import { PageHeader } from '../../components/page-header/page-header';
import { useFormat } from '../../lib/format';
import { subscribeRealtime } from '../../lib/realtime';
import { useCursorPages } from '../../lib/use-cursor-pages';
import { paths } from '../../routes/paths';
import { useBankAccountsQuery, useBankTransactionsQuery } from './banking-api';
import { ShowMore } from './paged-table';
import { DataTable, type DataColumn } from '../../components/data-table/data-table';
import { DateField } from '../../components/form/date-field';

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const KIND_COLOR: Record<string, LabelColor> = {
  income: 'success',
  expense: 'warning',
  transfer: 'info',
};

/**
 * /dashboard/banking/transactions — the ledger behind the banking dashboard's figures, newest
 * first, filtered by account, kind, category and days (all in the URL), one page after another.
 */
export function BankTransactionsView() {
  const { t } = useTranslation();
  const f = useFormat();
  const [params, setParams] = useSearchParams();
  const filters = {
    accountId: params.get('accountId') ?? '',
    kind: params.get('kind') ?? '',
    category: params.get('category') ?? '',
    from: DAY.test(params.get('from') ?? '') ? params.get('from')! : '',
    to: DAY.test(params.get('to') ?? '') ? params.get('to')! : '',
  };
  const highlight = params.get('transaction');
  const filterKey = JSON.stringify(filters);
  const { cursor, rows, keep, more, reset } = useCursorPages<BankTransaction>(filterKey);
  const accounts = useBankAccountsQuery();
  const { data, isFetching, isError, refetch } = useBankTransactionsQuery({
    accountId: filters.accountId || undefined,
    kind: (filters.kind || undefined) as BankTransaction['kind'] | undefined,
    category: (filters.category || undefined) as (typeof BANK_CATEGORIES)[number] | undefined,
    from: filters.from || undefined,
    to: filters.to || undefined,
    cursor,
  });

  useEffect(() => {
    if (data) keep(data.transactions);
  }, [data, keep]);
  // Money moved elsewhere: the first page is read again.
  useEffect(
    () =>
      subscribeRealtime((e) => {
        if (e.type === DASHBOARD_EVENTS.bankingChanged) {
          reset();
          void refetch();
        }
      }),
    [refetch, reset],
  );

  const set = (name: string, value: string) =>
    setParams(
      (p) => {
        if (value) p.set(name, value);
        else p.delete(name);
        p.delete('transaction');
        return p;
      },
      { replace: true },
    );
  const category = (c: string) => t(`dashboards.banking.categories.${c}`, { defaultValue: c });

  const columns: Array<DataColumn<BankTransaction>> = [
    {
      id: 'occurredAt',
      header: t('dashboards.banking.columns.occurredAt'),
      required: true,
      width: 180,
      cell: (r) => f.dateTime(r.occurredAt),
    },
    {
      id: 'counterparty',
      header: t('dashboards.banking.columns.counterparty'),
      width: 240,
      cell: (r) => (
        <Box sx={{ minWidth: 0 }}>
          <Typography variant="body2">{r.counterparty || '—'}</Typography>
          {r.description && (
            <Typography variant="caption" component="div" sx={{ color: 'text.secondary' }}>
              {r.description}
            </Typography>
          )}
        </Box>
      ),
    },
    {
      id: 'category',
      header: t('dashboards.banking.columns.category'),
      width: 150,
      cell: (r) => category(r.category),
    },
    {
      id: 'kind',
      header: t('dashboards.banking.columns.kind'),
      width: 120,
      cell: (r) => (
        <Label color={KIND_COLOR[r.kind] ?? 'default'}>
          {t(`dashboards.banking.kinds.${r.kind}`)}
        </Label>
      ),
    },
    {
      id: 'account',
      header: t('dashboards.banking.columns.account'),
      width: 160,
      cell: (r) => r.accountName,
    },
    {
      id: 'amount',
      header: t('dashboards.banking.columns.amount'),
      align: 'right',
      width: 140,
      cell: (r) => (
        <Box component="bdi" sx={{ fontWeight: r.amount > 0 ? 600 : undefined }}>
          {r.amount > 0 ? '+' : ''}
          {f.money(r.amount, r.currency)}
        </Box>
      ),
    },
  ];

  return (
    <Box>
      <PageHeader
        title={t('dashboards.banking.transactions.title')}
        crumbs={[
          { name: t('nav.dashboard'), href: paths.dashboard.root },
          { name: t('dashboards.banking.title'), href: paths.dashboard.general.banking },
          { name: t('dashboards.banking.transactions.title') },
        ]}
      />
      <Card>
        <Stack direction={{ xs: 'column', md: 'row' }} spacing={2} sx={{ p: 2.5 }}>
          <TextField
            select
            size="small"
            label={t('dashboards.banking.columns.account')}
            value={filters.accountId}
            onChange={(e) => set('accountId', e.target.value)}
            sx={{ minWidth: 200 }}
          >
            <MenuItem value="">{t('dashboards.banking.transactions.all')}</MenuItem>
            {(accounts.data ?? []).map((a) => (
              <MenuItem key={a.id} value={a.id}>
                {a.name} ({a.currency})
              </MenuItem>
            ))}
          </TextField>
          <TextField
            select
            size="small"
            label={t('dashboards.banking.columns.kind')}
            value={filters.kind}
            onChange={(e) => set('kind', e.target.value)}
            sx={{ minWidth: 150 }}
          >
            <MenuItem value="">{t('dashboards.banking.transactions.all')}</MenuItem>
            {BANK_TRANSACTION_KINDS.map((k) => (
              <MenuItem key={k} value={k}>
                {t(`dashboards.banking.kinds.${k}`)}
              </MenuItem>
            ))}
          </TextField>
          <TextField
            select
            size="small"
            label={t('dashboards.banking.columns.category')}
            value={filters.category}
            onChange={(e) => set('category', e.target.value)}
            sx={{ minWidth: 160 }}
          >
            <MenuItem value="">{t('dashboards.banking.transactions.all')}</MenuItem>
            {BANK_CATEGORIES.map((c) => (
              <MenuItem key={c} value={c}>
                {category(c)}
              </MenuItem>
            ))}
          </TextField>
          <DateField
            type="date"
            size="small"
            label={t('dashboards.period.from')}
            value={filters.from}
            onChange={(e) => set('from', e.target.value)}
          />
          <DateField
            type="date"
            size="small"
            label={t('dashboards.period.to')}
            value={filters.to}
            onChange={(e) => set('to', e.target.value)}
          />
        </Stack>
        <DataTable
          list="bank-transactions"
          label={t('dashboards.banking.transactions.title')}
          columns={columns}
          rows={rows}
          getRowId={(r) => r.id}
          rowLabel={(r) => r.counterparty || r.id}
          loading={isFetching}
          currentId={highlight}
          error={isError && !rows.length ? t('dashboards.error') : undefined}
          onRetry={() => void refetch()}
          empty={
            <Typography variant="body2" sx={{ color: 'text.secondary', p: 3 }}>
              {t('dashboards.banking.transactions.none')}
            </Typography>
          }
        />
        <ShowMore
          next={data?.nextCursor}
          fetching={isFetching}
          label={t('dashboards.banking.transactions.more')}
          onMore={more}
        />
      </Card>
    </Box>
  );
}
