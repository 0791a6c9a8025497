import CheckCircleRounded from '@mui/icons-material/CheckCircleRounded';
import CloseRounded from '@mui/icons-material/CloseRounded';
import ErrorOutlineRounded from '@mui/icons-material/ErrorOutlineRounded';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { FILES_API } from '@bo/contract/files-paths';
import { type DriveFile } from '@bo/contract/files-records';
import { useCallback, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';

import { http, type HttpError } from '../../lib/http';
import { translateError } from '../../locales/form-errors';
import { useFileFormat } from './file-format';
import { uploadFile } from './files-api';

/** A file to send, and the folders (from the dropped folder down) it goes into. */
export type PendingFile = { file: File; dirs: string[] };

type Job = {
  id: number;
  name: string;
  size: number;
  sent: number;
  status: 'waiting' | 'uploading' | 'done' | 'error' | 'cancelled';
  error?: string;
  controller: AbortController;
};

const PARALLEL = 3;

/** Reads a drop: files, and folders walked down (Chromium, Firefox and Safari all offer entries). */
export async function readDrop(data: DataTransfer): Promise<PendingFile[]> {
  const entries = Array.from(data.items)
    .map((item) => (item.kind === 'file' ? item.webkitGetAsEntry?.() : null))
    .filter((e): e is FileSystemEntry => Boolean(e));
  if (entries.length === 0) return Array.from(data.files).map((file) => ({ file, dirs: [] }));
  const out: PendingFile[] = [];
  const walk = async (entry: FileSystemEntry, dirs: string[]): Promise<void> => {
    if (entry.isFile) {
      const file = await new Promise<File>((resolve, reject) =>
        (entry as FileSystemFileEntry).file(resolve, reject),
      );
      out.push({ file, dirs });
      return;
    }
    const reader = (entry as FileSystemDirectoryEntry).createReader();
    for (;;) {
      const batch = await new Promise<FileSystemEntry[]>((resolve, reject) =>
        reader.readEntries(resolve, reject),
      );
      if (batch.length === 0) break;
      for (const child of batch) await walk(child, [...dirs, entry.name]);
    }
  };
  for (const entry of entries) await walk(entry, []);
  return out;
}

/** Files picked with <input webkitdirectory>: the folders come from their relative paths. */
export const fromPicker = (files: FileList): PendingFile[] =>
  Array.from(files).map((file) => {
    const parts = (file.webkitRelativePath || file.name).split('/');
    return { file, dirs: parts.slice(0, -1) };
  });

/** One folder by name under `parent`: made, or the existing one of that name. */
async function folderIn(parent: string | null, name: string): Promise<string> {
  try {
    const { file } = await http<{ file: DriveFile }>(FILES_API.folders, {
      method: 'POST',
      body: { name, folderId: parent },
    });
    return file.id;
  } catch (error) {
    if ((error as HttpError).status !== 409) throw error;
    // Already there: upload into the existing folder of that name.
    const found = await http<{ files: DriveFile[] }>(FILES_API.list, {
      query: { folderId: parent ?? undefined, type: 'folder', limit: 200 },
    });
    const same = found.files.find((f) => f.name.toLowerCase() === name.toLowerCase());
    if (!same) throw error;
    return same.id;
  }
}

/**
 * The folder a path of names leads to under `root`, made where missing. Uploads running side
 * by side share each folder's one request (the map holds promises), so none is made twice.
 */
function ensureFolders(
  root: string | null,
  dirs: string[],
  made: Map<string, Promise<string | null>>,
): Promise<string | null> {
  let parent: Promise<string | null> = Promise.resolve(root);
  for (let i = 0; i < dirs.length; i++) {
    const key = `${root ?? ''}/${dirs.slice(0, i + 1).join('/')}`;
    let known = made.get(key);
    if (!known) {
      const name = dirs[i]!;
      known = parent.then((id) => folderIn(id, name));
      made.set(key, known);
    }
    parent = known;
  }
  return parent;
}

/** Uploads with progress, three at a time; a panel shows them until they are cleared. */
export function useUploads(onDone: () => void) {
  const { t } = useTranslation();
  const [jobs, setJobs] = useState<Job[]>([]);
  const next = useRef(1);

  const patch = useCallback(
    (id: number, changes: Partial<Job>) =>
      setJobs((all) => all.map((j) => (j.id === id ? { ...j, ...changes } : j))),
    [],
  );

  const start = useCallback(
    async (pending: PendingFile[], folderId: string | null) => {
      const made = new Map<string, Promise<string | null>>();
      const queue = pending.map((p) => ({
        ...p,
        job: {
          id: next.current++,
          name: [...p.dirs, p.file.name].join('/'),
          size: p.file.size,
          sent: 0,
          status: 'waiting' as const,
          controller: new AbortController(),
        },
      }));
      setJobs((all) => [...all.filter((j) => j.status !== 'done'), ...queue.map((q) => q.job)]);
      const work = async () => {
        for (let item = queue.shift(); item; item = queue.shift()) {
          const { job } = item;
          if (job.controller.signal.aborted) continue;
          patch(job.id, { status: 'uploading' });
          try {
            const target = await ensureFolders(folderId, item.dirs, made);
            await uploadFile(
              item.file,
              target,
              (sent) => patch(job.id, { sent }),
              job.controller.signal,
            );
            patch(job.id, { status: 'done', sent: job.size });
          } catch (error) {
            if ((error as Error).name === 'AbortError') patch(job.id, { status: 'cancelled' });
            else patch(job.id, { status: 'error', error: translateError(t, error as HttpError) });
          }
          onDone();
        }
      };
      await Promise.all(Array.from({ length: PARALLEL }, work));
    },
    [onDone, patch, t],
  );

  const clear = () =>
    setJobs((all) => all.filter((j) => j.status === 'uploading' || j.status === 'waiting'));
  return { jobs, start, clear };
}

export function UploadPanel({ jobs, onClear }: { jobs: Job[]; onClear: () => void }) {
  const { t } = useTranslation();
  const f = useFileFormat();
  if (jobs.length === 0) return null;
  const active = jobs.filter((j) => j.status === 'uploading' || j.status === 'waiting').length;
  return (
    <Paper
      elevation={8}
      role="region"
      aria-label={t('files.upload.panel')}
      sx={{
        position: 'fixed',
        insetInlineEnd: { xs: 8, sm: 24 },
        bottom: { xs: 8, sm: 24 },
        width: { xs: 'calc(100% - 16px)', sm: 360 },
        maxHeight: 320,
        overflow: 'auto',
        zIndex: (theme) => theme.zIndex.modal - 1,
        borderRadius: 2,
      }}
    >
      <Stack
        direction="row"
        alignItems="center"
        sx={{ px: 2, py: 1, borderBottom: 1, borderColor: 'divider' }}
      >
        <Typography variant="subtitle2" sx={{ flex: 1 }} aria-live="polite">
          {active ? t('files.upload.active', { count: active }) : t('files.upload.finished')}
        </Typography>
        {!active && (
          <Tooltip title={t('common.close')}>
            <IconButton size="small" aria-label={t('common.close')} onClick={onClear}>
              <CloseRounded fontSize="small" />
            </IconButton>
          </Tooltip>
        )}
      </Stack>
      {jobs.map((job) => (
        <Box key={job.id} sx={{ px: 2, py: 1 }} data-testid="upload-job" data-status={job.status}>
          <Stack direction="row" alignItems="center" spacing={1}>
            <Typography variant="body2" noWrap sx={{ flex: 1 }} dir="auto">
              {job.name}
            </Typography>
            {job.status === 'done' && (
              <CheckCircleRounded
                fontSize="small"
                sx={{ color: 'success.main' }}
                aria-label={t('files.upload.done')}
              />
            )}
            {job.status === 'error' && (
              <ErrorOutlineRounded fontSize="small" sx={{ color: 'error.main' }} aria-hidden />
            )}
            {(job.status === 'uploading' || job.status === 'waiting') && (
              <Tooltip title={t('files.upload.cancel')}>
                <IconButton
                  size="small"
                  aria-label={t('files.upload.cancelOf', { name: job.name })}
                  onClick={() => job.controller.abort()}
                >
                  <CloseRounded fontSize="small" />
                </IconButton>
              </Tooltip>
            )}
          </Stack>
          {job.status === 'error' ? (
            <Typography variant="caption" sx={{ color: 'error.main' }} role="alert">
              {job.error}
            </Typography>
          ) : job.status === 'cancelled' ? (
            <Typography variant="caption" sx={{ color: 'text.secondary' }}>
              {t('files.upload.cancelled')}
            </Typography>
          ) : (
            <>
              <LinearProgress
                variant={job.status === 'waiting' ? 'indeterminate' : 'determinate'}
                value={job.size ? Math.min(100, (job.sent / job.size) * 100) : 100}
                aria-label={t('files.upload.progressOf', { name: job.name })}
                sx={{ mt: 0.5 }}
              />
              <Typography variant="caption" sx={{ color: 'text.secondary' }}>
                {f.bytes(job.sent)} / {f.bytes(job.size)}
              </Typography>
            </>
          )}
        </Box>
      ))}
    </Paper>
  );
}
