import SearchRounded from '@mui/icons-material/SearchRounded';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import { Suspense, lazy, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';

import type { NavGroupData } from '../../components/nav-section/types';
import { isMac } from '../../lib/platform';

const loadDialog = () => import('./searchbar-dialog');
const SearchbarDialog = lazy(() => loadDialog().then((m) => ({ default: m.SearchbarDialog })));
/** Fetched on intent (a pointer over the button, or focus on it): open at once on the press. */
const prefetchDialog = () => void loadDialog();

/** Search over the menu and the records: Ctrl/⌘+K or / opens it, arrows move, Enter goes, Escape closes. */
export function Searchbar({ data }: { data: NavGroupData[] }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  // Mounted on first use, then kept so it opens instantly next time.
  const [opened, setOpened] = useState(false);
  if (open && !opened) setOpened(true);

  useEffect(() => {
    const onKey = (event: globalThis.KeyboardEvent) => {
      if ((event.metaKey || event.ctrlKey) && event.key.toLowerCase() === 'k') {
        event.preventDefault();
        setOpen((v) => !v);
        return;
      }
      // "/" opens it too, unless the person is typing somewhere or the screen has its own "/"
      // (mail's search, listening on the document, has handled it by now).
      if (event.defaultPrevented) return;
      const target = event.target as HTMLElement | null;
      const typing =
        !!target && (target.isContentEditable || /^(INPUT|TEXTAREA|SELECT)$/.test(target.tagName));
      if (event.key === '/' && !typing && !event.metaKey && !event.ctrlKey && !event.altKey) {
        event.preventDefault();
        setOpen(true);
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);

  const shortcut = isMac() ? '⌘K' : 'Ctrl+K';

  return (
    <>
      <Tooltip title={`${t('header.search')} (${shortcut})`}>
        <IconButton
          onClick={() => setOpen(true)}
          onPointerEnter={prefetchDialog}
          onFocus={prefetchDialog}
          aria-label={t('header.search')}
          sx={{ display: { md: 'none' } }}
        >
          <SearchRounded />
        </IconButton>
      </Tooltip>
      <Box
        component="button"
        type="button"
        onClick={() => setOpen(true)}
        onPointerEnter={prefetchDialog}
        onFocus={prefetchDialog}
        // The name holds the text on the button (WCAG 2.5.3): a voice user says what they see.
        aria-label={`${t('header.search')} ${shortcut}`}
        aria-keyshortcuts={isMac() ? 'Meta+K' : 'Control+K'}
        sx={(theme) => ({
          display: { xs: 'none', md: 'flex' },
          alignItems: 'center',
          gap: 1,
          pl: 1,
          pr: 0.75,
          py: 0.5,
          border: 0,
          borderRadius: 1.5,
          cursor: 'pointer',
          color: 'text.disabled',
          bgcolor: 'action.hover',
          font: 'inherit',
          transition: theme.transitions.create('background-color'),
          '&:hover': { bgcolor: 'action.selected' },
        })}
      >
        <SearchRounded fontSize="small" />
        <Box
          component="kbd"
          sx={{
            px: 0.75,
            py: 0.25,
            borderRadius: 0.75,
            typography: 'caption',
            fontWeight: 700,
            fontFamily: 'inherit',
            color: 'text.secondary',
            bgcolor: 'background.paper',
            boxShadow: (theme) => theme.customShadows.z1,
          }}
        >
          {shortcut}
        </Box>
      </Box>

      {opened && (
        <Suspense fallback={null}>
          <SearchbarDialog data={data} open={open} onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </>
  );
}
