import {
  IMPORT_MAX_ROWS,
  type Import,
  type ImportCounts,
  type ImportDuplicatePolicy,
  type ImportPreviewAnswer,
} from '@bo/contract/imports';
import { LANGUAGES } from '@bo/contract/constants';
import { USER_IMPORT_FIELDS, USER_IMPORT_REQUIRED } from '@bo/contract/users-transfer';
import UploadFileRounded from '@mui/icons-material/UploadFileRounded';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormLabel from '@mui/material/FormLabel';
import LinearProgress from '@mui/material/LinearProgress';
import MenuItem from '@mui/material/MenuItem';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import Step from '@mui/material/Step';
import StepLabel from '@mui/material/StepLabel';
import Stepper from '@mui/material/Stepper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TablePagination from '@mui/material/TablePagination';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme } from '@mui/material/styles';
import type { TFunction } from 'i18next';
import { useRef, useState, type DragEvent } from 'react';
import { useTranslation } from 'react-i18next';

import { isHttpError } from '../../lib/http';
import { translateError } from '../../locales/form-errors';
import { api } from '../../store/api';
import { useAppDispatch } from '../../store/hooks';
import {
  uploadUserImport,
  usePreviewUserImportMutation,
  useRunUserImportMutation,
  useUserImportQuery,
} from './users-api';

const STEPS = ['file', 'mapping', 'preview', 'run'] as const;
const ACCEPT =
  '.csv,.xlsx,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
const COUNT_COLOR = {
  create: 'success',
  update: 'info',
  unchanged: 'default',
  skip: 'default',
  error: 'error',
} as const;

/** A refused call in the person's words: the field's code when the dialog knows it. */
function importError(t: TFunction, error: unknown): string {
  if (isHttpError(error)) {
    const detail = error.details?.[0];
    if (detail?.code) {
      const field = detail.field.startsWith('mapping.')
        ? t(`users.fields.${detail.field.slice('mapping.'.length)}`)
        : detail.field;
      const known = t(`users.transfer.errors.${detail.code}`, {
        ...detail.params,
        field,
        defaultValue: '',
      });
      if (known) return known;
    }
  }
  return translateError(t, error);
}

function Counts({ counts, t }: { counts: ImportCounts; t: TFunction }) {
  return (
    <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
      {(Object.keys(COUNT_COLOR) as Array<keyof ImportCounts>).map((k) => (
        <Chip
          key={k}
          color={COUNT_COLOR[k]}
          variant={counts[k] ? 'filled' : 'outlined'}
          label={`${t(`users.transfer.counts.${k}`)}: ${counts[k]}`}
          data-testid={`import-count-${k}`}
        />
      ))}
    </Stack>
  );
}

function ErrorRows({
  rows,
  t,
}: {
  rows: Array<{ row: number; errors: Array<{ field: string; message: string }> }>;
  t: TFunction;
}) {
  return (
    <TableContainer sx={{ maxHeight: 320 }}>
      <Table size="small" stickyHeader aria-label={t('users.transfer.errorsTitle')}>
        <TableHead>
          <TableRow>
            <TableCell sx={{ width: 72 }}>{t('users.transfer.row')}</TableCell>
            <TableCell>{t('users.transfer.field')}</TableCell>
            <TableCell>{t('users.transfer.problem')}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.flatMap((r) =>
            r.errors.map((e, i) => (
              <TableRow key={`${r.row}-${i}`} data-testid="import-error-row">
                <TableCell>{r.row}</TableCell>
                <TableCell>{t(`users.fields.${e.field}`, { defaultValue: e.field })}</TableCell>
                <TableCell>{e.message}</TableCell>
              </TableRow>
            )),
          )}
        </TableBody>
      </Table>
    </TableContainer>
  );
}

/**
 * Importing people from a CSV or XLSX: choose the file, map its columns (the suggested mapping
 * prefilled), choose what happens to people already there, preview the rows' errors, then run
 * the import and follow it to its report.
 */
export function UserImportDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t, i18n } = useTranslation();
  const dispatch = useAppDispatch();
  const phone = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  const [step, setStep] = useState(0);
  const [imp, setImp] = useState<Import | null>(null);
  const [mapping, setMapping] = useState<Record<string, string | null>>({});
  const [duplicates, setDuplicates] = useState<ImportDuplicatePolicy>('update');
  const [preview, setPreview] = useState<ImportPreviewAnswer | null>(null);
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  const [dragging, setDragging] = useState(false);
  const input = useRef<HTMLInputElement>(null);
  const [previewImport] = usePreviewUserImportMutation();
  const [runImport] = useRunUserImportMutation();
  const running = step === 3 && imp;
  const status = useUserImportQuery(imp?.id ?? '', {
    skip: !running,
    pollingInterval: 1000,
    skipPollingIfUnfocused: false,
  });
  const current = running ? (status.data ?? imp) : null;
  const finished = current?.status === 'done' || current?.status === 'failed';
  // The rows' messages in the language on screen (one of ours; else the server picks).
  const lang = LANGUAGES.find((l) => l === i18n.language);
  const options = { mapping, duplicates, ...(lang ? { lang } : {}) };

  const reset = () => {
    setStep(0);
    setImp(null);
    setMapping({});
    setPreview(null);
    setError('');
    setDuplicates('update');
  };
  const close = () => {
    // New people are in the list once the import has written them.
    if (step === 3) dispatch(api.util.invalidateTags(['User']));
    reset();
    onClose();
  };

  const choose = async (file: File | undefined) => {
    if (!file) return;
    setError('');
    setBusy(true);
    try {
      const uploaded = await uploadUserImport(file);
      setImp(uploaded);
      setMapping(uploaded.suggestedMapping);
      setStep(1);
    } catch (e) {
      setError(importError(t, e));
    } finally {
      setBusy(false);
      if (input.current) input.current.value = '';
    }
  };

  const loadPreview = async (page: number) => {
    if (!imp) return;
    setError('');
    setBusy(true);
    try {
      setPreview(await previewImport({ id: imp.id, page, body: options }).unwrap());
      setStep(2);
    } catch (e) {
      setError(importError(t, e));
    } finally {
      setBusy(false);
    }
  };

  const start = async () => {
    if (!imp) return;
    setError('');
    setBusy(true);
    try {
      setImp(await runImport({ id: imp.id, body: options }).unwrap());
      setStep(3);
    } catch (e) {
      setError(importError(t, e));
    } finally {
      setBusy(false);
    }
  };

  const onDrop = (e: DragEvent) => {
    e.preventDefault();
    setDragging(false);
    void choose(e.dataTransfer.files[0]);
  };

  const progress = current?.progress;
  const percent = progress?.total ? Math.round((progress.processed / progress.total) * 100) : 0;

  return (
    <Dialog
      open={open}
      onClose={busy ? undefined : close}
      fullWidth
      maxWidth="md"
      fullScreen={phone}
      aria-labelledby="user-import-title"
    >
      <DialogTitle id="user-import-title">{t('users.transfer.dialogTitle')}</DialogTitle>
      <DialogContent dividers>
        <Stepper activeStep={step} alternativeLabel={!phone} sx={{ mb: 3 }}>
          {STEPS.map((s) => (
            <Step key={s}>
              <StepLabel>
                {phone && STEPS[step] !== s ? '' : t(`users.transfer.steps.${s}`)}
              </StepLabel>
            </Step>
          ))}
        </Stepper>
        {error && (
          <Alert severity="error" sx={{ mb: 2 }} role="alert" data-testid="import-error">
            {error}
          </Alert>
        )}

        {step === 0 && (
          <Box
            role="button"
            tabIndex={0}
            aria-label={t('users.transfer.choose')}
            aria-describedby="user-import-drop-hint"
            data-testid="import-drop"
            onClick={() => input.current?.click()}
            onKeyDown={(e) => {
              if (e.key === 'Enter' || e.key === ' ') {
                e.preventDefault();
                input.current?.click();
              }
            }}
            onDragOver={(e) => {
              e.preventDefault();
              setDragging(true);
            }}
            onDragLeave={() => setDragging(false)}
            onDrop={onDrop}
            sx={{
              p: { xs: 3, sm: 5 },
              textAlign: 'center',
              borderRadius: 2,
              border: '1px dashed',
              borderColor: dragging ? 'primary.main' : 'divider',
              bgcolor: dragging ? 'action.hover' : 'background.neutral',
              cursor: 'pointer',
              '&:focus-visible': { outline: '2px solid', outlineColor: 'primary.main' },
            }}
          >
            <UploadFileRounded sx={{ fontSize: 48, color: 'text.secondary' }} />
            <Typography id="user-import-drop-hint" sx={{ mt: 1 }}>
              {t('users.transfer.dropHint')}
            </Typography>
            <Typography variant="body2" sx={{ color: 'text.secondary', mt: 0.5 }}>
              {t('users.transfer.fileLimits', {
                rows: IMPORT_MAX_ROWS.toLocaleString(i18n.language),
              })}
            </Typography>
            <Button variant="outlined" sx={{ mt: 2 }} tabIndex={-1} disabled={busy}>
              {t('users.transfer.choose')}
            </Button>
            <input
              ref={input}
              type="file"
              accept={ACCEPT}
              hidden
              data-testid="import-file"
              onChange={(e) => void choose(e.target.files?.[0])}
            />
            {busy && <LinearProgress sx={{ mt: 2 }} aria-label={t('users.transfer.uploading')} />}
          </Box>
        )}

        {step === 1 && imp && (
          <Stack spacing={2.5}>
            <Typography variant="body2">
              {t('users.transfer.rowsFound', { name: imp.fileName, rows: imp.rowCount })}
            </Typography>
            <Box
              sx={{
                display: 'grid',
                gap: 2,
                gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr', md: '1fr 1fr 1fr' },
              }}
            >
              {USER_IMPORT_FIELDS.map((field) => (
                <TextField
                  key={field}
                  select
                  size="small"
                  label={t(`users.fields.${field}`)}
                  required={USER_IMPORT_REQUIRED.includes(field)}
                  value={mapping[field] ?? ''}
                  onChange={(e) => setMapping({ ...mapping, [field]: e.target.value || null })}
                  slotProps={{
                    inputLabel: { shrink: true },
                    select: {
                      displayEmpty: true,
                      SelectDisplayProps: { 'data-testid': `map-${field}` } as object,
                    },
                  }}
                >
                  <MenuItem value="">
                    <em>{t('users.transfer.notImported')}</em>
                  </MenuItem>
                  {imp.columns.map((c) => (
                    <MenuItem key={c} value={c}>
                      {c}
                    </MenuItem>
                  ))}
                </TextField>
              ))}
            </Box>
            <FormControl>
              <FormLabel id="user-import-duplicates">{t('users.transfer.duplicates')}</FormLabel>
              <RadioGroup
                aria-labelledby="user-import-duplicates"
                value={duplicates}
                onChange={(e) => setDuplicates(e.target.value as ImportDuplicatePolicy)}
              >
                <FormControlLabel
                  value="update"
                  control={<Radio />}
                  label={t('users.transfer.duplicatesUpdate')}
                />
                <FormControlLabel
                  value="skip"
                  control={<Radio />}
                  label={t('users.transfer.duplicatesSkip')}
                />
              </RadioGroup>
            </FormControl>
          </Stack>
        )}

        {step === 2 && preview && (
          <Stack spacing={2}>
            <Counts counts={preview.counts} t={t} />
            {preview.total === 0 ? (
              <Alert severity="success">{t('users.transfer.noErrors')}</Alert>
            ) : (
              <>
                <Typography variant="subtitle2" component="h3">
                  {t('users.transfer.errorsTitle')}
                </Typography>
                <ErrorRows rows={preview.rows} t={t} />
                {preview.total > preview.pageSize && (
                  <TablePagination
                    component="div"
                    count={preview.total}
                    page={preview.page - 1}
                    rowsPerPage={preview.pageSize}
                    rowsPerPageOptions={[]}
                    onPageChange={(_e, p) => void loadPreview(p + 1)}
                  />
                )}
              </>
            )}
          </Stack>
        )}

        {step === 3 && current && (
          <Stack spacing={2} data-testid="import-status" aria-live="polite">
            {!finished && (
              <>
                <Typography>
                  {current.status === 'queued' || !progress?.total
                    ? t('users.transfer.queued')
                    : t('users.transfer.progress', {
                        processed: progress.processed,
                        total: progress.total,
                      })}
                </Typography>
                <LinearProgress
                  variant={progress?.total ? 'determinate' : 'indeterminate'}
                  value={percent}
                  aria-label={t('users.transfer.steps.run')}
                />
              </>
            )}
            {current.status === 'failed' && (
              <Alert severity="error">
                {t('users.transfer.failed', { error: current.error ?? '' })}
              </Alert>
            )}
            {current.status === 'done' && current.report && (
              <>
                <Alert severity="success">{t('users.transfer.done')}</Alert>
                <Counts
                  t={t}
                  counts={{
                    create: current.report.created,
                    update: current.report.updated,
                    unchanged: current.report.unchanged,
                    skip: current.report.skipped,
                    error: current.report.refused.length,
                  }}
                />
                {current.report.refused.length > 0 && (
                  <ErrorRows rows={current.report.refused} t={t} />
                )}
              </>
            )}
          </Stack>
        )}
      </DialogContent>
      <DialogActions>
        {step < 3 && (
          <Button onClick={close} disabled={busy} color="inherit">
            {t('users.transfer.cancel')}
          </Button>
        )}
        {(step === 1 || step === 2) && (
          <Button onClick={() => setStep(step - 1)} disabled={busy} color="inherit">
            {t('users.transfer.back')}
          </Button>
        )}
        {step === 1 && (
          <Button variant="contained" onClick={() => void loadPreview(1)} disabled={busy}>
            {t('users.transfer.preview')}
          </Button>
        )}
        {step === 2 && (
          <Button
            variant="contained"
            onClick={() => void start()}
            disabled={busy || !preview || preview.counts.create + preview.counts.update === 0}
            data-testid="import-run"
          >
            {t('users.transfer.run')}
          </Button>
        )}
        {step === 3 && (
          <Button variant="contained" onClick={close} disabled={!finished}>
            {t('users.transfer.close')}
          </Button>
        )}
      </DialogActions>
    </Dialog>
  );
}
