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
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import { WEBHOOK_EVENT_NAMES } from '@bo/contract/webhooks';
import { useEffect, useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';

import { notify } from '../../components/snackbar/notify';
import { isHttpError } from '../../lib/http';
import { translateError } from '../../locales/form-errors';
import {
  useCreateWebhookMutation,
  useUpdateWebhookMutation,
  type CreatedWebhook,
  type Webhook,
} from './webhooks-api';

type Props = {
  open: boolean;
  /** The webhook to edit; none = a new one. */
  webhook: Webhook | null;
  onClose: () => void;
};

/** Adds or edits a webhook; after adding, shows its signing secret once with a copy button. */
export function WebhookDialog({ open, webhook, onClose }: Props) {
  const { t } = useTranslation();
  const formId = useId();
  const [url, setUrl] = useState('');
  const [description, setDescription] = useState('');
  const [events, setEvents] = useState<string[]>([]);
  const [active, setActive] = useState(true);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [created, setCreated] = useState<CreatedWebhook | null>(null);
  const [create, creating] = useCreateWebhookMutation();
  const [update, updating] = useUpdateWebhookMutation();
  const busy = creating.isLoading || updating.isLoading;

  useEffect(() => {
    if (!open) return;
    setUrl(webhook?.url ?? '');
    setDescription(webhook?.description ?? '');
    setEvents(webhook?.events ?? []);
    setActive(webhook?.active ?? true);
    setErrors({});
    setCreated(null);
  }, [open, webhook]);

  const close = () => {
    if (!busy) onClose();
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const local: Record<string, string> = {};
    if (!/^https?:\/\/\S+$/i.test(url.trim())) local.url = t('admin.webhooks.urlInvalid');
    if (!events.length) local.events = t('admin.webhooks.eventsRequired');
    setErrors(local);
    if (Object.keys(local).length) return;
    const body = { url: url.trim(), description: description.trim(), events, active } as never;
    try {
      if (webhook) {
        await update({ id: webhook.id, body }).unwrap();
        notify.success(t('admin.webhooks.saved'));
        onClose();
      } else {
        setCreated(await create(body).unwrap());
      }
    } catch (err) {
      const details = isHttpError(err) ? (err.details ?? []) : [];
      if (details.length) {
        setErrors(
          Object.fromEntries(
            details.map((d) => [
              d.field.split('.')[0]!,
              d.code === 'webhook_url_private'
                ? t('admin.webhooks.urlPrivate')
                : t(`errors.field.${d.code}`, {
                    defaultValue: d.message || translateError(t, err),
                  }),
            ]),
          ),
        );
      } else notify.error(translateError(t, err));
    }
  };

  const copy = () =>
    created &&
    navigator.clipboard
      ?.writeText(created.secret)
      .then(() => notify.success(t('admin.webhooks.copied')))
      .catch(() => notify.error(t('admin.webhooks.copyFailed')));

  const title = created
    ? t('admin.webhooks.createdTitle')
    : webhook
      ? t('admin.webhooks.editTitle')
      : t('admin.webhooks.createTitle');

  return (
    <Dialog open={open} onClose={close} maxWidth="sm" fullWidth aria-labelledby={`${formId}-title`}>
      <DialogTitle id={`${formId}-title`}>{title}</DialogTitle>
      {created ? (
        <>
          <DialogContent>
            <Alert severity="warning" sx={{ mb: 2 }}>
              {t('admin.webhooks.secretShownOnce')}
            </Alert>
            <Stack
              direction={{ xs: 'column', sm: 'row' }}
              spacing={1}
              sx={{ alignItems: 'stretch' }}
            >
              <TextField
                label={t('admin.webhooks.secret')}
                value={created.secret}
                fullWidth
                slotProps={{
                  htmlInput: { readOnly: true, 'data-testid': 'webhook-secret', spellCheck: false },
                }}
                onFocus={(e) => e.target.select()}
              />
              <Button variant="outlined" startIcon={<ContentCopyRounded />} onClick={copy}>
                {t('admin.webhooks.copy')}
              </Button>
            </Stack>
          </DialogContent>
          <DialogActions>
            <Button variant="contained" onClick={onClose}>
              {t('admin.webhooks.done')}
            </Button>
          </DialogActions>
        </>
      ) : (
        <form onSubmit={(e) => void submit(e)} noValidate>
          <DialogContent>
            <Stack spacing={2.5} sx={{ pt: 1 }}>
              <TextField
                label={t('admin.webhooks.url')}
                value={url}
                onChange={(e) => setUrl(e.target.value)}
                error={!!errors.url}
                helperText={errors.url ?? t('admin.webhooks.urlHelp')}
                required
                autoFocus
                type="url"
                slotProps={{ htmlInput: { maxLength: 2000, dir: 'ltr', spellCheck: false } }}
              />
              <TextField
                label={t('admin.webhooks.description')}
                value={description}
                onChange={(e) => setDescription(e.target.value)}
                error={!!errors.description}
                helperText={errors.description}
                slotProps={{ htmlInput: { maxLength: 200 } }}
              />
              <FormControl component="fieldset" error={!!errors.events} required>
                <FormLabel component="legend">{t('admin.webhooks.events')}</FormLabel>
                <FormHelperText sx={{ mx: 0 }}>
                  {errors.events ?? t('admin.webhooks.eventsHelp')}
                </FormHelperText>
                <Box
                  sx={{
                    display: 'grid',
                    gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' },
                    columnGap: 2,
                  }}
                >
                  {WEBHOOK_EVENT_NAMES.map((ev) => (
                    <FormControlLabel
                      key={ev}
                      label={t(`admin.webhooks.eventNames.${ev}`)}
                      control={
                        <Checkbox
                          checked={events.includes(ev)}
                          onChange={(e) =>
                            setEvents((prev) =>
                              e.target.checked ? [...prev, ev] : prev.filter((x) => x !== ev),
                            )
                          }
                        />
                      }
                    />
                  ))}
                </Box>
              </FormControl>
              <FormControlLabel
                control={<Switch checked={active} onChange={(e) => setActive(e.target.checked)} />}
                label={t('admin.webhooks.active')}
              />
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
              {webhook ? t('admin.webhooks.save') : t('admin.webhooks.create')}
            </Button>
          </DialogActions>
        </form>
      )}
    </Dialog>
  );
}
