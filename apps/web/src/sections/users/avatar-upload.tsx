import AddAPhotoRounded from '@mui/icons-material/AddAPhotoRounded';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';
import { alpha } from '@mui/material/styles';
import { IMAGE_MIME_TYPES } from '@bo/contract/files-paths';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';

import { notify } from '../../components/snackbar/notify';
import { useFormat } from '../../lib/format';
import { visuallyHidden } from '../../lib/visually-hidden';
import { translateError } from '../../locales/form-errors';
import { uploadImage } from './users-api';

/** The client's limit mirrors the server's (which checks again): 3 MB. */
const MAX_BYTES = 3 * 1024 * 1024;

type Props = {
  value: string | null | undefined;
  name: string;
  onChange: (url: string | null) => void;
  error?: string;
};

/** Round avatar picker: the file is stored by our server first, the form keeps its URL. */
export function AvatarUpload({ value, name, onChange, error }: Props) {
  const { t } = useTranslation();
  const format = useFormat();
  const id = useId();
  const [busy, setBusy] = useState(false);
  const [localError, setLocalError] = useState<string | null>(null);

  const onFile = async (file: File | undefined) => {
    if (!file) return;
    setLocalError(null);
    if (!(IMAGE_MIME_TYPES as readonly string[]).includes(file.type)) {
      setLocalError(t('users.avatar.badType'));
      return;
    }
    if (file.size > MAX_BYTES) {
      setLocalError(t('users.avatar.tooBig', { size: format.bytes(MAX_BYTES) }));
      return;
    }
    setBusy(true);
    try {
      onChange(await uploadImage(file));
    } catch (err) {
      notify.error(translateError(t, err));
    } finally {
      setBusy(false);
    }
  };

  const shownError = localError ?? error;
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', alignItems: 'center', gap: 1.5 }}>
      <Box
        component="label"
        htmlFor={id}
        sx={{
          p: 1,
          width: 144,
          height: 144,
          cursor: 'pointer',
          borderRadius: '50%',
          border: (theme) =>
            `1px dashed ${shownError ? theme.palette.error.main : alpha(theme.palette.grey[500], 0.32)}`,
          position: 'relative',
          '&:has(input:focus-visible)': {
            outline: (theme) => `2px solid ${theme.palette.primary.main}`,
          },
          // The "upload" veil shows on pointing or focus (and while sending), so the photo or the
          // initial stays readable; the camera badge always says the circle takes a picture.
          '&:hover .avatar-veil, &:focus-within .avatar-veil': { opacity: 1 },
        }}
      >
        <Box
          component="input"
          id={id}
          type="file"
          accept={IMAGE_MIME_TYPES.join(',')}
          sx={visuallyHidden}
          data-testid="avatar-input"
          onChange={(e) => {
            void onFile(e.target.files?.[0]);
            e.target.value = '';
          }}
          aria-label={t('users.avatar.upload')}
        />
        <Avatar src={value ?? undefined} alt={name} sx={{ width: 1, height: 1, fontSize: 40 }}>
          {name.slice(0, 1).toUpperCase()}
        </Avatar>
        <Box
          className="avatar-veil"
          sx={{
            position: 'absolute',
            inset: 8,
            borderRadius: '50%',
            display: 'flex',
            flexDirection: 'column',
            alignItems: 'center',
            justifyContent: 'center',
            gap: 0.5,
            color: 'common.white',
            bgcolor: (theme) => alpha(theme.palette.grey[900], 0.48),
            opacity: busy ? 1 : 0,
            transition: 'opacity 0.2s',
          }}
        >
          {busy ? <CircularProgress size={28} color="inherit" /> : <AddAPhotoRounded />}
          <Typography variant="caption">
            {value ? t('users.avatar.change') : t('users.avatar.upload')}
          </Typography>
        </Box>
        <Box
          aria-hidden
          sx={{
            position: 'absolute',
            insetInlineEnd: 8,
            bottom: 8,
            width: 36,
            height: 36,
            borderRadius: '50%',
            display: 'flex',
            alignItems: 'center',
            justifyContent: 'center',
            color: 'primary.contrastText',
            bgcolor: 'primary.main',
            border: (theme) => `2px solid ${theme.palette.background.paper}`,
          }}
        >
          <AddAPhotoRounded sx={{ fontSize: 18 }} />
        </Box>
      </Box>
      <Typography
        variant="caption"
        sx={{ color: shownError ? 'error.main' : 'text.disabled', textAlign: 'center' }}
      >
        {shownError ?? t('users.avatar.hint', { size: format.bytes(MAX_BYTES) })}
      </Typography>
    </Box>
  );
}
