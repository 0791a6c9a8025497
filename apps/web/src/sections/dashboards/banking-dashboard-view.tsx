import Box from '@mui/material/Box';
import Grid from '@mui/material/Grid';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';

import { useHasAccess } from '../../auth/role-based-guard';
import { Label } from '../../components/label/label';
import { useFormat } from '../../lib/format';
import { useBankAccountsQuery } from './banking-api';
import { DashboardFrame, useDashboardPage } from './dashboard-frame';
import { SeriesCard, StatCard, TableCard } from './dashboard-widgets';
import { QuickTransfer } from './quick-transfer';

/** /dashboard/banking — balance, income and expenses of the organisation's accounts, live. */
/** Columns dropped below xl: every card has one holder, and the category says what a payment was. */
const SECONDARY: Record<string, readonly string[]> = {
  recentTransactions: ['account'],
  cards: ['holder'],
  accounts: ['number'],
};

export function BankingDashboardView() {
  const { t } = useTranslation();
  const f = useFormat();
  const [params, setParams] = useSearchParams();
  const asked = params.get('currency')?.toUpperCase();
  const currencyParam = asked && /^[A-Z]{3}$/.test(asked) ? asked : undefined;
  const page = useDashboardPage('banking', { currency: currencyParam });
  const { data, from, to } = page;
  const accounts = useBankAccountsQuery();
  const canTransfer = useHasAccess(undefined, ['banking:transfer']);
  const currency = data?.currency ?? currencyParam ?? 'USD';
  const currencies = [...new Set((accounts.data ?? []).map((a) => a.currency))].sort();
  const file = (id: string) => `banking-${currency}-${id}-${from}-${to}`;
  const table = (id: string) => data?.tables.find((x) => x.id === id);
  const column = (id: string) => t(`dashboards.banking.columns.${id}`);
  const category = (c: string) => t(`dashboards.banking.categories.${c}`, { defaultValue: c });
  const cell = (
    columnId: string,
    value: string | number | null,
    cells: Record<string, string | number | null>,
  ) => {
    if (columnId === 'category' && typeof value === 'string') return category(value);
    if (columnId === 'status' && typeof value === 'string')
      return (
        <Label color={value === 'active' ? 'success' : 'default'}>
          {t(`dashboards.banking.cardStatus.${value}`, { defaultValue: value })}
        </Label>
      );
    if (columnId === 'balance' && typeof value === 'number' && typeof cells.currency === 'string')
      return <bdi>{f.money(value, cells.currency)}</bdi>;
    if (columnId === 'amount' && typeof value === 'number' && 'counterparty' in cells)
      return (
        <Box component="bdi" sx={{ fontWeight: value > 0 ? 600 : undefined }}>
          {value > 0 ? '+' : ''}
          {f.money(value, currency)}
        </Box>
      );
    return undefined;
  };
  const payees = (table('contacts')?.rows ?? []).map((r) => ({
    id: r.id,
    name: String(r.cells.name ?? ''),
    email: String(r.cells.email ?? ''),
    avatarUrl: typeof r.cells.avatarUrl === 'string' ? r.cells.avatarUrl : null,
  }));
  const tableCard = (id: string) => {
    const x = table(id);
    return (
      x && (
        <TableCard
          table={x}
          title={t(`dashboards.banking.tables.${id}`)}
          column={column}
          cell={cell}
          fileName={file(id)}
          empty={t('dashboards.noRows')}
          currency={currency}
          secondary={SECONDARY[id]}
        />
      )
    );
  };

  return (
    <DashboardFrame
      name="banking"
      page={page}
      isEmpty={(data) => data.tables.find((x) => x.id === 'accounts')?.rows.length === 0}
      note={{ values: () => ({ currency }) }}
      action={
        currencies.length > 1 && (
          <ToggleButtonGroup
            exclusive
            size="small"
            value={currency}
            aria-label={t('dashboards.banking.currency')}
            onChange={(_, v: string | null) =>
              v &&
              setParams(
                (p) => {
                  p.set('currency', v);
                  return p;
                },
                { replace: true },
              )
            }
          >
            {currencies.map((c) => (
              <ToggleButton key={c} value={c}>
                {c}
              </ToggleButton>
            ))}
          </ToggleButtonGroup>
        )
      }
    >
      {(data) => (
        <>
          {data.cards.map((c) => (
            <Grid key={c.id} size={{ xs: 12, sm: 6, lg: 3 }}>
              <StatCard
                card={c}
                label={t(`dashboards.banking.cards.${c.id}`)}
                currency={currency}
              />
            </Grid>
          ))}
          <Grid size={{ xs: 12, lg: canTransfer ? 8 : 12 }}>
            <SeriesCard
              series={data.series.find((x) => x.id === 'balance')!}
              title={t('dashboards.banking.series.balance')}
              period={data.period}
              fileName={file('balance')}
              currency={currency}
              showTotal={false}
            />
          </Grid>
          {canTransfer && accounts.data && (
            <Grid size={{ xs: 12, lg: 4 }}>
              <QuickTransfer accounts={accounts.data} payees={payees} />
            </Grid>
          )}
          {(['income', 'expenses'] as const).map((id) => (
            <Grid key={id} size={{ xs: 12, lg: 6 }}>
              <SeriesCard
                series={data.series.find((x) => x.id === id)!}
                title={t(`dashboards.banking.series.${id}`)}
                period={data.period}
                fileName={file(id)}
                currency={currency}
              />
            </Grid>
          ))}
          <Grid size={{ xs: 12, lg: 5 }}>{tableCard('expenseCategories')}</Grid>
          <Grid size={{ xs: 12, lg: 7 }}>{tableCard('recentTransactions')}</Grid>
          <Grid size={{ xs: 12, lg: 7 }}>{tableCard('accounts')}</Grid>
          <Grid size={{ xs: 12, lg: 5 }}>{tableCard('cards')}</Grid>
        </>
      )}
    </DashboardFrame>
  );
}
