import '@fontsource/public-sans/400.css';
import '@fontsource/public-sans/500.css';
import '@fontsource/public-sans/600.css';
import '@fontsource/public-sans/700.css';
import '@fontsource/public-sans/800.css';

import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';

import { App } from './app/app';
import { loadRtl } from './theme/rtl-cache';
import { readSettingsCookies } from './components/settings/settings-storage';
import { readCookies } from './lib/cookies';
import { initI18n } from './locales/i18n';
import { directionOf, toLanguage } from './locales/locales-config';

async function start() {
  const i18next = await initI18n();
  // Settings are read before the first render (no theme flash). Someone who never chose a
  // direction gets the one of their language, so an Arabic first visit starts right-to-left.
  const initialSettings = readSettingsCookies();
  if (readCookies().themeDirection === undefined) {
    initialSettings.themeDirection = directionOf(toLanguage(i18next.language));
  }
  if (initialSettings.themeDirection === 'rtl') await loadRtl();

  const container = document.getElementById('root');
  if (!container) throw new Error('#root is missing from index.html');
  createRoot(container).render(
    <StrictMode>
      <App initialSettings={initialSettings} />
    </StrictMode>,
  );
}

void start();
