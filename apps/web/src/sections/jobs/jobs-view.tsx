import { visuallyHidden } from '../../lib/visually-hidden';
import KeyboardArrowDownRounded from '@mui/icons-material/KeyboardArrowDownRounded';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardHeader from '@mui/material/CardHeader';
import Collapse from '@mui/material/Collapse';
import IconButton from '@mui/material/IconButton';
import MenuItem from '@mui/material/MenuItem';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Tabs from '@mui/material/Tabs';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { JOB_STATES, type JobState } from '@bo/contract/jobs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';

import { EmptyContent } from '../../components/empty-content/empty-content';
import { Label } from '../../components/label/label';
import { PageHeader } from '../../components/page-header/page-header';
import { ConfirmDialog } from '../../components/confirm-dialog/confirm-dialog';
import { notify } from '../../components/snackbar/notify';
import { translateError } from '../../locales/form-errors';
import { mergeSearchParams } from '../../lib/search-params';
import { paths } from '../../routes/paths';
import { AdminListError, AdminPagination } from '../admin/admin-list';
import { formatDateTime } from '../admin/format';
import { stackedTableSx } from '../admin/stacked-table-sx';
import { useListParams } from '../admin/use-list-params';
import {
  useCancelJobMutation,
  useJobQuery,
  useJobSummaryQuery,
  useJobsQuery,
  useRetryJobMutation,
  type Job,
} from './jobs-api';

/** An error's words, dark enough on the paper in both modes (error.main fails AA contrast). */
const errorTextSx = {
  color: (theme: { palette: { mode: string; error: { dark: string; light: string } } }) =>
    theme.palette.mode === 'light' ? theme.palette.error.dark : theme.palette.error.light,
} as const;

/** The page reads the queue again this often while it is in front. */
const POLL_MS = 5000;
const COUNTED = ['queued', 'running', 'retrying', 'failed', 'done'] as const;
const STATE_COLOR = {
  queued: 'default',
  running: 'info',
  retrying: 'warning',
  failed: 'error',
  done: 'success',
  cancelled: 'default',
} as const;

/** A kind's name in the person's language; a kind the translations do not know shows as is. */
function useKindName() {
  const { t } = useTranslation();
  return (kind: string) => t(`admin.jobs.kinds.${kind}`, { defaultValue: kind });
}

function SummaryCard({ onPick }: { onPick: (state: JobState, kind: string) => void }) {
  const { t, i18n } = useTranslation();
  const kindName = useKindName();
  const { data, isLoading, error, refetch } = useJobSummaryQuery(undefined, {
    pollingInterval: POLL_MS,
    skipPollingIfUnfocused: true,
  });
  return (
    <Card sx={{ mb: 3 }}>
      <CardHeader
        title={t('admin.jobs.summary')}
        subheader={
          data?.oldestWaitingAt
            ? t('admin.jobs.oldestWaiting', {
                time: formatDateTime(data.oldestWaitingAt, i18n.language),
              })
            : t('admin.jobs.nothingWaiting')
        }
        titleTypographyProps={{ component: 'h2' }}
      />
      {data && !data.workers && (
        <Alert severity="warning" sx={{ mx: 2.5, mt: 2 }}>
          {t('admin.jobs.noWorkers')}
        </Alert>
      )}
      {error ? (
        <Box sx={{ pt: 2 }}>
          <AdminListError error={error} onRetry={() => void refetch()} />
        </Box>
      ) : (
        // Numbers side by side read best even on a phone: the table scrolls sideways there.
        <TableContainer
          sx={{ mt: 2, overflowX: 'auto' }}
          tabIndex={0}
          role="region"
          aria-label={t('admin.jobs.summary')}
        >
          <Table size="small" sx={{ minWidth: 640 }} aria-label={t('admin.jobs.summary')}>
            <TableHead>
              <TableRow>
                <TableCell>{t('admin.jobs.columns.kind')}</TableCell>
                <TableCell>{t('admin.jobs.columns.schedule')}</TableCell>
                {COUNTED.map((s) => (
                  <TableCell key={s} align="right">
                    {t(`admin.jobs.counts.${s}`)}
                  </TableCell>
                ))}
              </TableRow>
            </TableHead>
            <TableBody>
              {isLoading &&
                Array.from({ length: 4 }, (_, i) => (
                  <TableRow key={i}>
                    <TableCell colSpan={COUNTED.length + 2}>
                      <Skeleton variant="text" />
                    </TableCell>
                  </TableRow>
                ))}
              {data?.kinds.map((k) => (
                <TableRow key={k.kind} data-testid="job-kind-row" data-kind={k.kind}>
                  <TableCell data-label={t('admin.jobs.columns.kind')}>
                    {kindName(k.kind)}
                  </TableCell>
                  <TableCell data-label={t('admin.jobs.columns.schedule')}>
                    {k.schedule ? (
                      <Box component="code" dir="ltr">
                        {k.schedule}
                      </Box>
                    ) : (
                      <Typography variant="body2" sx={{ color: 'text.secondary' }}>
                        {t('admin.jobs.onDemand')}
                      </Typography>
                    )}
                  </TableCell>
                  {COUNTED.map((s) => (
                    <TableCell key={s} align="right" data-label={t(`admin.jobs.counts.${s}`)}>
                      {k[s] > 0 && (s === 'failed' || s === 'retrying') ? (
                        <Button
                          size="small"
                          color={s === 'failed' ? 'error' : 'warning'}
                          onClick={() => onPick(s, k.kind)}
                          aria-label={t('admin.jobs.showState', {
                            count: k[s],
                            state: t(`admin.jobs.states.${s}`),
                            kind: kindName(k.kind),
                          })}
                        >
                          {k[s]}
                        </Button>
                      ) : (
                        k[s]
                      )}
                    </TableCell>
                  ))}
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </TableContainer>
      )}
    </Card>
  );
}

function JobRuns({ id }: { id: string }) {
  const { t, i18n } = useTranslation();
  const { data, isLoading } = useJobQuery(id);
  if (isLoading || !data) return <Skeleton variant="rounded" height={48} />;
  if (data.runs.length === 0)
    return (
      <Typography variant="body2" sx={{ color: 'text.secondary' }}>
        {t('admin.jobs.noRuns')}
      </Typography>
    );
  return (
    <Box component="ol" sx={{ m: 0, pl: 3 }} aria-label={t('admin.jobs.runs')}>
      {data.runs.map((r) => (
        <Typography
          component="li"
          variant="body2"
          key={`${r.attempt}-${r.finishedAt}`}
          sx={{ mb: 0.5 }}
        >
          {t('admin.jobs.run', {
            attempt: r.attempt,
            time: formatDateTime(r.finishedAt, i18n.language),
          })}
          {' — '}
          {r.error ? (
            <Box component="span" sx={errorTextSx}>
              {r.error}
            </Box>
          ) : (
            t('admin.jobs.runOk')
          )}
          {r.nextTryAt &&
            ` · ${t('admin.jobs.nextTry', { time: formatDateTime(r.nextTryAt, i18n.language) })}`}
        </Typography>
      ))}
    </Box>
  );
}

function JobRow({ job, onCancel }: { job: Job; onCancel: (job: Job) => void }) {
  const { t, i18n } = useTranslation();
  const kindName = useKindName();
  const [open, setOpen] = useState(false);
  const [retry, retrying] = useRetryJobMutation();
  const detailsId = `job-runs-${job.id}`;
  const canRetry = job.state === 'failed' || job.state === 'cancelled';
  const canCancel = job.state === 'queued' || job.state === 'retrying';
  const doRetry = () =>
    retry(job.id)
      .unwrap()
      .then(() => notify.success(t('admin.jobs.retried')))
      .catch((err: unknown) => notify.error(translateError(t, err)));
  return (
    <>
      <TableRow
        hover
        data-testid="job-row"
        data-state={job.state}
        data-kind={job.kind}
        sx={{ '& > td': { borderBottom: open ? 'none' : undefined } }}
      >
        <TableCell padding="checkbox">
          <IconButton
            size="small"
            onClick={() => setOpen((v) => !v)}
            aria-expanded={open}
            aria-controls={detailsId}
            aria-label={open ? t('admin.jobs.hideRuns') : t('admin.jobs.showRuns')}
          >
            <KeyboardArrowDownRounded
              sx={{ transform: open ? 'rotate(180deg)' : 'none', transition: 'transform 150ms' }}
            />
          </IconButton>
        </TableCell>
        <TableCell data-label={t('admin.jobs.columns.kind')}>{kindName(job.kind)}</TableCell>
        <TableCell data-label={t('admin.jobs.columns.state')}>
          <Label color={STATE_COLOR[job.state]}>{t(`admin.jobs.states.${job.state}`)}</Label>
        </TableCell>
        <TableCell data-label={t('admin.jobs.columns.attempts')}>
          {t('admin.jobs.attemptsOf', { attempts: job.attempts, max: job.maxAttempts })}
        </TableCell>
        <TableCell data-label={t('admin.jobs.columns.created')} sx={{ whiteSpace: 'nowrap' }}>
          {formatDateTime(job.createdAt, i18n.language)}
        </TableCell>
        <TableCell data-label={t('admin.jobs.columns.next')} sx={{ whiteSpace: 'nowrap' }}>
          {job.nextTryAt ? formatDateTime(job.nextTryAt, i18n.language) : '—'}
        </TableCell>
        <TableCell data-label={t('admin.jobs.columns.error')} sx={{ maxWidth: 280 }}>
          {job.error && (
            <Typography variant="body2" sx={{ ...errorTextSx, wordBreak: 'break-word' }}>
              {job.error}
            </Typography>
          )}
        </TableCell>
        <TableCell data-label={t('admin.jobs.columns.actions')} align="right">
          <Stack direction="row" spacing={1} sx={{ justifyContent: 'flex-end' }}>
            {canRetry && (
              <Button
                size="small"
                variant="outlined"
                onClick={() => void doRetry()}
                disabled={retrying.isLoading}
              >
                {t('admin.jobs.retry')}
              </Button>
            )}
            {canCancel && (
              <Button size="small" color="error" onClick={() => onCancel(job)}>
                {t('admin.jobs.cancel')}
              </Button>
            )}
          </Stack>
        </TableCell>
      </TableRow>
      <TableRow>
        <TableCell colSpan={8} sx={{ py: 0 }}>
          <Collapse in={open} unmountOnExit>
            <Box id={detailsId} sx={{ py: 2 }}>
              <JobRuns id={job.id} />
            </Box>
          </Collapse>
        </TableCell>
      </TableRow>
    </>
  );
}

/** Administration → Jobs: what the background queue holds, what failed and why; retry, cancel. */
export function JobsView() {
  const { t } = useTranslation();
  const kindName = useKindName();
  const [params, setParams] = useSearchParams();
  const { page, limit, setPage, setLimit } = useListParams('kind');
  const stateParam = params.get('state');
  const state = (JOB_STATES as readonly string[]).includes(stateParam ?? '')
    ? (stateParam as JobState)
    : undefined;
  const kind = params.get('kind') ?? undefined;
  const { data: summary } = useJobSummaryQuery(undefined, {
    pollingInterval: POLL_MS,
    skipPollingIfUnfocused: true,
  });
  const { data, isLoading, isFetching, error, refetch } = useJobsQuery(
    { page, limit, state, kind },
    { pollingInterval: POLL_MS, skipPollingIfUnfocused: true },
  );
  const [cancel, cancelling] = useCancelJobMutation();
  const [toCancel, setToCancel] = useState<Job | null>(null);

  const pick = (next: { state?: JobState | null; kind?: string | null }) =>
    setParams(
      (prev) =>
        mergeSearchParams(prev, {
          ...(next.state !== undefined ? { state: next.state } : {}),
          ...(next.kind !== undefined ? { kind: next.kind } : {}),
          page: null,
        }),
      { replace: true },
    );

  const confirmCancel = () => {
    if (!toCancel) return;
    cancel(toCancel.id)
      .unwrap()
      .then(() => notify.success(t('admin.jobs.cancelled')))
      .catch((err: unknown) => notify.error(translateError(t, err)))
      .finally(() => setToCancel(null));
  };

  return (
    <>
      <PageHeader
        title={t('admin.jobs.title')}
        crumbs={[
          { name: t('admin.crumbs.dashboard'), href: paths.dashboard.root },
          { name: t('admin.crumbs.admin') },
          { name: t('admin.jobs.title') },
        ]}
      />
      <SummaryCard onPick={(s, k) => pick({ state: s, kind: k })} />
      <Card>
        <Tabs
          value={state ?? 'all'}
          onChange={(_e, value: string) =>
            pick({ state: value === 'all' ? null : (value as JobState) })
          }
          variant="scrollable"
          allowScrollButtonsMobile
          aria-label={t('admin.jobs.filterState')}
          sx={{ px: 2.5 }}
        >
          <Tab value="all" label={t('admin.jobs.states.all')} />
          {JOB_STATES.map((s) => (
            <Tab key={s} value={s} label={t(`admin.jobs.states.${s}`)} />
          ))}
        </Tabs>
        <Box sx={{ p: 2.5, display: 'flex', gap: 2, flexWrap: 'wrap', alignItems: 'center' }}>
          <TextField
            select
            label={t('admin.jobs.filterKind')}
            value={kind ?? ''}
            onChange={(e) => pick({ kind: e.target.value || null })}
            sx={{ width: { xs: 1, sm: 280 } }}
          >
            <MenuItem value="">{t('admin.jobs.allKinds')}</MenuItem>
            {(summary?.kinds ?? []).map((k) => (
              <MenuItem key={k.kind} value={k.kind}>
                {kindName(k.kind)}
              </MenuItem>
            ))}
          </TextField>
          {data && (
            <Typography variant="body2" sx={{ color: 'text.secondary' }} aria-live="polite">
              {t('admin.total', { count: data.total })}
            </Typography>
          )}
        </Box>
        {error ? (
          <AdminListError error={error} onRetry={() => void refetch()} />
        ) : (
          <>
            <TableContainer sx={{ overflowX: 'auto' }}>
              <Table
                size="small"
                sx={stackedTableSx(900)}
                aria-label={t('admin.jobs.list')}
                aria-busy={isFetching}
              >
                <TableHead>
                  <TableRow>
                    <TableCell padding="checkbox">
                      <Box component="span" sx={visuallyHidden}>
                        {t('admin.jobs.runs')}
                      </Box>
                    </TableCell>
                    {(
                      ['kind', 'state', 'attempts', 'created', 'next', 'error', 'actions'] as const
                    ).map((c) => (
                      <TableCell key={c} align={c === 'actions' ? 'right' : undefined}>
                        {t(`admin.jobs.columns.${c}`)}
                      </TableCell>
                    ))}
                  </TableRow>
                </TableHead>
                <TableBody>
                  {isLoading &&
                    Array.from({ length: 5 }, (_, i) => (
                      <TableRow key={i}>
                        <TableCell colSpan={8}>
                          <Skeleton variant="text" />
                        </TableCell>
                      </TableRow>
                    ))}
                  {data?.jobs.map((job) => (
                    <JobRow key={job.id} job={job} onCancel={setToCancel} />
                  ))}
                </TableBody>
              </Table>
            </TableContainer>
            {data && data.jobs.length === 0 && (
              <EmptyContent
                title={t('admin.jobs.empty')}
                action={
                  state || kind ? (
                    <Button
                      variant="outlined"
                      color="inherit"
                      onClick={() => pick({ state: null, kind: null })}
                    >
                      {t('admin.clearFilter')}
                    </Button>
                  ) : undefined
                }
              />
            )}
            <AdminPagination
              total={data?.total}
              page={page}
              limit={limit}
              setPage={setPage}
              setLimit={setLimit}
            />
          </>
        )}
      </Card>
      <ConfirmDialog
        open={!!toCancel}
        title={t('admin.jobs.cancelTitle')}
        content={toCancel ? t('admin.jobs.cancelText', { kind: kindName(toCancel.kind) }) : ''}
        action={t('admin.jobs.cancel')}
        busy={cancelling.isLoading}
        onClose={() => setToCancel(null)}
        onConfirm={confirmCancel}
      />
    </>
  );
}
