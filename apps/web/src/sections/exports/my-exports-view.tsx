import type { ExportRecord, ExportStatus } from '@bo/contract/exports';
import { EXPORTS_API } from '@bo/contract/exports';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

import { DataTable, type DataColumn } from '../../components/data-table/data-table';
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
import { useDeleteExportMutation, useMyExportsQuery } from './exports-api';

const STATUS_COLOR: Record<ExportStatus, LabelColor> = {
  queued: 'default',
  running: 'info',
  done: 'success',
  failed: 'error',
};

/** A row's actions: download when it is done, delete (after a confirmation) at any time. */
function ExportActions({ item, onDelete }: { item: ExportRecord; onDelete: () => void }) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);

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
  );
}

const time = (iso: string, shown: string) => (
  <Box component="time" dateTime={iso} sx={{ whiteSpace: 'nowrap' }}>
    {shown}
  </Box>
);

/**
 * My exports: the exports too large to answer at once, as the jobs make them (refreshed while one
 * is queued or running), each downloaded or deleted until it expires.
 */
export function MyExportsView() {
  const { t } = useTranslation();
  const f = useFormat();
  const [pending, setPending] = useState(false);
  const { data, isLoading, isFetching, error, refetch } = useMyExportsQuery(undefined, {
    refetchOnMountOrArgChange: true,
    pollingInterval: pending ? 3000 : 0,
  });
  const waiting = !!data?.exports.some((e) => e.status === 'queued' || e.status === 'running');
  if (waiting !== pending) setPending(waiting);
  const [toDelete, setToDelete] = useState<ExportRecord | null>(null);
  const [remove, removing] = useDeleteExportMutation();

  // Widths that fit the page's card on a laptop (1,440 px with the menu open), actions included.
  const columns: Array<DataColumn<ExportRecord>> = [
    {
      id: 'list',
      header: t('exports.columns.list'),
      required: true,
      width: 170,
      cell: (item) => (
        <Box sx={{ minWidth: 0 }}>
          <Typography variant="subtitle2">{t(`exports.lists.${item.list}`)}</Typography>
          <Typography variant="caption" component="div" sx={{ color: 'text.secondary' }} dir="ltr">
            {item.fileName}
          </Typography>
        </Box>
      ),
    },
    {
      id: 'format',
      header: t('exports.columns.format'),
      width: 80,
      cell: (item) => item.format.toUpperCase(),
    },
    {
      id: 'rows',
      header: t('exports.columns.rows'),
      align: 'right',
      width: 80,
      cell: (item) => (item.rows === null ? '—' : f.count(item.rows)),
    },
    {
      id: 'size',
      header: t('exports.columns.size'),
      align: 'right',
      width: 110,
      cell: (item) => (item.bytes === null ? '—' : f.bytes(item.bytes)),
    },
    {
      id: 'status',
      header: t('exports.columns.status'),
      width: 100,
      cell: (item) => (
        <Label color={STATUS_COLOR[item.status]}>{t(`exports.status.${item.status}`)}</Label>
      ),
    },
    {
      id: 'created',
      header: t('exports.columns.created'),
      width: 170,
      cell: (item) => time(item.createdAt, f.dateTime(item.createdAt)),
    },
    {
      id: 'expires',
      header: t('exports.columns.expires'),
      width: 170,
      cell: (item) => time(item.expiresAt, f.dateTime(item.expiresAt)),
    },
    {
      id: 'actions',
      header: t('exports.columns.actions'),
      align: 'right',
      required: true,
      width: 180,
      cell: (item) => <ExportActions item={item} onDelete={() => setToDelete(item)} />,
    },
  ];

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
        <Box sx={{ mt: 2 }}>
          <DataTable
            list="exports"
            label={t('exports.title')}
            columns={columns}
            rows={data?.exports}
            getRowId={(e) => e.id}
            rowLabel={(e) => e.fileName}
            loading={isLoading}
            fetching={isFetching}
            error={error && !data ? translateError(t, error) : undefined}
            onRetry={() => void refetch()}
            empty={<EmptyContent title={t('exports.empty')} description={t('exports.emptyText')} />}
            rowTestId="export-row"
          />
        </Box>
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
