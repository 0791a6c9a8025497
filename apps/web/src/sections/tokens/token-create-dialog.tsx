import ContentCopyRounded from '@mui/icons-material/ContentCopyRounded';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';

import { notify } from '../../components/snackbar/notify';
import { isHttpError } from '../../lib/http';
import { translateError } from '../../locales/form-errors';
import type { CreateTokenBody, CreatedToken } from './tokens-api';

/** The expiries offered, in days; 0 is "never". */
const EXPIRIES = [7, 30, 90, 365, 0] as const;

type Props = {
  open: boolean;
  title: string;
  /** The permissions a token may be given here (the person's own, or all for a service token). */
  choices: readonly string[];
  onClose: () => void;
  create: (body: CreateTokenBody) => Promise<CreatedToken>;
};

/** Creates a token, then shows its secret once with a copy button. */
export function TokenCreateDialog({ open, title, choices, onClose, create }: Props) {
  const { t } = useTranslation();
  const formId = useId();
  const [name, setName] = useState('');
  const [days, setDays] = useState<number>(30);
  const [picked, setPicked] = useState<string[]>([]);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  const [created, setCreated] = useState<CreatedToken | null>(null);

  const reset = () => {
    setName('');
    setDays(30);
    setPicked([]);
    setErrors({});
    setCreated(null);
  };
  const close = () => {
    if (busy) return;
    onClose();
    reset();
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const local: Record<string, string> = {};
    if (!name.trim()) local.name = t('tokens.nameRequired');
    if (!picked.length) local.permissions = t('tokens.permissionsRequired');
    setErrors(local);
    if (Object.keys(local).length) return;
    setBusy(true);
    try {
      const expiresAt = days ? new Date(Date.now() + days * 86_400_000).toISOString() : null;
      setCreated(
        await create({
          name: name.trim(),
          permissions: picked as CreateTokenBody['permissions'],
          expiresAt,
        }),
      );
    } catch (err) {
      const details = isHttpError(err) ? (err.details ?? []) : [];
      if (details.length) {
        setErrors(
          Object.fromEntries(
            details.map((d) => [
              d.field,
              t(`errors.field.${d.code}`, { defaultValue: d.message || translateError(t, err) }),
            ]),
          ),
        );
      } else notify.error(translateError(t, err));
    } finally {
      setBusy(false);
    }
  };

  const copy = () =>
    created &&
    navigator.clipboard
      ?.writeText(created.secret)
      .then(() => notify.success(t('tokens.copied')))
      .catch(() => notify.error(t('tokens.copyFailed')));

  return (
    <Dialog open={open} onClose={close} maxWidth="sm" fullWidth aria-labelledby={`${formId}-title`}>
      <DialogTitle id={`${formId}-title`}>{created ? t('tokens.createdTitle') : title}</DialogTitle>
      {created ? (
        <>
          <DialogContent>
            <Alert severity="warning" sx={{ mb: 2 }}>
              {t('tokens.shownOnce')}
            </Alert>
            <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} alignItems="stretch">
              <TextField
                label={t('tokens.secret')}
                value={created.secret}
                fullWidth
                slotProps={{
                  htmlInput: { readOnly: true, 'data-testid': 'token-secret', spellCheck: false },
                }}
                onFocus={(e) => e.target.select()}
              />
              <Button variant="outlined" startIcon={<ContentCopyRounded />} onClick={copy}>
                {t('tokens.copy')}
              </Button>
            </Stack>
          </DialogContent>
          <DialogActions>
            <Button variant="contained" onClick={close}>
              {t('tokens.done')}
            </Button>
          </DialogActions>
        </>
      ) : (
        <form onSubmit={(e) => void submit(e)} noValidate>
          <DialogContent>
            <Stack spacing={2.5} sx={{ pt: 1 }}>
              <TextField
                label={t('tokens.name')}
                value={name}
                onChange={(e) => setName(e.target.value)}
                error={!!errors.name}
                helperText={errors.name ?? t('tokens.nameHelp')}
                required
                autoFocus
                slotProps={{ htmlInput: { maxLength: 80 } }}
              />
              <TextField
                select
                label={t('tokens.expiry')}
                value={days}
                onChange={(e) => setDays(Number(e.target.value))}
                error={!!errors.expiresAt}
                helperText={errors.expiresAt}
              >
                {EXPIRIES.map((d) => (
                  <MenuItem key={d} value={d}>
                    {d ? t(`tokens.expiries.${d}`) : t('tokens.never')}
                  </MenuItem>
                ))}
              </TextField>
              <FormControl component="fieldset" error={!!errors.permissions} required>
                <FormLabel component="legend">{t('tokens.permissions')}</FormLabel>
                <FormHelperText sx={{ mx: 0 }}>
                  {errors.permissions ?? t('tokens.permissionsHelp')}
                </FormHelperText>
                <Box
                  sx={{
                    display: 'grid',
                    gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' },
                    columnGap: 2,
                  }}
                >
                  {choices.map((p) => (
                    <FormControlLabel
                      key={p}
                      label={p}
                      control={
                        <Checkbox
                          checked={picked.includes(p)}
                          onChange={(e) =>
                            setPicked((prev) =>
                              e.target.checked ? [...prev, p] : prev.filter((x) => x !== p),
                            )
                          }
                        />
                      }
                    />
                  ))}
                </Box>
              </FormControl>
            </Stack>
          </DialogContent>
          <DialogActions>
            <Button variant="outlined" color="inherit" onClick={close} disabled={busy}>
              {t('common.cancel')}
            </Button>
            <Button
              type="submit"
              variant="contained"
              disabled={busy}
              startIcon={busy ? <CircularProgress size={16} color="inherit" /> : undefined}
            >
              {t('tokens.create')}
            </Button>
          </DialogActions>
        </form>
      )}
    </Dialog>
  );
}
