import Box from '@mui/material/Box';
import Breadcrumbs from '@mui/material/Breadcrumbs';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import type { SxProps, Theme } from '@mui/material/styles';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';

import { usePageTitle } from './use-page-title';

export type Crumb = { name: string; href?: string };

type Props = {
  title: string;
  crumbs?: Crumb[];
  action?: ReactNode;
  sx?: SxProps<Theme>;
};

/** Title, breadcrumbs and an optional action: the head of every dashboard screen. */
export function PageHeader({ title, crumbs = [], action, sx }: Props) {
  const { t } = useTranslation();
  usePageTitle(title);
  return (
    <Box
      sx={{
        mb: { xs: 3, md: 5 },
        display: 'flex',
        alignItems: { xs: 'flex-start', sm: 'center' },
        flexDirection: { xs: 'column', sm: 'row' },
        gap: 2,
        ...sx,
      }}
    >
      <Box sx={{ flexGrow: 1, minWidth: 0 }}>
        <Typography variant="h4" component="h1" gutterBottom>
          {title}
        </Typography>
        {crumbs.length > 0 && (
          <Breadcrumbs
            aria-label={t('common.breadcrumbs')}
            separator={
              <Box
                component="span"
                sx={{ width: 4, height: 4, borderRadius: '50%', bgcolor: 'text.disabled' }}
              />
            }
          >
            {crumbs.map((crumb, index) =>
              crumb.href && index < crumbs.length - 1 ? (
                <Link
                  key={`${crumb.name}-${index}`}
                  component={RouterLink}
                  to={crumb.href}
                  variant="body2"
                  color="text.primary"
                >
                  {crumb.name}
                </Link>
              ) : (
                <Typography
                  key={`${crumb.name}-${index}`}
                  variant="body2"
                  sx={{ color: 'text.secondary' }}
                  aria-current={index === crumbs.length - 1 ? 'page' : undefined}
                >
                  {crumb.name}
                </Typography>
              ),
            )}
          </Breadcrumbs>
        )}
      </Box>
      {action && <Box sx={{ flexShrink: 0 }}>{action}</Box>}
    </Box>
  );
}
