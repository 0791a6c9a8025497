import ExpandMoreRounded from '@mui/icons-material/ExpandMoreRounded';
import SearchRounded from '@mui/icons-material/SearchRounded';
import Accordion from '@mui/material/Accordion';
import AccordionDetails from '@mui/material/AccordionDetails';
import AccordionSummary from '@mui/material/AccordionSummary';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Container from '@mui/material/Container';
import InputAdornment from '@mui/material/InputAdornment';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

import { EmptyContent } from '../../components/empty-content/empty-content';
import { usePageTitle } from '../../components/page-header/use-page-title';
import { paths } from '../../routes/paths';

const CATEGORIES = ['account', 'settings', 'data'] as const;
type Category = (typeof CATEGORIES)[number];

const QUESTIONS: { id: string; category: Category }[] = [
  { id: 'q1', category: 'account' },
  { id: 'q2', category: 'account' },
  { id: 'q3', category: 'settings' },
  { id: 'q4', category: 'settings' },
  { id: 'q5', category: 'data' },
  { id: 'q6', category: 'data' },
];

export function FaqsView() {
  const { t } = useTranslation();
  usePageTitle(t('public.faqs.title'));
  const [query, setQuery] = useState('');
  const [category, setCategory] = useState<Category | 'all'>('all');

  const visible = useMemo(() => {
    const q = query.trim().toLowerCase();
    return QUESTIONS.filter((item) => {
      if (category !== 'all' && item.category !== category) return false;
      if (!q) return true;
      const text = `${t(`public.faqs.items.${item.id}.q`)} ${t(`public.faqs.items.${item.id}.a`)}`;
      return text.toLowerCase().includes(q);
    });
  }, [query, category, t]);

  return (
    <Container sx={{ py: { xs: 8, md: 10 } }} maxWidth="md">
      <Typography variant="h3" component="h1" align="center" sx={{ mb: 2 }}>
        {t('public.faqs.title')}
      </Typography>
      <Typography align="center" sx={{ color: 'text.secondary', mb: 4 }}>
        {t('public.faqs.subtitle')}
      </Typography>
      <TextField
        fullWidth
        value={query}
        onChange={(e) => setQuery(e.target.value)}
        placeholder={t('public.faqs.search')}
        slotProps={{
          htmlInput: { 'aria-label': t('public.faqs.search') },
          input: {
            startAdornment: (
              <InputAdornment position="start">
                <SearchRounded />
              </InputAdornment>
            ),
          },
        }}
        sx={{ mb: 3 }}
      />
      <Box
        sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, mb: 4 }}
        role="group"
        aria-label={t('public.faqs.categories')}
      >
        {(['all', ...CATEGORIES] as const).map((c) => (
          <Chip
            key={c}
            label={t(`public.faqs.category.${c}`)}
            color={category === c ? 'primary' : 'default'}
            variant={category === c ? 'filled' : 'outlined'}
            onClick={() => setCategory(c)}
            aria-pressed={category === c}
          />
        ))}
      </Box>
      {visible.length === 0 ? (
        <EmptyContent title={t('public.faqs.noResults')} />
      ) : (
        visible.map((item) => (
          <Accordion key={item.id} disableGutters>
            <AccordionSummary
              expandIcon={<ExpandMoreRounded />}
              id={`faq-${item.id}-header`}
              aria-controls={`faq-${item.id}-content`}
            >
              <Typography variant="subtitle1">{t(`public.faqs.items.${item.id}.q`)}</Typography>
            </AccordionSummary>
            <AccordionDetails id={`faq-${item.id}-content`}>
              <Typography sx={{ color: 'text.secondary' }}>
                {t(`public.faqs.items.${item.id}.a`)}
              </Typography>
            </AccordionDetails>
          </Accordion>
        ))
      )}
      <Box sx={{ textAlign: 'center', mt: 8 }}>
        <Typography variant="h5" component="h2" sx={{ mb: 2 }}>
          {t('public.faqs.stillQuestions')}
        </Typography>
        <Button
          component={Link}
          to={paths.contact}
          variant="contained"
          color="inherit"
          size="large"
        >
          {t('public.faqs.askUs')}
        </Button>
      </Box>
    </Container>
  );
}
