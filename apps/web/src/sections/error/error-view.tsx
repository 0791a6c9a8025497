import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { Link } from 'react-router';

import { usePageTitle } from '../../components/page-header/use-page-title';

type Props = {
  title: string;
  description: string;
  illustration: ReactNode;
  actionLabel: string;
  actionHref: string;
  testId: string;
};

export function ErrorView({
  title,
  description,
  illustration,
  actionLabel,
  actionHref,
  testId,
}: Props) {
  usePageTitle(title);
  return (
    <div data-testid={testId}>
      <Typography variant="h3" component="h1" sx={{ mb: 2 }}>
        {title}
      </Typography>
      <Typography sx={{ color: 'text.secondary', mb: 2 }}>{description}</Typography>
      {illustration}
      <Button
        component={Link}
        to={actionHref}
        size="large"
        variant="contained"
        color="inherit"
        sx={{ mt: 5 }}
      >
        {actionLabel}
      </Button>
    </div>
  );
}
