import {
  IMPORT_MAX_ROWS,
  type Import,
  type ImportCounts,
  type ImportDuplicatePolicy,
  type ImportPreviewAnswer,
} from '@bo/contract/imports';
import { LANGUAGES } from '@bo/contract/constants';
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
import { LocaleArea } from '../../locales/locale-area';
import { translateError } from '../../locales/form-errors';
import {
  type ImportPaths,
  uploadImport,
  useImportStateQuery,
  usePreviewImportMutation,
  useRunImportMutation,
} from './imports-api';

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

/** What a list hands its import dialog: its calls, its fields and the words for them. */
export type ImportTarget = {
  /** The list's texts under `imports.<kind>` (title, what "already there" means). */
  kind: 'people' | 'products';
  paths: ImportPaths;
  fields: readonly string[];
  required: readonly string[];
  /** A field's name as the list's form shows it. */
  fieldLabel: (field: string) => string;
};

/** A refused call in the person's words: the field's code when the dialog knows it. */
function importError(t: TFunction, error: unknown, fieldLabel: (f: string) => string): string {
  if (isHttpError(error)) {
    const detail = error.details?.[0];
    if (detail?.code) {
      const field = detail.field.startsWith('mapping.')
        ? fieldLabel(detail.field.slice('mapping.'.length))
        : detail.field;
      const known = t(`imports.errors.${detail.code}`, {
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
          label={`${t(`imports.counts.${k}`)}: ${counts[k]}`}
          data-testid={`import-count-${k}`}
        />
      ))}
    </Stack>
  );
}

function ErrorRows({
  rows,
  t,
  fieldLabel,
}: {
  rows: Array<{ row: number; errors: Array<{ field: string; message: string }> }>;
  t: TFunction;
  fieldLabel: (f: string) => string;
}) {
  return (
    <TableContainer sx={{ maxHeight: 320 }}>
      <Table size="small" stickyHeader aria-label={t('imports.errorsTitle')}>
        <TableHead>
          <TableRow>
            <TableCell sx={{ width: 72 }}>{t('imports.row')}</TableCell>
            <TableCell>{t('imports.field')}</TableCell>
            <TableCell>{t('imports.problem')}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.flatMap((r) =>
            r.errors.map((e, i) => (
              <TableRow key={`${r.row}-${i}`} data-testid="import-error-row">
                <TableCell>{r.row}</TableCell>
                <TableCell>{fieldLabel(e.field)}</TableCell>
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
 * Importing a list's records from a CSV or XLSX: choose the file, map its columns (the suggested
 * mapping prefilled), choose what happens to records already there, preview the rows' errors,
 * then run the import and follow it to its report. `onImported` runs when the dialog closes after
 * a run (the list then reloads what the import wrote).
 */
export function ImportDialog(props: {
  target: ImportTarget;
  onClose: () => void;
  onImported: () => void;
}) {
  return (
    <LocaleArea area="imports">
      <ImportSteps {...props} />
    </LocaleArea>
  );
}

function ImportSteps({
  target,
  onClose,
  onImported,
}: {
  target: ImportTarget;
  onClose: () => void;
  onImported: () => void;
}) {
  const { t, i18n } = useTranslation();
  const { kind, paths, fields, required, fieldLabel } = target;
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
  const [previewImport] = usePreviewImportMutation();
  const [runImport] = useRunImportMutation();
  const running = step === 3 && imp;
  const status = useImportStateQuery(imp ? paths.importOne(imp.id) : '', {
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
    // New records are in the list once the import has written them.
    if (step === 3) onImported();
    reset();
    onClose();
  };

  const choose = async (file: File | undefined) => {
    if (!file) return;
    setError('');
    setBusy(true);
    try {
      const uploaded = await uploadImport(paths, file);
      setImp(uploaded);
      setMapping(uploaded.suggestedMapping);
      setStep(1);
    } catch (e) {
      setError(importError(t, e, fieldLabel));
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
      setPreview(
        await previewImport({ url: paths.importPreview(imp.id), page, body: options }).unwrap(),
      );
      setStep(2);
    } catch (e) {
      setError(importError(t, e, fieldLabel));
    } finally {
      setBusy(false);
    }
  };

  const start = async () => {
    if (!imp) return;
    setError('');
    setBusy(true);
    try {
      setImp(await runImport({ url: paths.importRun(imp.id), body: options }).unwrap());
      setStep(3);
    } catch (e) {
      setError(importError(t, e, fieldLabel));
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
      open
      onClose={busy ? undefined : close}
      fullWidth
      maxWidth="md"
      fullScreen={phone}
      aria-labelledby="import-title"
    >
      <DialogTitle id="import-title">{t(`imports.${kind}.title`)}</DialogTitle>
      <DialogContent dividers>
        <Stepper activeStep={step} alternativeLabel={!phone} sx={{ mb: 3 }}>
          {STEPS.map((s) => (
            <Step key={s}>
              <StepLabel>{phone && STEPS[step] !== s ? '' : t(`imports.steps.${s}`)}</StepLabel>
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
            aria-label={t('imports.choose')}
            aria-describedby="import-drop-hint"
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
            <Typography id="import-drop-hint" sx={{ mt: 1 }}>
              {t('imports.dropHint')}
            </Typography>
            <Typography variant="body2" sx={{ color: 'text.secondary', mt: 0.5 }}>
              {t('imports.fileLimits', {
                rows: IMPORT_MAX_ROWS.toLocaleString(i18n.language),
              })}
            </Typography>
            <Button variant="outlined" sx={{ mt: 2 }} tabIndex={-1} disabled={busy}>
              {t('imports.choose')}
            </Button>
            <input
              ref={input}
              type="file"
              accept={ACCEPT}
              hidden
              data-testid="import-file"
              onChange={(e) => void choose(e.target.files?.[0])}
            />
            {busy && <LinearProgress sx={{ mt: 2 }} aria-label={t('imports.uploading')} />}
          </Box>
        )}

        {step === 1 && imp && (
          <Stack spacing={2.5}>
            <Typography variant="body2">
              {t('imports.rowsFound', { name: imp.fileName, rows: imp.rowCount })}
            </Typography>
            <Box
              sx={{
                display: 'grid',
                gap: 2,
                gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr', md: '1fr 1fr 1fr' },
              }}
            >
              {fields.map((field) => (
                <TextField
                  key={field}
                  select
                  size="small"
                  label={fieldLabel(field)}
                  required={required.includes(field)}
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
                    <em>{t('imports.notImported')}</em>
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
              <FormLabel id="import-duplicates">{t(`imports.${kind}.duplicates`)}</FormLabel>
              <RadioGroup
                aria-labelledby="import-duplicates"
                value={duplicates}
                onChange={(e) => setDuplicates(e.target.value as ImportDuplicatePolicy)}
              >
                <FormControlLabel
                  value="update"
                  control={<Radio />}
                  label={t('imports.duplicatesUpdate')}
                />
                <FormControlLabel
                  value="skip"
                  control={<Radio />}
                  label={t('imports.duplicatesSkip')}
                />
              </RadioGroup>
            </FormControl>
          </Stack>
        )}

        {step === 2 && preview && (
          <Stack spacing={2}>
            <Counts counts={preview.counts} t={t} />
            {preview.total === 0 ? (
              <Alert severity="success">{t('imports.noErrors')}</Alert>
            ) : (
              <>
                <Typography variant="subtitle2" component="h3">
                  {t('imports.errorsTitle')}
                </Typography>
                <ErrorRows rows={preview.rows} t={t} fieldLabel={fieldLabel} />
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
                    ? t('imports.queued')
                    : t('imports.progress', {
                        processed: progress.processed,
                        total: progress.total,
                      })}
                </Typography>
                <LinearProgress
                  variant={progress?.total ? 'determinate' : 'indeterminate'}
                  value={percent}
                  aria-label={t('imports.steps.run')}
                />
              </>
            )}
            {current.status === 'failed' && (
              <Alert severity="error">{t('imports.failed', { error: current.error ?? '' })}</Alert>
            )}
            {current.status === 'done' && current.report && (
              <>
                <Alert severity="success">{t('imports.done')}</Alert>
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
                  <ErrorRows rows={current.report.refused} t={t} fieldLabel={fieldLabel} />
                )}
              </>
            )}
          </Stack>
        )}
      </DialogContent>
      <DialogActions>
        {step < 3 && (
          <Button onClick={close} disabled={busy} color="inherit">
            {t('imports.cancel')}
          </Button>
        )}
        {(step === 1 || step === 2) && (
          <Button onClick={() => setStep(step - 1)} disabled={busy} color="inherit">
            {t('imports.back')}
          </Button>
        )}
        {step === 1 && (
          <Button variant="contained" onClick={() => void loadPreview(1)} disabled={busy}>
            {t('imports.preview')}
          </Button>
        )}
        {step === 2 && (
          <Button
            variant="contained"
            onClick={() => void start()}
            disabled={busy || !preview || preview.counts.create + preview.counts.update === 0}
            data-testid="import-run"
          >
            {t('imports.run')}
          </Button>
        )}
        {step === 3 && (
          <Button variant="contained" onClick={close} disabled={!finished}>
            {t('imports.close')}
          </Button>
        )}
      </DialogActions>
    </Dialog>
  );
}
