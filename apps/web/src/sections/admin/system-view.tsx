import type { SystemState } from '@bo/contract/system';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import CardHeader from '@mui/material/CardHeader';
import Divider from '@mui/material/Divider';
import Grid from '@mui/material/Grid';
import Skeleton from '@mui/material/Skeleton';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';

import { ConfirmDialog } from '../../components/confirm-dialog/confirm-dialog';
import { Label } from '../../components/label/label';
import { notify } from '../../components/snackbar/notify';
import { PageHeader } from '../../components/page-header/page-header';
import { useFormat } from '../../lib/format';
import { paths } from '../../routes/paths';
import { translateError } from '../../locales/form-errors';
import { useRemoveDemoDataMutation, useSystemStateQuery } from './system-api';
import { AdminListError } from './admin-list';

/** One fact of a card: its name, and its value (left to right when it is code or a number). */
function Fact({ name, children, testId }: { name: string; children: ReactNode; testId?: string }) {
  return (
    <Box
      component="div"
      sx={{ display: 'flex', justifyContent: 'space-between', gap: 2, py: 0.75 }}
    >
      <Typography component="dt" variant="body2" sx={{ color: 'text.secondary' }}>
        {name}
      </Typography>
      <Typography
        component="dd"
        variant="body2"
        data-testid={testId}
        sx={{ m: 0, textAlign: 'end', wordBreak: 'break-word', fontWeight: 500 }}
      >
        {children}
      </Typography>
    </Box>
  );
}

function Panel({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Card sx={{ height: 1 }}>
      <CardHeader title={title} slotProps={{ title: { component: 'h2', variant: 'h6' } }} />
      <CardContent sx={{ pt: 1 }}>{children}</CardContent>
    </Card>
  );
}

/** The facts of a panel: a definition list holds only its name–value pairs. */
const FactList = ({ children }: { children: ReactNode }) => (
  <Box component="dl" sx={{ m: 0 }}>
    {children}
  </Box>
);

const Code = ({ children }: { children: ReactNode }) => (
  <Box component="span" dir="ltr" sx={{ fontFamily: 'monospace' }}>
    {children}
  </Box>
);

function Facts({ state }: { state: SystemState }) {
  const { t } = useTranslation();
  const f = useFormat();
  const yes = (on: boolean, good: boolean) => (
    <Label color={on === good ? 'success' : 'warning'}>
      {t(on ? 'admin.system.yes' : 'admin.system.no')}
    </Label>
  );
  const behind = state.migrations.applied < state.migrations.known;
  return (
    <Grid container spacing={3}>
      <Grid size={{ xs: 12, md: 6 }}>
        <Panel title={t('admin.system.version.title')}>
          <FactList>
            <Fact name={t('admin.system.version.version')} testId="system-version">
              <Code>{state.version}</Code>
            </Fact>
            <Fact name={t('admin.system.version.commit')}>
              {state.commit ? <Code>{state.commit.slice(0, 12)}</Code> : t('admin.system.unknown')}
            </Fact>
            <Fact name={t('admin.system.version.node')}>
              <Code>{state.node}</Code>
            </Fact>
            <Fact name={t('admin.system.version.started')}>{f.dateTime(state.startedAt)}</Fact>
          </FactList>
        </Panel>
      </Grid>
      <Grid size={{ xs: 12, md: 6 }}>
        <Panel title={t('admin.system.store.title')}>
          <FactList>
            <Fact name={t('admin.system.store.kind')}>
              {t(`admin.system.store.${state.store.kind}`)}
            </Fact>
            <Fact name={t('admin.system.store.size')}>{f.bytes(state.store.bytes)}</Fact>
            <Fact name={t('admin.system.store.migrations')}>
              <Label color={behind ? 'error' : 'success'}>
                {t('admin.system.store.applied', {
                  applied: f.count(state.migrations.applied),
                  known: f.count(state.migrations.known),
                })}
              </Label>
            </Fact>
            <Fact name={t('admin.system.store.lastMigration')}>
              {state.migrations.last ? <Code>{state.migrations.last}</Code> : '—'}
            </Fact>
          </FactList>
        </Panel>
      </Grid>
      <Grid size={{ xs: 12, md: 6 }}>
        <Panel title={t('admin.system.storage.title')}>
          <FactList>
            <Fact name={t('admin.system.storage.driver')}>
              {t(`admin.system.storage.${state.storage.driver}`)}
            </Fact>
            <Fact name={t('admin.system.storage.used')}>{f.bytes(state.storage.bytes)}</Fact>
            <Fact name={t('admin.system.storage.files')}>{f.count(state.storage.files)}</Fact>
            <Fact name={t('admin.system.demo.title')} testId="system-demo">
              {yes(state.demoData, false)}
            </Fact>
          </FactList>
          {state.demoData && (
            <>
              <Typography variant="caption" component="p" sx={{ color: 'text.secondary' }}>
                {t('admin.system.demo.hint')}
              </Typography>
              <RemoveDemoData />
            </>
          )}
        </Panel>
      </Grid>
      <Grid size={{ xs: 12, md: 6 }}>
        <Panel title={t('admin.system.mail.title')}>
          <FactList>
            <Fact name={t('admin.system.mail.smtp')} testId="system-smtp">
              {yes(state.mail.smtpConfigured, true)}
            </Fact>
            <Fact name={t('admin.system.mail.unsent')}>{f.count(state.mail.unsent)}</Fact>
            <Fact name={t('admin.system.mail.lastError')}>
              {state.mail.lastError
                ? `${f.dateTime(state.mail.lastError.at)} — ${state.mail.lastError.message}`
                : t('admin.system.mail.noError')}
            </Fact>
          </FactList>
          {!state.mail.smtpConfigured && (
            <Typography variant="caption" sx={{ color: 'text.secondary' }}>
              {t('admin.system.mail.outboxOnly')}
            </Typography>
          )}
        </Panel>
      </Grid>

      {/* Reported by the job queue and the backups (null until they report). */}
      <Grid size={12}>
        <Divider sx={{ my: 1 }} />
      </Grid>
      <Grid size={{ xs: 12, md: 6 }}>
        <Panel title={t('admin.system.jobs.title')}>
          {state.jobs ? (
            <Table size="small" aria-label={t('admin.system.jobs.title')}>
              <TableHead>
                <TableRow>
                  <TableCell>{t('admin.system.jobs.queue')}</TableCell>
                  <TableCell align="right">{t('admin.system.jobs.queued')}</TableCell>
                  <TableCell align="right">{t('admin.system.jobs.active')}</TableCell>
                  <TableCell align="right">{t('admin.system.jobs.failed')}</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {state.jobs.queues.map((q) => (
                  <TableRow key={q.name}>
                    <TableCell>
                      {t(`admin.jobs.kinds.${q.name}`, { defaultValue: q.name })}
                    </TableCell>
                    <TableCell align="right">{f.count(q.queued)}</TableCell>
                    <TableCell align="right">{f.count(q.active)}</TableCell>
                    <TableCell align="right">{f.count(q.failed)}</TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          ) : (
            <Typography variant="body2" sx={{ color: 'text.secondary' }}>
              {t('admin.system.notReported')}
            </Typography>
          )}
        </Panel>
      </Grid>
      <Grid size={{ xs: 12, md: 6 }}>
        <Panel title={t('admin.system.backup.title')}>
          {state.lastBackup ? (
            <>
              <FactList>
                <Fact name={t('admin.system.backup.at')}>{f.dateTime(state.lastBackup.at)}</Fact>
                <Fact name={t('admin.system.backup.file')}>
                  <Code>{state.lastBackup.file}</Code>
                </Fact>
                <Fact name={t('admin.system.backup.size')}>{f.bytes(state.lastBackup.bytes)}</Fact>
              </FactList>
            </>
          ) : (
            <Typography variant="body2" sx={{ color: 'text.secondary' }}>
              {t('admin.system.backup.none')}
            </Typography>
          )}
        </Panel>
      </Grid>
    </Grid>
  );
}

/**
 * Removes the demo data after a confirmation that says what goes and what stays; then says how
 * many records went (the page's demo fact turns to "No" with the answer).
 */
function RemoveDemoData() {
  const { t } = useTranslation();
  const f = useFormat();
  const [open, setOpen] = useState(false);
  const [remove, { isLoading }] = useRemoveDemoDataMutation();
  const confirm = () =>
    remove()
      .unwrap()
      .then(({ removed }) => {
        setOpen(false);
        const rows = Object.values(removed).reduce((sum, n) => sum + n, 0);
        notify.success(
          t('admin.system.demo.removed', {
            rows: f.count(rows),
            people: f.count(removed.users ?? 0),
            orders: f.count(removed.orders ?? 0),
            mails: f.count(removed.mail_messages ?? 0),
          }),
        );
      })
      .catch((err: unknown) => {
        setOpen(false);
        notify.error(translateError(t, err));
      });
  return (
    <>
      <Button
        variant="outlined"
        color="error"
        size="small"
        sx={{ mt: 1.5 }}
        onClick={() => setOpen(true)}
        data-testid="remove-demo-data"
      >
        {t('admin.system.demo.remove')}
      </Button>
      <ConfirmDialog
        open={open}
        title={t('admin.system.demo.confirmTitle')}
        content={t('admin.system.demo.confirmText')}
        action={t('admin.system.demo.confirmAction')}
        busy={isLoading}
        onClose={() => setOpen(false)}
        onConfirm={() => void confirm()}
      />
    </>
  );
}

/** Administrators only: the installation at a glance, and the removal of the demo data. */
export function SystemView() {
  const { t } = useTranslation();
  const { data, error, isLoading, refetch, isFetching } = useSystemStateQuery();
  return (
    <>
      <PageHeader
        title={t('admin.system.title')}
        crumbs={[
          { name: t('admin.crumbs.dashboard'), href: paths.dashboard.root },
          { name: t('admin.crumbs.admin') },
          { name: t('admin.system.title') },
        ]}
        action={
          <Button variant="outlined" onClick={() => void refetch()} disabled={isFetching}>
            {t('admin.system.refresh')}
          </Button>
        }
      />
      {error ? (
        <Card sx={{ pt: 2.5 }}>
          <AdminListError error={error} onRetry={() => void refetch()} />
        </Card>
      ) : isLoading || !data ? (
        <Skeleton variant="rounded" height={320} />
      ) : (
        <>
          {!data.mail.smtpConfigured && (
            <Alert severity="warning" role="status" sx={{ mb: 3 }}>
              {t('admin.mailBanner.text')}{' '}
              <RouterLink to={`${paths.dashboard.admin.audit}?tab=outbox`}>
                {t('admin.mailBanner.action')}
              </RouterLink>
            </Alert>
          )}
          <Facts state={data} />
        </>
      )}
    </>
  );
}
