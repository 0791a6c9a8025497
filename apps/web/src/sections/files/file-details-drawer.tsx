import CloseRounded from '@mui/icons-material/CloseRounded';
import DownloadRounded from '@mui/icons-material/DownloadRounded';
import ShareOutlined from '@mui/icons-material/ShareOutlined';
import StarBorderRounded from '@mui/icons-material/StarBorderRounded';
import StarRounded from '@mui/icons-material/StarRounded';
import Autocomplete from '@mui/material/Autocomplete';
import Avatar from '@mui/material/Avatar';
import AvatarGroup from '@mui/material/AvatarGroup';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Divider from '@mui/material/Divider';
import Drawer from '@mui/material/Drawer';
import IconButton from '@mui/material/IconButton';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import type { DriveFile } from '@bo/contract/files-records';
import { FILE_TAGS_MAX, FILE_TAG_MAX } from '@bo/contract/files-records';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

import { notify } from '../../components/snackbar/notify';
import { translateError } from '../../locales/form-errors';
import type { HttpError } from '../../lib/http';
import { FileIcon, useFileFormat } from './file-format';
import { fetchBytes, useFileQuery, useUpdateFileMutation } from './files-api';
import { saveBlob } from '../../lib/save-blob';

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Stack direction="row" spacing={2} sx={{ typography: 'body2', py: 0.75 }}>
      <Box component="dt" sx={{ width: 110, flexShrink: 0, color: 'text.secondary' }}>
        {label}
      </Box>
      <Box component="dd" sx={{ m: 0, minWidth: 0, wordBreak: 'break-word' }}>
        {children}
      </Box>
    </Stack>
  );
}

/** Properties, tags, who it is shared with, and earlier versions. */
export function FileDetailsDrawer({
  file,
  onShare,
  onClose,
}: {
  file: DriveFile;
  onShare: () => void;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const f = useFileFormat();
  const { data } = useFileQuery(file.id);
  const details = data?.file;
  const [update] = useUpdateFileMutation();
  const canEdit = file.access !== 'view' && !file.trashedAt;
  const current = details ?? file;

  const setTags = async (tags: string[]) => {
    const clean = [...new Set(tags.map((tag) => tag.trim()).filter(Boolean))];
    if (clean.some((tag) => tag.length > FILE_TAG_MAX)) {
      notify.error(t('files.errors.tagLong', { n: FILE_TAG_MAX }));
      return;
    }
    try {
      await update({ id: file.id, body: { tags: clean.slice(0, FILE_TAGS_MAX) } }).unwrap();
    } catch (e) {
      notify.error(translateError(t, e as HttpError));
    }
  };

  return (
    <Drawer
      open
      anchor="right"
      onClose={onClose}
      slotProps={{
        paper: {
          sx: { width: { xs: 1, sm: 380 } },
          'aria-labelledby': 'file-details-title',
        } as object,
      }}
    >
      <Stack direction="row" alignItems="center" sx={{ px: 2.5, py: 2 }}>
        <Typography id="file-details-title" variant="h6" sx={{ flex: 1 }}>
          {t('files.details.title')}
        </Typography>
        <Tooltip
          title={current.isFavorite ? t('files.actions.unfavorite') : t('files.actions.favorite')}
        >
          <IconButton
            aria-label={
              current.isFavorite ? t('files.actions.unfavorite') : t('files.actions.favorite')
            }
            aria-pressed={current.isFavorite}
            onClick={() => void update({ id: file.id, body: { isFavorite: !current.isFavorite } })}
            disabled={Boolean(file.trashedAt)}
          >
            {current.isFavorite ? (
              <StarRounded sx={{ color: 'warning.main' }} />
            ) : (
              <StarBorderRounded />
            )}
          </IconButton>
        </Tooltip>
        <Tooltip title={t('common.close')}>
          <IconButton aria-label={t('common.close')} onClick={onClose}>
            <CloseRounded />
          </IconButton>
        </Tooltip>
      </Stack>
      <Divider />
      <Box sx={{ p: 2.5, overflowY: 'auto' }}>
        <Stack alignItems="center" spacing={1} sx={{ mb: 2 }}>
          {file.category === 'image' && file.url ? (
            <Box
              component="img"
              src={file.url}
              alt=""
              sx={{ maxWidth: 1, maxHeight: 180, borderRadius: 1, objectFit: 'contain' }}
            />
          ) : (
            <FileIcon file={file} sx={{ fontSize: 72 }} />
          )}
          <Typography
            variant="subtitle1"
            sx={{ textAlign: 'center', wordBreak: 'break-word' }}
            dir="auto"
          >
            {current.name}
          </Typography>
        </Stack>

        <Typography variant="subtitle2" sx={{ mb: 1 }}>
          {t('files.details.tags')}
        </Typography>
        <Autocomplete
          multiple
          freeSolo
          options={[]}
          value={current.tags}
          disabled={!canEdit}
          onChange={(_, value) => void setTags(value as string[])}
          renderValue={(value, getItemProps) =>
            value.map((tag, index) => {
              const { key, ...props } = getItemProps({ index });
              return <Chip key={key} size="small" label={tag} {...props} />;
            })
          }
          renderInput={(params) => (
            <TextField
              {...params}
              size="small"
              placeholder={canEdit ? t('files.details.addTag') : undefined}
              slotProps={{
                htmlInput: {
                  ...params.inputProps,
                  'aria-label': t('files.details.tags'),
                  maxLength: FILE_TAG_MAX,
                },
              }}
            />
          )}
        />

        <Typography variant="subtitle2" sx={{ mt: 3, mb: 1 }}>
          {t('files.details.properties')}
        </Typography>
        <Box component="dl" sx={{ m: 0 }}>
          <Row label={t('files.fields.type')}>
            {file.isFolder ? t('files.types.folder') : file.type}
          </Row>
          <Row label={t('files.fields.size')}>{f.bytes(current.size)}</Row>
          <Row label={t('files.fields.location')}>
            {details ? (
              <bdi>{[t('files.views.mine'), ...details.path.map((p) => p.name)].join(' / ')}</bdi>
            ) : (
              <Skeleton width={120} />
            )}
          </Row>
          <Row label={t('files.fields.owner')}>
            <bdi>{current.owner?.name ?? '—'}</bdi>
          </Row>
          <Row label={t('files.fields.created')}>{f.date(current.createdAt)}</Row>
          <Row label={t('files.fields.modified')}>{f.date(current.updatedAt)}</Row>
          {!file.isFolder && (
            <>
              <Row label={t('files.fields.version')}>{current.version}</Row>
              <Row label={t('files.fields.checksum')}>
                <Box component="code" dir="ltr" sx={{ fontSize: 11 }}>
                  SHA-256 {current.checksum.slice(0, 16)}…
                </Box>
              </Row>
            </>
          )}
        </Box>

        <Stack direction="row" alignItems="center" sx={{ mt: 3, mb: 1 }}>
          <Typography variant="subtitle2" sx={{ flex: 1 }}>
            {t('files.details.sharing')}
          </Typography>
          {file.access !== 'view' && !file.trashedAt && (
            <Button size="small" startIcon={<ShareOutlined />} onClick={onShare}>
              {t('files.actions.share')}
            </Button>
          )}
        </Stack>
        {details && details.shares.length === 0 && details.links.length === 0 ? (
          <Typography variant="body2" sx={{ color: 'text.secondary' }}>
            {t('files.details.private')}
          </Typography>
        ) : (
          <Stack direction="row" alignItems="center" spacing={1}>
            <AvatarGroup max={5} sx={{ justifyContent: 'flex-end' }}>
              {(details?.shares ?? []).map((s) => (
                <Avatar key={s.user.id} alt={s.user.name} src={s.user.avatarUrl ?? undefined} />
              ))}
            </AvatarGroup>
            {details && details.links.length > 0 && (
              <Typography variant="body2" sx={{ color: 'text.secondary' }}>
                {t('files.details.links', { count: details.links.length })}
              </Typography>
            )}
          </Stack>
        )}

        {details && details.versions.length > 0 && (
          <>
            <Typography variant="subtitle2" sx={{ mt: 3, mb: 1 }}>
              {t('files.details.versions')}
            </Typography>
            <Box component="dl" sx={{ m: 0 }}>
              {details.versions.map((v) => (
                <Row key={v.version} label={t('files.details.version', { n: v.version })}>
                  <Stack direction="row" alignItems="center" spacing={1}>
                    <Box sx={{ flex: 1 }}>
                      {f.bytes(v.size)} · {f.date(v.createdAt)}
                    </Box>
                    <Tooltip title={t('files.details.downloadVersion', { n: v.version })}>
                      <IconButton
                        size="small"
                        aria-label={t('files.details.downloadVersion', { n: v.version })}
                        onClick={() =>
                          void fetchBytes(`${file.url}?version=${v.version}&download`)
                            .then((blob) => saveBlob(blob, `v${v.version}-${file.name}`))
                            .catch((e) => notify.error(translateError(t, e as HttpError)))
                        }
                      >
                        <DownloadRounded fontSize="small" />
                      </IconButton>
                    </Tooltip>
                  </Stack>
                </Row>
              ))}
            </Box>
          </>
        )}
      </Box>
    </Drawer>
  );
}
