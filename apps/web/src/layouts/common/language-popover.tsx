import IconButton from '@mui/material/IconButton';
import { Suspense, lazy, useState } from 'react';
import { useTranslation } from 'react-i18next';

import { FlagIcon } from '../../components/flag-icon/flag-icon';
import { Hint } from '../../components/hint/hint';
import { useLocales } from '../../locales/use-locales';

// The menu (MUI Menu, Popover, Grow…) loads on first use; the sign-in page stays light.
const LanguageMenu = lazy(() =>
  import('./language-menu').then((m) => ({ default: m.LanguageMenu })),
);

export function LanguagePopover() {
  const { t } = useTranslation();
  const { current, currentOption, changeLanguage } = useLocales();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [used, setUsed] = useState(false);

  return (
    <>
      <Hint title={t('header.language')}>
        <IconButton
          aria-label={t('header.language')}
          aria-haspopup="menu"
          aria-expanded={!!anchor}
          data-testid="language-button"
          onClick={(e) => {
            setUsed(true);
            setAnchor(e.currentTarget);
          }}
          sx={{ width: 40, height: 40 }}
        >
          <FlagIcon country={currentOption.country} />
        </IconButton>
      </Hint>
      {used && (
        <Suspense fallback={null}>
          <LanguageMenu
            anchor={anchor}
            current={current}
            onClose={() => setAnchor(null)}
            onChoose={(language) => {
              setAnchor(null);
              void changeLanguage(language);
            }}
          />
        </Suspense>
      )}
    </>
  );
}
