import type { ExportRecord, ExportStatus } from '@bo/contract/exports';
import { EXPORTS_API } from '@bo/contract/exports';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import Skeleton from '@mui/material/Skeleton';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

import { ConfirmDialog } from '../../components/confirm-dialog/confirm-dialog';
import { EmptyContent } from '../../components/empty-content/empty-content';
import { Label, type LabelColor } from '../../components/label/label';
import { PageHeader } from '../../components/page-header/page-header';
import { notify } from '../../components/snackbar/notify';
import { fetchFile } from '../../lib/fetch-file';
import { useFormat } from '../../lib/format';
import { saveBlob } from '../../lib/save-blob';
import { translateError } from '../../locales/form-errors';
import { paths } from '../../routes/paths';
import { AdminListError } from '../admin/admin-list';
import { stackedTableSx } from '../admin/stacked-table-sx';
import { useDeleteExportMutation, useMyExportsQuery } from './exports-api';

const COLUMNS = [
  'list',
  'format',
  'rows',
  'size',
  'status',
  'created',
  'expires',
  'actions',
] as const;

const STATUS_COLOR: Record<ExportStatus, LabelColor> = {
  queued: 'default',
  running: 'info',
  done: 'success',
  failed: 'error',
};

function ExportRow({ item, onDelete }: { item: ExportRecord; onDelete: () => void }) {
  const { t } = useTranslation();
  const f = useFormat();
  const [busy, setBusy] = useState(false);
  const col = (c: (typeof COLUMNS)[number]) => t(`exports.columns.${c}`);

  const download = async () => {
    setBusy(true);
    try {
      saveBlob(await fetchFile(EXPORTS_API.file(item.id)), item.fileName);
    } catch (e) {
      notify.error(translateError(t, e));
    } finally {
      setBusy(false);
    }
  };

  return (
    <TableRow data-testid="export-row" hover>
      <TableCell data-label={col('list')}>
        <Typography variant="subtitle2">{t(`exports.lists.${item.list}`)}</Typography>
        <Typography variant="caption" sx={{ color: 'text.secondary' }} dir="ltr">
          {item.fileName}
        </Typography>
      </TableCell>
      <TableCell data-label={col('format')}>{item.format.toUpperCase()}</TableCell>
      <TableCell data-label={col('rows')}>
        {item.rows === null ? '—' : f.count(item.rows)}
      </TableCell>
      <TableCell data-label={col('size')}>
        {item.bytes === null ? '—' : f.bytes(item.bytes)}
      </TableCell>
      <TableCell data-label={col('status')}>
        <Label color={STATUS_COLOR[item.status]}>{t(`exports.status.${item.status}`)}</Label>
      </TableCell>
      <TableCell data-label={col('created')}>
        <Box component="time" dateTime={item.createdAt} sx={{ whiteSpace: 'nowrap' }}>
          {f.dateTime(item.createdAt)}
        </Box>
      </TableCell>
      <TableCell data-label={col('expires')}>
        <Box component="time" dateTime={item.expiresAt} sx={{ whiteSpace: 'nowrap' }}>
          {f.dateTime(item.expiresAt)}
        </Box>
      </TableCell>
      {/* Not align="right": MUI reverses a right-aligned cell, which a phone's stacked row shows. */}
      <TableCell data-label={col('actions')} sx={{ textAlign: { sm: 'right' } }}>
        <Box
          sx={{
            display: 'flex',
            flexWrap: 'wrap',
            gap: 1,
            justifyContent: { xs: 'flex-start', sm: 'flex-end' },
          }}
        >
          <Button
            size="small"
            variant="outlined"
            disabled={item.status !== 'done' || busy}
            onClick={() => void download()}
            aria-label={t('exports.downloadLabel', { name: item.fileName })}
          >
            {t('exports.download')}
          </Button>
          <Button
            size="small"
            color="error"
            onClick={onDelete}
            aria-label={t('exports.deleteLabel', { name: item.fileName })}
          >
            {t('exports.delete')}
          </Button>
        </Box>
      </TableCell>
    </TableRow>
  );
}

/**
 * My exports: the exports too large to answer at once, as the jobs make them (refreshed while one
 * is queued or running), each downloaded or deleted until it expires.
 */
export function MyExportsView() {
  const { t } = useTranslation();
  const [pending, setPending] = useState(false);
  const { data, isLoading, isFetching, error, refetch } = useMyExportsQuery(undefined, {
    refetchOnMountOrArgChange: true,
    pollingInterval: pending ? 3000 : 0,
  });
  const waiting = !!data?.exports.some((e) => e.status === 'queued' || e.status === 'running');
  if (waiting !== pending) setPending(waiting);
  const [toDelete, setToDelete] = useState<ExportRecord | null>(null);
  const [remove, removing] = useDeleteExportMutation();

  const confirmDelete = () => {
    if (!toDelete) return;
    remove(toDelete.id)
      .unwrap()
      .then(() => notify.success(t('exports.deleted')))
      .catch((err: unknown) => notify.error(translateError(t, err)))
      .finally(() => setToDelete(null));
  };

  return (
    <>
      <PageHeader
        title={t('exports.title')}
        crumbs={[
          { name: t('admin.crumbs.dashboard'), href: paths.dashboard.root },
          { name: t('exports.title') },
        ]}
      />
      <Card>
        <Typography variant="body2" sx={{ px: 2.5, pt: 2.5, color: 'text.secondary' }}>
          {t('exports.intro')}
        </Typography>
        {error ? (
          <Box sx={{ pt: 2 }}>
            <AdminListError error={error} onRetry={() => void refetch()} />
          </Box>
        ) : (
          <>
            <TableContainer sx={{ overflowX: 'auto', mt: 2 }}>
              <Table
                size="small"
                sx={stackedTableSx(880)}
                aria-label={t('exports.title')}
                aria-busy={isFetching}
              >
                <TableHead>
                  <TableRow>
                    {COLUMNS.map((c) => (
                      <TableCell key={c} align={c === 'actions' ? 'right' : undefined}>
                        {t(`exports.columns.${c}`)}
                      </TableCell>
                    ))}
                  </TableRow>
                </TableHead>
                <TableBody>
                  {isLoading &&
                    Array.from({ length: 3 }, (_, i) => (
                      <TableRow key={i}>
                        <TableCell colSpan={COLUMNS.length}>
                          <Skeleton variant="text" />
                        </TableCell>
                      </TableRow>
                    ))}
                  {data?.exports.map((e) => (
                    <ExportRow key={e.id} item={e} onDelete={() => setToDelete(e)} />
                  ))}
                </TableBody>
              </Table>
            </TableContainer>
            {data && data.exports.length === 0 && (
              <EmptyContent title={t('exports.empty')} description={t('exports.emptyText')} />
            )}
          </>
        )}
      </Card>
      <ConfirmDialog
        open={!!toDelete}
        title={t('exports.deleteTitle')}
        content={toDelete ? t('exports.deleteText', { name: toDelete.fileName }) : ''}
        action={t('exports.delete')}
        busy={removing.isLoading}
        onClose={() => setToDelete(null)}
        onConfirm={confirmDelete}
      />
    </>
  );
}
