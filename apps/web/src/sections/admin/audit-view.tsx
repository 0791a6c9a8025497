import Card from '@mui/material/Card';
import Divider from '@mui/material/Divider';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate, useSearchParams } from 'react-router';

import { PageHeader } from '../../components/page-header/page-header';
import { paths } from '../../routes/paths';
import { AuditLogTab } from './audit-log-tab';
import { OutboxTab } from './outbox-tab';

const TABS = ['audit', 'outbox'] as const;
type TabKey = (typeof TABS)[number];

/** Administrators only: who signed in, failed, changed a password…; and the mail outbox. */
export function AuditView() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const { pathname } = useLocation();
  const navigate = useNavigate();
  // The outbox has its own address (its menu entry); `?tab=outbox` still opens it too.
  const tab: TabKey =
    pathname === paths.dashboard.admin.outbox || params.get('tab') === 'outbox'
      ? 'outbox'
      : 'audit';

  // Each tab keeps its own filters; switching starts the other list from its first page.
  const selectTab = (next: TabKey) =>
    navigate(next === 'audit' ? paths.dashboard.admin.audit : paths.dashboard.admin.outbox, {
      replace: true,
    });

  return (
    <>
      <PageHeader
        title={t('admin.audit.title')}
        crumbs={[
          { name: t('admin.crumbs.dashboard'), href: paths.dashboard.root },
          { name: t('admin.crumbs.admin') },
          { name: t(`admin.${tab}.tab`) },
        ]}
      />
      <Card>
        <Tabs
          value={tab}
          onChange={(_event, value: TabKey) => selectTab(value)}
          aria-label={t('admin.audit.title')}
          sx={{ px: 2.5 }}
        >
          {TABS.map((key) => (
            <Tab
              key={key}
              value={key}
              label={t(`admin.${key}.tab`)}
              id={`admin-tab-${key}`}
              aria-controls={`admin-panel-${key}`}
            />
          ))}
        </Tabs>
        <Divider />
        <div role="tabpanel" id={`admin-panel-${tab}`} aria-labelledby={`admin-tab-${tab}`}>
          {tab === 'audit' ? <AuditLogTab /> : <OutboxTab />}
        </div>
      </Card>
    </>
  );
}
