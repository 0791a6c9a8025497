import ArrowBackRounded from '@mui/icons-material/ArrowBackRounded';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import Container from '@mui/material/Container';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

import { ConstructionIllustration } from '../illustrations/illustrations';
import { PageHeader } from '../page-header/page-header';
import type { Crumb } from '../page-header/page-header';

type Props = { title: string; crumbs?: Crumb[]; backHref?: string };

/**
 * An honest stand-in for a screen that is not built yet: the real layout, title and breadcrumbs,
 * and a plain statement — never invented data.
 */
export function ComingSoonPlaceholder({ title, crumbs, backHref = '/' }: Props) {
  const { t } = useTranslation();
  return (
    <Container maxWidth="lg" disableGutters>
      <PageHeader title={title} crumbs={crumbs} />
      <Card
        data-testid="screen-placeholder"
        sx={{ p: { xs: 3, md: 6 }, textAlign: 'center', borderStyle: 'dashed' }}
      >
        <ConstructionIllustration sx={{ maxWidth: 260, mb: 3 }} />
        <Typography variant="h5" component="h2" gutterBottom>
          {t('placeholder.title')}
        </Typography>
        <Typography sx={{ color: 'text.secondary', maxWidth: 480, mx: 'auto', mb: 3 }}>
          {t('placeholder.description', { screen: title })}
        </Typography>
        <Button
          component={Link}
          to={backHref}
          variant="outlined"
          color="inherit"
          startIcon={
            <ArrowBackRounded
              sx={{ transform: (theme) => (theme.direction === 'rtl' ? 'scaleX(-1)' : 'none') }}
            />
          }
        >
          {t('placeholder.back')}
        </Button>
      </Card>
    </Container>
  );
}
