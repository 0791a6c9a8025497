import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import { lazy, Suspense, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

import { ensureSection } from '../../locales/i18n';
import type { ChooserProps } from './column-chooser-panel';

// The dialog's code and its words (a section of their own: the sign-in pages carry neither).
const load = () =>
  Promise.all([import('./column-chooser-panel'), ensureSection('data-table')]).then(([m]) => m);
const Panel = lazy(load);

/**
 * The button that opens the list's layout; the dialog's code comes on intent (hover, focus) or
 * on the click, so a list's first paint does not carry it.
 */
export function ColumnChooser({ icon, ...props }: ChooserProps & { icon: ReactNode }) {
  const { t } = useTranslation();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [asked, setAsked] = useState(false);
  return (
    <>
      <Tooltip title={t('common.table.layout')}>
        <IconButton
          size="small"
          aria-label={t('common.table.layout')}
          aria-haspopup="dialog"
          aria-expanded={anchor ? 'true' : undefined}
          onPointerEnter={() => void load()}
          onFocus={() => void load()}
          onClick={(e) => {
            setAsked(true);
            setAnchor(e.currentTarget);
          }}
          data-testid="table-layout"
        >
          {icon}
        </IconButton>
      </Tooltip>
      {asked && (
        <Suspense fallback={null}>
          <Panel {...props} anchor={anchor} onClose={() => setAnchor(null)} />
        </Suspense>
      )}
    </>
  );
}
