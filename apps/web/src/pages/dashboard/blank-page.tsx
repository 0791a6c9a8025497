import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';

import { PageHeader } from '../../components/page-header/page-header';
import { paths } from '../../routes/paths';

/** /dashboard/blank — an empty page in the layout; the nested menu demo lands here too. */
export function Component() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const level = params.get('level');
  return (
    <>
      <PageHeader
        title={t('nav.blank')}
        crumbs={[
          { name: t('nav.dashboard'), href: paths.dashboard.root },
          { name: t('nav.blank') },
        ]}
      />
      <Box
        sx={{
          minHeight: 320,
          borderRadius: 2,
          border: (theme) => `1px dashed ${theme.palette.divider}`,
          bgcolor: 'background.neutral',
          display: 'flex',
          alignItems: 'center',
          justifyContent: 'center',
          p: 3,
        }}
      >
        <Typography sx={{ color: 'text.disabled' }}>
          {level ? t('pages.blankLevel', { level }) : t('pages.blankHint')}
        </Typography>
      </Box>
    </>
  );
}
