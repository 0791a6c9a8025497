import AudiotrackOutlined from '@mui/icons-material/AudiotrackOutlined';
import DescriptionOutlined from '@mui/icons-material/DescriptionOutlined';
import FolderRounded from '@mui/icons-material/FolderRounded';
import FolderZipOutlined from '@mui/icons-material/FolderZipOutlined';
import ImageOutlined from '@mui/icons-material/ImageOutlined';
import InsertDriveFileOutlined from '@mui/icons-material/InsertDriveFileOutlined';
import MovieOutlined from '@mui/icons-material/MovieOutlined';
import PictureAsPdfOutlined from '@mui/icons-material/PictureAsPdfOutlined';
import type { SvgIconProps } from '@mui/material/SvgIcon';
import type { DriveFile } from '@bo/contract/files-records';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';

import { FORMAT_LOCALES, formatBytes } from '../../lib/format';

/** Colour per kind of file, from the theme's palette (the same in light and dark). */
export const CATEGORY_COLOR = {
  folder: 'warning.main',
  image: 'info.main',
  video: 'secondary.main',
  audio: 'success.main',
  document: 'primary.main',
  archive: 'text.secondary',
  other: 'text.secondary',
} as const;

export function FileIcon({
  file,
  ...props
}: { file: Pick<DriveFile, 'category' | 'type'> } & SvgIconProps) {
  const sx = { color: CATEGORY_COLOR[file.category], ...props.sx };
  if (file.category === 'folder') return <FolderRounded {...props} sx={sx} />;
  if (file.type === 'application/pdf')
    return <PictureAsPdfOutlined {...props} sx={{ ...sx, color: 'error.main' }} />;
  if (file.category === 'image') return <ImageOutlined {...props} sx={sx} />;
  if (file.category === 'video') return <MovieOutlined {...props} sx={sx} />;
  if (file.category === 'audio') return <AudiotrackOutlined {...props} sx={sx} />;
  if (file.category === 'archive') return <FolderZipOutlined {...props} sx={sx} />;
  if (file.category === 'document') return <DescriptionOutlined {...props} sx={sx} />;
  return <InsertDriveFileOutlined {...props} sx={sx} />;
}

/** Sizes and dates in the reader's language (units and digits from Intl). */
export function useFileFormat() {
  const { i18n } = useTranslation();
  const lang = i18n.language;
  return useMemo(() => {
    // The app's language codes ('cn') are not all Intl tags ('zh-CN').
    const tag = FORMAT_LOCALES[lang] ?? 'en-US';
    const date = new Intl.DateTimeFormat(tag, { dateStyle: 'medium', timeStyle: 'short' });
    const day = new Intl.DateTimeFormat(tag, { dateStyle: 'medium' });
    return {
      bytes: (n: number) => formatBytes(n, lang),
      date: (iso: string) => date.format(new Date(iso)),
      day: (iso: string) => day.format(new Date(iso)),
      percent: (part: number) =>
        new Intl.NumberFormat(tag, { style: 'percent', maximumFractionDigits: 1 }).format(part),
    };
  }, [lang]);
}

/** What the viewer can show in the page. */
export function previewKind(file: DriveFile): 'image' | 'video' | 'audio' | 'pdf' | 'text' | null {
  if (file.isFolder) return null;
  if (
    ['image/png', 'image/jpeg', 'image/gif', 'image/webp', 'image/bmp', 'image/avif'].includes(
      file.type,
    )
  )
    return 'image';
  if (file.category === 'video') return 'video';
  if (file.category === 'audio') return 'audio';
  if (file.type === 'application/pdf') return 'pdf';
  if (file.type.startsWith('text/') && file.type !== 'text/html') return 'text';
  if (file.type === 'application/json') return 'text';
  return null;
}
