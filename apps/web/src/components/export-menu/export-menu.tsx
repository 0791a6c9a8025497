import type { ExportRecord } from '@bo/contract/exports';
import { EXPORT_FORMATS, type ExportFormat } from '@bo/contract/exports';
import FileDownloadOutlined from '@mui/icons-material/FileDownloadOutlined';
import IconButton from '@mui/material/IconButton';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Tooltip from '@mui/material/Tooltip';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

import { fetchFileOrAccepted } from '../../lib/fetch-file';
import { saveBlob } from '../../lib/save-blob';
import { translateError } from '../../locales/form-errors';
import { notify } from '../snackbar/notify';

type Props = {
  /** The list's export path (`ORDERS_API.export`), answering the file or 202 with a job's export. */
  path: string;
  /** The list's filters and sort as the list sends them. */
  filters: Record<string, string>;
  /** The downloaded file's name before its day and extension (`orders`). */
  fileBase: string;
  /** The button's name (`Export`). */
  label: string;
  testId?: string;
};

/**
 * A list's export button: a menu of formats; the file downloads at once, or, when the server
 * prepares it as a job (202: the list is too large), a message says it is on its way and the
 * person is notified when it is in My exports.
 */
export function ExportMenu({ path, filters, fileBase, label, testId }: Props) {
  const { t } = useTranslation();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);

  const run = async (format: ExportFormat) => {
    setAnchor(null);
    try {
      const answer = await fetchFileOrAccepted<{ export: ExportRecord }>(path, {
        query: { format, ...filters },
      });
      if ('accepted' in answer) notify.info(t('exports.queued'));
      else saveBlob(answer.file, `${fileBase}-${new Date().toISOString().slice(0, 10)}.${format}`);
    } catch (e) {
      notify.error(translateError(t, e));
    }
  };

  return (
    <>
      <Tooltip title={label}>
        <IconButton
          aria-label={label}
          aria-haspopup="menu"
          aria-expanded={anchor ? 'true' : undefined}
          data-testid={testId}
          onClick={(e) => setAnchor(e.currentTarget)}
          sx={{ alignSelf: 'center' }}
        >
          <FileDownloadOutlined />
        </IconButton>
      </Tooltip>
      <Menu anchorEl={anchor} open={!!anchor} onClose={() => setAnchor(null)}>
        {EXPORT_FORMATS.map((format) => (
          <MenuItem key={format} onClick={() => void run(format)}>
            {t(`exports.as.${format}`)}
          </MenuItem>
        ))}
      </Menu>
    </>
  );
}
