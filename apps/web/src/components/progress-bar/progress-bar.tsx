import { PROGRESS_BAR_DELAY_MS } from '@bo/contract/constants';
import Box from '@mui/material/Box';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigation } from 'react-router';

type Phase = 'idle' | 'running' | 'done';

/**
 * Thin top bar for page changes longer than 300 ms (spec §1, §9). It follows the data router's
 * navigation state, which also covers fetching a lazy route's chunk, so quick changes never flash it.
 */
export function ProgressBar() {
  const navigation = useNavigation();
  const { t } = useTranslation();
  const busy = navigation.state !== 'idle';
  const [phase, setPhase] = useState<Phase>('idle');
  const [width, setWidth] = useState(0);

  useEffect(() => {
    if (!busy) return undefined;
    const start = window.setTimeout(() => {
      setPhase('running');
      setWidth(10);
      // Next frame: let the bar render at 10% before the long trickle towards 90% starts.
      window.requestAnimationFrame(() => setWidth(90));
    }, PROGRESS_BAR_DELAY_MS);
    return () => window.clearTimeout(start);
  }, [busy]);

  useEffect(() => {
    if (busy || phase !== 'running') return;
    setPhase('done');
    setWidth(100);
  }, [busy, phase]);

  // Its own effect: the 'done' phase change must not cancel the timer that hides the bar.
  useEffect(() => {
    if (phase !== 'done') return undefined;
    const hide = window.setTimeout(() => {
      setPhase('idle');
      setWidth(0);
    }, 400);
    return () => window.clearTimeout(hide);
  }, [phase]);

  if (phase === 'idle') return null;

  return (
    <Box
      role="progressbar"
      aria-label={t('common.loading')}
      data-testid="progress-bar"
      sx={{ position: 'fixed', top: 0, left: 0, right: 0, height: 3, zIndex: 'tooltip' }}
    >
      <Box
        sx={{
          height: 1,
          width: `${width}%`,
          bgcolor: 'primary.main',
          boxShadow: (theme) => `0 0 10px ${theme.palette.primary.main}`,
          opacity: phase === 'done' ? 0 : 1,
          transition:
            phase === 'done'
              ? 'width 200ms ease-out, opacity 300ms ease 150ms'
              : 'width 8s cubic-bezier(0.1, 0.7, 0.2, 1)',
          // In right-to-left the bar grows from the right, like the reading direction.
          marginInlineStart: 0,
        }}
      />
    </Box>
  );
}
