import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import type { ReactNode } from 'react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';

import { ensureSection, isSectionLoaded } from './i18n';

/**
 * Renders a section's screens once its texts (`locales/<lang>/sections/<area>.json`) are loaded
 * in the current language; a thin progress bar meanwhile (one small chunk, usually cached).
 */
export function LocaleArea({ area, children }: { area: string; children: ReactNode }) {
  const { t, i18n } = useTranslation();
  const [ready, setReady] = useState(() => isSectionLoaded(area));
  useEffect(() => {
    let live = true;
    if (!isSectionLoaded(area)) setReady(false);
    ensureSection(area).then(
      () => live && setReady(true),
      () => live && setReady(true),
    );
    return () => {
      live = false;
    };
  }, [area, i18n.language]);
  if (!ready) {
    return (
      <Box sx={{ px: 3, py: 2 }} aria-busy="true">
        <LinearProgress aria-label={t('common.loading')} />
      </Box>
    );
  }
  return children;
}
