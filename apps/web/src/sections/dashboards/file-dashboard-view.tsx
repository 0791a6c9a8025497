import CloudUploadRounded from '@mui/icons-material/CloudUploadRounded';
import Button from '@mui/material/Button';
import { useCallback, useRef } from 'react';
import { useTranslation } from 'react-i18next';

import { useHasAccess } from '../../auth/role-based-guard';
import { useAppDispatch } from '../../store/hooks';
import { fromPicker, UploadPanel, useUploads } from '../files/upload-queue';
import { dashboardsApi, DASHBOARD_TAG } from './dashboards-api';
import { GeneralDashboardView } from './general-dashboard-view';

/**
 * /dashboard/file — one's own storage: uploads over the period, what is stored, folders, recent
 * files; files uploaded from here go to one's root folder through the file manager's queue.
 */
export function FileDashboardView() {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const canUpload = useHasAccess(undefined, ['files:write']);
  const input = useRef<HTMLInputElement>(null);
  const refresh = useCallback(
    () => dispatch(dashboardsApi.util.invalidateTags([{ type: DASHBOARD_TAG, id: 'file' }])),
    [dispatch],
  );
  const uploads = useUploads(refresh);
  return (
    <>
      <GeneralDashboardView
        name="file"
        tableWidth={{ byType: 5, folders: 7, recentFiles: 12 }}
        action={
          canUpload && (
            <Button
              variant="contained"
              startIcon={<CloudUploadRounded />}
              onClick={() => input.current?.click()}
            >
              {t('dashboards.file.upload')}
            </Button>
          )
        }
        cell={(column, value) =>
          column === 'category' && typeof value === 'string'
            ? t(`dashboards.file.types.${value}`, { defaultValue: value })
            : undefined
        }
      />
      <input
        ref={input}
        type="file"
        multiple
        hidden
        data-testid="dashboard-file-input"
        onChange={(e) => {
          if (e.target.files?.length) void uploads.start(fromPicker(e.target.files), null);
          e.target.value = '';
        }}
      />
      <UploadPanel jobs={uploads.jobs} onClear={uploads.clear} />
    </>
  );
}
