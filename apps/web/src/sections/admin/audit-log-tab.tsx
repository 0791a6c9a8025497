import type { z } from 'zod';
import type { auditEntrySchema } from '@bo/contract/admin';
import Autocomplete, { createFilterOptions } from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';

import { EmptyContent } from '../../components/empty-content/empty-content';
import { Label } from '../../components/label/label';
import type { LabelColor } from '../../components/label/label';
import { AUDIT_ACTIONS, auditActionLabel, auditMetaText } from '../../lib/audit-labels';
import { useFormat } from '../../lib/format';
import { useAuditLogQuery } from './admin-api';
import { AdminListError, AdminPagination } from './admin-list';
import { formatDateTime } from './format';
import { DataTable, type DataColumn } from '../../components/data-table/data-table';
import { useListParams } from './use-list-params';

type Column = 'when' | 'who' | 'action' | 'from' | 'details';

function actionColor(action: string): LabelColor {
  if (/failed|refused/.test(action)) return 'error';
  if (/password|role/.test(action)) return 'warning';
  if (action === 'auth.login' || action === 'auth.email_verified') return 'success';
  return 'default';
}

export function AuditLogTab() {
  const { t, i18n } = useTranslation();
  const { page, limit, filter: action, setPage, setLimit, setFilter } = useListParams('action');
  const { data, isFetching, isLoading, error, refetch } = useAuditLogQuery({
    page,
    limit,
    action: action || undefined,
  });
  const col = (column: Column) => t(`admin.audit.columns.${column}`);
  const format = useFormat();
  const actionLabel = (value: string) => auditActionLabel(t, value);

  const columns: Array<DataColumn<z.infer<typeof auditEntrySchema>>> = [
    {
      id: 'when',
      header: col('when'),
      required: true,
      width: 170,
      cell: (entry) => formatDateTime(entry.createdAt, i18n.language),
    },
    {
      id: 'who',
      header: col('who'),
      width: 170,
      cell: (entry) =>
        entry.actorName ?? (
          <Typography component="span" variant="body2" sx={{ color: 'text.disabled' }}>
            {t('admin.audit.unknownActor')}
          </Typography>
        ),
    },
    {
      id: 'action',
      header: col('action'),
      width: 200,
      cell: (entry) => <Label color={actionColor(entry.action)}>{actionLabel(entry.action)}</Label>,
    },
    {
      id: 'from',
      header: col('from'),
      width: 200,
      cell: (entry) => (
        <Box sx={{ minWidth: 0 }}>
          <Typography variant="body2" dir="ltr" sx={{ textAlign: 'left' }}>
            {entry.ip ?? '—'}
          </Typography>
          {entry.userAgent && (
            <Tooltip title={entry.userAgent}>
              <Typography
                variant="caption"
                noWrap
                dir="ltr"
                tabIndex={0}
                sx={{ display: 'block', color: 'text.secondary', textAlign: 'left' }}
              >
                {entry.userAgent}
              </Typography>
            </Tooltip>
          )}
        </Box>
      ),
    },
    {
      id: 'details',
      header: col('details'),
      width: 300,
      cell: (entry) => (
        <Typography variant="caption" dir="auto" sx={{ wordBreak: 'break-word' }}>
          {auditMetaText(t, entry.action, entry.meta, format.money) || '—'}
        </Typography>
      ),
    },
  ];

  return (
    <Box>
      <Box sx={{ p: 2.5, display: 'flex', gap: 2, flexWrap: 'wrap', alignItems: 'center' }}>
        <Autocomplete
          freeSolo
          autoSelect
          options={[...AUDIT_ACTIONS]}
          value={action || null}
          onChange={(_event, value) => setFilter(typeof value === 'string' ? value.trim() : '')}
          getOptionLabel={(option) => actionLabel(option)}
          // Found by its translated name or by its code (`auth.login_failed`).
          filterOptions={createFilterOptions({
            stringify: (option: string) => `${actionLabel(option)} ${option}`,
          })}
          renderOption={(props, option) => {
            const { key, ...rest } = props;
            return (
              <Box
                component="li"
                key={key}
                {...rest}
                sx={{
                  display: 'flex',
                  flexDirection: 'column',
                  alignItems: 'flex-start !important',
                }}
              >
                <Typography variant="body2">{actionLabel(option)}</Typography>
                <Typography variant="caption" sx={{ color: 'text.disabled' }} dir="ltr">
                  {option}
                </Typography>
              </Box>
            );
          }}
          sx={{ width: { xs: 1, sm: 320 } }}
          renderInput={(params) => (
            <TextField
              {...params}
              label={t('admin.audit.filterAction')}
              placeholder={t('admin.audit.allActions')}
              InputLabelProps={{ ...params.InputLabelProps, shrink: true }}
            />
          )}
        />
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
          <DataTable
            list="audit"
            label={t('admin.audit.tab')}
            columns={columns}
            rows={data?.entries}
            getRowId={(entry) => String(entry.id)}
            rowLabel={(entry) => actionLabel(entry.action)}
            loading={isLoading}
            fetching={isFetching}
            rowTestId="audit-row"
            empty={
              <EmptyContent
                title={t('admin.audit.empty')}
                description={action ? t('admin.audit.emptyFiltered') : undefined}
                action={
                  action ? (
                    <Button variant="outlined" color="inherit" onClick={() => setFilter('')}>
                      {t('admin.clearFilter')}
                    </Button>
                  ) : undefined
                }
              />
            }
          />
          <AdminPagination
            total={data?.total}
            page={page}
            limit={limit}
            setPage={setPage}
            setLimit={setLimit}
          />
        </>
      )}
    </Box>
  );
}
