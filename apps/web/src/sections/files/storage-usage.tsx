import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import LinearProgress from '@mui/material/LinearProgress';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';

import { FileIcon, useFileFormat } from './file-format';
import { useFileUsageQuery } from './files-api';

/** Storage used against the quota, and by type (from the server's maintained aggregate). */
export function StorageUsage() {
  const { t } = useTranslation();
  const f = useFileFormat();
  const { data } = useFileUsageQuery();
  const usage = data?.usage;
  const share = usage && usage.quota ? usage.used / usage.quota : 0;
  return (
    <Card sx={{ p: 2.5 }} component="section" aria-labelledby="storage-title">
      <Typography id="storage-title" variant="subtitle2" sx={{ mb: 1.5 }}>
        {t('files.usage.title')}
      </Typography>
      {!usage ? (
        <Skeleton variant="rounded" height={120} />
      ) : (
        <>
          <LinearProgress
            variant="determinate"
            value={Math.min(100, share * 100)}
            color={share > 0.9 ? 'error' : share > 0.75 ? 'warning' : 'primary'}
            aria-label={t('files.usage.title')}
            aria-valuetext={t('files.usage.of', {
              used: f.bytes(usage.used),
              quota: f.bytes(usage.quota),
            })}
            sx={{ height: 8, borderRadius: 1 }}
          />
          <Typography
            variant="body2"
            sx={{ mt: 1, color: 'text.secondary' }}
            data-testid="storage-used"
          >
            {t('files.usage.of', { used: f.bytes(usage.used), quota: f.bytes(usage.quota) })}
          </Typography>
          <Stack spacing={1.25} sx={{ mt: 2 }}>
            {usage.byType.map((row) => (
              <Stack key={row.type} direction="row" alignItems="center" spacing={1.5}>
                <FileIcon file={{ category: row.type, type: '' }} fontSize="small" />
                <Box sx={{ flex: 1, minWidth: 0 }}>
                  <Typography variant="body2">{t(`files.types.${row.type}`)}</Typography>
                  <Typography variant="caption" sx={{ color: 'text.secondary' }}>
                    {t('files.usage.count', { count: row.count })}
                  </Typography>
                </Box>
                <Typography variant="body2" sx={{ fontWeight: 600, whiteSpace: 'nowrap' }}>
                  {f.bytes(row.bytes)}
                </Typography>
              </Stack>
            ))}
          </Stack>
        </>
      )}
    </Card>
  );
}
