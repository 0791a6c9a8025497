import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';

/** Asks what an inserted picture shows: its alt text, which a file name never is. */
export function ImageAltDialog({
  url,
  onCancel,
  onInsert,
}: {
  url: string;
  onCancel: () => void;
  onInsert: (alt: string) => void;
}) {
  const { t } = useTranslation();
  const titleId = useId();
  // Mounted for one picture at a time: it starts empty each time.
  const [alt, setAlt] = useState('');
  const [missing, setMissing] = useState(false);
  const insert = () => {
    if (!alt.trim()) {
      setMissing(true);
      return;
    }
    onInsert(alt.trim());
  };
  return (
    <Dialog
      open
      // The editor takes the focus back itself (at the picture, or where it was).
      disableRestoreFocus
      onClose={onCancel}
      aria-labelledby={titleId}
      fullWidth
      maxWidth="xs"
    >
      <Box
        component="form"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          // The dialog is portalled out of the page's form, but React still bubbles the submit
          // to it (a blog post would be saved).
          event.stopPropagation();
          insert();
        }}
      >
        <DialogTitle id={titleId}>{t('common.imageAlt.title')}</DialogTitle>
        <DialogContent>
          <Box
            component="img"
            src={url}
            alt=""
            sx={{ display: 'block', maxWidth: 1, maxHeight: 160, mb: 2, borderRadius: 1 }}
          />
          <TextField
            autoFocus
            fullWidth
            required
            label={t('common.imageAlt.label')}
            value={alt}
            onChange={(event) => {
              setAlt(event.target.value);
              setMissing(false);
            }}
            error={missing}
            helperText={missing ? t('common.imageAlt.required') : t('common.imageAlt.hint')}
            slotProps={{ htmlInput: { maxLength: 300 } }}
          />
        </DialogContent>
        <DialogActions>
          <Button onClick={onCancel}>{t('common.cancel')}</Button>
          <Button type="submit" variant="contained">
            {t('common.imageAlt.insert')}
          </Button>
        </DialogActions>
      </Box>
    </Dialog>
  );
}
