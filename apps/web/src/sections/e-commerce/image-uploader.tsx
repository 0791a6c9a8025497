import ChevronLeftRounded from '@mui/icons-material/ChevronLeftRounded';
import ChevronRightRounded from '@mui/icons-material/ChevronRightRounded';
import CloseRounded from '@mui/icons-material/CloseRounded';
import CloudUploadRounded from '@mui/icons-material/CloudUploadRounded';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { IMAGE_MIME_TYPES } from '@bo/contract/files-paths';
import { useRef, useState } from 'react';
import type { DragEvent } from 'react';
import { useTranslation } from 'react-i18next';

import { notify } from '../../components/snackbar/notify';
import { translateError } from '../../locales/form-errors';
import { uploadImage } from './ecommerce-api';
import { textShade } from '../../theme/components';

type Props = { value: string[]; onChange: (urls: string[]) => void; max?: number; error?: string };

/**
 * Images go to the server's upload call one by one; the product keeps their URLs in order (the
 * first is the cover). Order changes by dragging a thumbnail, or with its arrow buttons from the
 * keyboard.
 */
export function ImageUploader({ value, onChange, max = 12, error }: Props) {
  const { t } = useTranslation();
  const input = useRef<HTMLInputElement>(null);
  const [over, setOver] = useState(false);
  const [uploading, setUploading] = useState(0);
  const [dragIndex, setDragIndex] = useState<number | null>(null);

  const upload = async (files: File[]) => {
    const images = files
      .filter((f) => (IMAGE_MIME_TYPES as readonly string[]).includes(f.type))
      .slice(0, Math.max(0, max - value.length));
    if (images.length < files.length) notify.warning(t('ecommerce.form.imagesSkipped'));
    if (!images.length) return;
    setUploading((n) => n + images.length);
    const urls: string[] = [];
    for (const file of images) {
      try {
        urls.push(await uploadImage(file));
      } catch (err) {
        notify.error(`${file.name}: ${translateError(t, err)}`);
      } finally {
        setUploading((n) => n - 1);
      }
    }
    onChange([...value, ...urls]);
  };

  const move = (from: number, to: number) => {
    if (to < 0 || to >= value.length || from === to) return;
    const next = [...value];
    const [item] = next.splice(from, 1);
    next.splice(to, 0, item!);
    onChange(next);
  };

  const onDrop = (event: DragEvent) => {
    event.preventDefault();
    setOver(false);
    if (event.dataTransfer.files.length) void upload(Array.from(event.dataTransfer.files));
  };

  return (
    <Stack spacing={2}>
      <Box
        role="button"
        tabIndex={0}
        // Named by what it shows (the title and the hint below it), so the name holds the
        // visible text (WCAG 2.5.3).
        onClick={() => input.current?.click()}
        onKeyDown={(e) => {
          if (e.key === 'Enter' || e.key === ' ') {
            e.preventDefault();
            input.current?.click();
          }
        }}
        onDragOver={(e) => {
          if (e.dataTransfer.types.includes('Files')) {
            e.preventDefault();
            setOver(true);
          }
        }}
        onDragLeave={() => setOver(false)}
        onDrop={onDrop}
        sx={{
          p: 4,
          borderRadius: 1.5,
          cursor: 'pointer',
          textAlign: 'center',
          border: '1px dashed',
          borderColor: error ? 'error.main' : over ? 'primary.main' : 'divider',
          bgcolor: over ? 'action.hover' : 'background.neutral',
          '&:focus-visible': { outline: '2px solid', outlineColor: 'primary.main' },
        }}
      >
        {uploading > 0 ? (
          <CircularProgress size={32} />
        ) : (
          <CloudUploadRounded sx={{ fontSize: 40, color: 'text.disabled' }} />
        )}
        <Typography variant="subtitle1">{t('ecommerce.form.dropImages')}</Typography>
        <Typography variant="caption" sx={{ color: 'text.secondary' }}>
          {t('ecommerce.form.imagesHint', { max })}
        </Typography>
        <input
          ref={input}
          type="file"
          hidden
          multiple
          accept={IMAGE_MIME_TYPES.join(',')}
          data-testid="image-input"
          onChange={(e) => {
            if (e.target.files) void upload(Array.from(e.target.files));
            e.target.value = '';
          }}
        />
      </Box>
      {error && (
        <Typography variant="caption" sx={{ color: (theme) => textShade(theme, 'error') }}>
          {error}
        </Typography>
      )}
      {value.length > 0 && (
        <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1.5 }}>
          {value.map((url, index) => (
            <Box
              key={url + index}
              draggable
              onDragStart={() => setDragIndex(index)}
              onDragOver={(e) => {
                if (dragIndex !== null) e.preventDefault();
              }}
              onDrop={(e) => {
                if (dragIndex === null) return;
                e.preventDefault();
                e.stopPropagation();
                move(dragIndex, index);
                setDragIndex(null);
              }}
              sx={{
                position: 'relative',
                width: 96,
                height: 96,
                borderRadius: 1.25,
                overflow: 'hidden',
                border: 2,
                borderColor: index === 0 ? 'primary.main' : 'divider',
                cursor: 'grab',
              }}
            >
              <Box
                component="img"
                src={url}
                alt={t('ecommerce.product.image', { n: index + 1 })}
                sx={{ width: 1, height: 1, objectFit: 'cover' }}
              />
              <IconButton
                size="small"
                onClick={() => onChange(value.filter((_, i) => i !== index))}
                aria-label={t('ecommerce.form.removeImage', { n: index + 1 })}
                sx={{
                  position: 'absolute',
                  top: 2,
                  insetInlineEnd: 2,
                  p: 0.25,
                  bgcolor: 'rgba(22,28,36,0.48)',
                  color: 'common.white',
                  '&:hover': { bgcolor: 'rgba(22,28,36,0.72)' },
                }}
              >
                <CloseRounded fontSize="small" />
              </IconButton>
              <Stack
                direction="row"
                sx={{
                  position: 'absolute',
                  bottom: 2,
                  insetInlineStart: 2,
                  insetInlineEnd: 2,
                  justifyContent: 'space-between',
                }}
              >
                <IconButton
                  size="small"
                  disabled={index === 0}
                  onClick={() => move(index, index - 1)}
                  aria-label={t('ecommerce.form.moveEarlier', { n: index + 1 })}
                  sx={{ p: 0.25, bgcolor: 'rgba(22,28,36,0.48)', color: 'common.white' }}
                >
                  <ChevronLeftRounded fontSize="small" />
                </IconButton>
                <IconButton
                  size="small"
                  disabled={index === value.length - 1}
                  onClick={() => move(index, index + 1)}
                  aria-label={t('ecommerce.form.moveLater', { n: index + 1 })}
                  sx={{ p: 0.25, bgcolor: 'rgba(22,28,36,0.48)', color: 'common.white' }}
                >
                  <ChevronRightRounded fontSize="small" />
                </IconButton>
              </Stack>
            </Box>
          ))}
        </Box>
      )}
    </Stack>
  );
}
