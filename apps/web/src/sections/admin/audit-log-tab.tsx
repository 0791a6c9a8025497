import Autocomplete, { createFilterOptions } from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Skeleton from '@mui/material/Skeleton';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
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
import { stackedTableSx } from './stacked-table-sx';
import { useListParams } from './use-list-params';

const COLUMNS = ['when', 'who', 'action', 'from', 'details'] as const;

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
  const col = (column: (typeof COLUMNS)[number]) => t(`admin.audit.columns.${column}`);
  const format = useFormat();
  const actionLabel = (value: string) => auditActionLabel(t, value);

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
          <TableContainer sx={{ overflowX: 'auto' }}>
            <Table
              size="small"
              sx={stackedTableSx(760)}
              aria-label={t('admin.audit.tab')}
              aria-busy={isFetching}
            >
              <TableHead>
                <TableRow>
                  {COLUMNS.map((column) => (
                    <TableCell key={column}>{t(`admin.audit.columns.${column}`)}</TableCell>
                  ))}
                </TableRow>
              </TableHead>
              <TableBody>
                {isLoading &&
                  Array.from({ length: 5 }, (_, i) => (
                    <TableRow key={i}>
                      {COLUMNS.map((column) => (
                        <TableCell key={column}>
                          <Skeleton variant="text" />
                        </TableCell>
                      ))}
                    </TableRow>
                  ))}
                {data?.entries.map((entry) => (
                  <TableRow key={entry.id} hover data-testid="audit-row">
                    <TableCell data-label={col('when')} sx={{ whiteSpace: 'nowrap' }}>
                      {formatDateTime(entry.createdAt, i18n.language)}
                    </TableCell>
                    <TableCell data-label={col('who')}>
                      {entry.actorName ?? (
                        <Typography
                          component="span"
                          variant="body2"
                          sx={{ color: 'text.disabled' }}
                        >
                          {t('admin.audit.unknownActor')}
                        </Typography>
                      )}
                    </TableCell>
                    <TableCell data-label={col('action')}>
                      <Label color={actionColor(entry.action)}>{actionLabel(entry.action)}</Label>
                    </TableCell>
                    <TableCell data-label={col('from')} sx={{ maxWidth: 220 }}>
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
                    </TableCell>
                    <TableCell data-label={col('details')} sx={{ minWidth: 200 }}>
                      <Typography variant="caption" dir="auto" sx={{ wordBreak: 'break-word' }}>
                        {auditMetaText(t, entry.action, entry.meta, format.money) || '—'}
                      </Typography>
                    </TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </TableContainer>
          {data && data.entries.length === 0 && (
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
    </Box>
  );
}
