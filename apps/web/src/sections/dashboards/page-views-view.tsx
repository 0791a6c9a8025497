import type { PageView } from '@bo/contract/analytics';
import {
  PAGE_VIEW_DEVICES,
  PAGE_VIEW_SOURCES,
  pageViewListQuerySchema,
} from '@bo/contract/analytics';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import Chip from '@mui/material/Chip';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';

import { DateField } from '../../components/form/date-field';
import { PageHeader } from '../../components/page-header/page-header';
import { useFormat } from '../../lib/format';
import { useCursorPages } from '../../lib/use-cursor-pages';
import { paths } from '../../routes/paths';
import { usePageViewsQuery } from './analytics-api';
import { useRegionName } from '../../lib/use-region-name';
import { ShowMore } from './paged-table';
import { DataTable, type DataColumn } from '../../components/data-table/data-table';

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const pathSchema = pageViewListQuerySchema.shape.path.unwrap();

/**
 * /dashboard/analytics/views — the views behind the analytics dashboard's figures, newest first,
 * by days, page, source, country and device (all in the URL, so the dashboard's cards and rows
 * link here filtered), one page after another.
 */
export function PageViewsView() {
  const { t } = useTranslation();
  const f = useFormat();
  const [params, setParams] = useSearchParams();
  const pick = (name: string, allowed?: readonly string[]) => {
    const v = params.get(name) ?? '';
    return allowed && !allowed.includes(v) ? '' : v;
  };
  const filters = {
    from: DAY.test(pick('from')) ? pick('from') : '',
    to: DAY.test(pick('to')) ? pick('to') : '',
    path: pathSchema.safeParse(pick('path')).success ? pick('path') : '',
    source: pick('source', PAGE_VIEW_SOURCES),
    country: /^[A-Z]{2}$/.test(pick('country')) ? pick('country') : '',
    device: pick('device', PAGE_VIEW_DEVICES),
  };
  const filterKey = JSON.stringify(filters);
  const { cursor, rows, keep, more, reset } = useCursorPages<PageView>(filterKey);
  const { data, isFetching, isError, refetch } = usePageViewsQuery({
    from: filters.from || undefined,
    to: filters.to || undefined,
    path: filters.path || undefined,
    source: (filters.source || undefined) as PageView['source'] | undefined,
    country: filters.country || undefined,
    device: (filters.device || undefined) as PageView['device'] | undefined,
    cursor,
  });

  // The page field is applied on Enter or when it loses focus; a bad path says so beside it.
  const [pathDraft, setPathDraft] = useState(filters.path);
  const [pathError, setPathError] = useState(false);
  useEffect(() => setPathDraft(filters.path), [filters.path]);

  useEffect(() => {
    if (data) keep(data.views);
  }, [data, keep]);
  const countryName = useRegionName();

  const set = (name: string, value: string) =>
    setParams(
      (p) => {
        if (value) p.set(name, value);
        else p.delete(name);
        return p;
      },
      { replace: true },
    );
  const applyPath = () => {
    const value = pathDraft.trim();
    if (value && !pathSchema.safeParse(value).success) {
      setPathError(true);
      return;
    }
    setPathError(false);
    if (value !== filters.path) set('path', value);
  };
  const refresh = () => {
    reset();
    void refetch();
  };
  const dashboardLink = `${paths.dashboard.general.analytics}${
    filters.from && filters.to ? `?from=${filters.from}&to=${filters.to}` : ''
  }`;
  const title = t('dashboards.analytics.log.title');

  const columns: Array<DataColumn<PageView>> = [
    {
      id: 'viewedAt',
      header: t('dashboards.analytics.log.viewedAt'),
      required: true,
      width: 190,
      cell: (r) => f.dateTime(r.viewedAt),
    },
    {
      id: 'path',
      header: t('dashboards.analytics.columns.path'),
      width: 240,
      cell: (r) => <bdi dir="ltr">{r.path}</bdi>,
    },
    {
      id: 'source',
      header: t('dashboards.analytics.columns.source'),
      width: 170,
      cell: (r) => (
        <Box sx={{ minWidth: 0 }}>
          <Typography variant="body2">{t(`dashboards.analytics.sources.${r.source}`)}</Typography>
          {r.referrerHost && (
            <Typography variant="caption" noWrap component="div" sx={{ color: 'text.secondary' }}>
              <bdi dir="ltr">{r.referrerHost}</bdi>
            </Typography>
          )}
        </Box>
      ),
    },
    {
      id: 'country',
      header: t('dashboards.analytics.columns.country'),
      width: 160,
      cell: (r) => countryName(r.country),
    },
    {
      id: 'device',
      header: t('dashboards.analytics.columns.device'),
      width: 120,
      cell: (r) => t(`dashboards.analytics.devices.${r.device}`),
    },
  ];

  return (
    <Box>
      <PageHeader
        title={title}
        crumbs={[
          { name: t('nav.dashboard'), href: paths.dashboard.root },
          { name: t('dashboards.analytics.title'), href: dashboardLink },
          { name: title },
        ]}
        action={
          <Button variant="outlined" color="inherit" onClick={refresh} disabled={isFetching}>
            {t('dashboards.analytics.log.refresh')}
          </Button>
        }
      />
      <Card>
        <Stack
          direction={{ xs: 'column', md: 'row' }}
          spacing={2}
          useFlexGap
          sx={{ p: 2.5, flexWrap: 'wrap' }}
        >
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
          <TextField
            size="small"
            label={t('dashboards.analytics.columns.path')}
            placeholder="/dashboard"
            value={pathDraft}
            onChange={(e) => {
              setPathDraft(e.target.value);
              setPathError(false);
            }}
            onBlur={applyPath}
            onKeyDown={(e) => {
              if (e.key === 'Enter') applyPath();
            }}
            error={pathError}
            helperText={pathError ? t('dashboards.analytics.log.badPath') : undefined}
            slotProps={{ htmlInput: { dir: 'ltr', maxLength: 300 } }}
            sx={{ minWidth: 220 }}
          />
          <TextField
            select
            size="small"
            label={t('dashboards.analytics.columns.source')}
            value={filters.source}
            onChange={(e) => set('source', e.target.value)}
            sx={{ minWidth: 170 }}
          >
            <MenuItem value="">{t('dashboards.analytics.log.all')}</MenuItem>
            {PAGE_VIEW_SOURCES.map((s) => (
              <MenuItem key={s} value={s}>
                {t(`dashboards.analytics.sources.${s}`)}
              </MenuItem>
            ))}
          </TextField>
          <TextField
            select
            size="small"
            label={t('dashboards.analytics.columns.device')}
            value={filters.device}
            onChange={(e) => set('device', e.target.value)}
            sx={{ minWidth: 140 }}
          >
            <MenuItem value="">{t('dashboards.analytics.log.all')}</MenuItem>
            {PAGE_VIEW_DEVICES.map((d) => (
              <MenuItem key={d} value={d}>
                {t(`dashboards.analytics.devices.${d}`)}
              </MenuItem>
            ))}
          </TextField>
          {filters.country && (
            <Chip
              sx={{ alignSelf: 'center' }}
              label={t('dashboards.analytics.log.countryFilter', {
                name: countryName(filters.country),
              })}
              onDelete={() => set('country', '')}
            />
          )}
        </Stack>
        <DataTable
          list="page-views"
          label={title}
          columns={columns}
          rows={rows}
          getRowId={(r) => r.id}
          rowLabel={(r) => r.path}
          loading={isFetching}
          error={isError && !rows.length ? t('dashboards.error') : undefined}
          onRetry={() => void refetch()}
          empty={
            <Typography variant="body2" sx={{ color: 'text.secondary', p: 3 }}>
              {t('dashboards.analytics.log.none')}
            </Typography>
          }
        />
        <ShowMore
          next={data?.nextCursor}
          fetching={isFetching}
          label={t('dashboards.analytics.log.more')}
          onMore={more}
        />
      </Card>
    </Box>
  );
}
