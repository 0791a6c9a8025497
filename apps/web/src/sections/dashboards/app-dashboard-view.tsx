import { useTranslation } from 'react-i18next';

import { Label } from '../../components/label/label';
import type { LabelColor } from '../../components/label/label';
import { GeneralDashboardView } from './general-dashboard-view';

const INVOICE_COLOR: Record<string, LabelColor> = {
  draft: 'default',
  sent: 'info',
  paid: 'success',
  overdue: 'error',
  cancelled: 'default',
};

/** /dashboard/app — how the whole product is used: people, sign-ins, orders, invoices, content. */
export function AppDashboardView() {
  const { t } = useTranslation();
  return (
    <GeneralDashboardView
      name="app"
      tableWidth={{ newestPeople: 6, latestInvoices: 6 }}
      // The name links to the person; their address waits for a wider screen.
      secondary={{ newestPeople: ['email'], latestInvoices: ['createdAt'] }}
      cell={(column, value) => {
        if (column === 'status' && typeof value === 'string')
          return (
            <Label color={INVOICE_COLOR[value] ?? 'default'}>
              {t(`dashboards.app.invoiceStatus.${value}`, { defaultValue: value })}
            </Label>
          );
        if (column === 'role' && typeof value === 'string')
          return t(`dashboards.app.roles.${value}`, { defaultValue: value });
        return undefined;
      }}
    />
  );
}
