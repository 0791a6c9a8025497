import KeyboardReturnRounded from '@mui/icons-material/KeyboardReturnRounded';
import SearchRounded from '@mui/icons-material/SearchRounded';
import Box from '@mui/material/Box';
import Dialog from '@mui/material/Dialog';
import InputAdornment from '@mui/material/InputAdornment';
import InputBase from '@mui/material/InputBase';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import Typography from '@mui/material/Typography';
import { useMemo, useRef, useState } from 'react';
import type { KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';

import { EmptyContent } from '../../components/empty-content/empty-content';
import type { NavGroupData, NavItemData } from '../../components/nav-section/types';

type Entry = { title: string; path: string; group: string; trail: string; external: boolean };

function flatten(groups: NavGroupData[]): Entry[] {
  const out: Entry[] = [];
  const walk = (items: NavItemData[], group: string, trail: string[]) => {
    for (const item of items) {
      const next = [...trail, item.title];
      if (item.children?.length) walk(item.children, group, next);
      else
        out.push({
          title: item.title,
          path: item.path,
          group,
          trail: next.join(' / '),
          external: !!item.external,
        });
    }
  };
  groups.forEach((g) => walk(g.items, g.subheader, []));
  return out;
}

/** The search dialog: loaded the first time someone opens the search. */
export function SearchbarDialog({
  data,
  open,
  onClose,
}: {
  data: NavGroupData[];
  open: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [query, setQuery] = useState('');
  const [index, setIndex] = useState(0);
  const listRef = useRef<HTMLUListElement>(null);

  const entries = useMemo(() => flatten(data), [data]);
  const results = useMemo(() => {
    const q = query.trim().toLowerCase();
    if (!q) return entries;
    return entries.filter(
      (e) => e.trail.toLowerCase().includes(q) || e.path.toLowerCase().includes(q),
    );
  }, [entries, query]);

  const close = () => {
    onClose();
    setQuery('');
    setIndex(0);
  };

  const go = (entry: Entry | undefined) => {
    if (!entry) return;
    close();
    if (entry.external) window.open(entry.path, '_blank', 'noopener');
    else navigate(entry.path);
  };

  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      const delta = event.key === 'ArrowDown' ? 1 : -1;
      const next = (index + delta + results.length) % Math.max(results.length, 1);
      setIndex(next);
      listRef.current
        ?.querySelector(`[data-index="${next}"]`)
        ?.scrollIntoView({ block: 'nearest' });
    } else if (event.key === 'Enter') {
      event.preventDefault();
      go(results[index]);
    }
  };

  return (
    <Dialog
      open={open}
      onClose={close}
      fullWidth
      maxWidth="sm"
      aria-label={t('header.search')}
      slotProps={{ paper: { sx: { mt: 15, alignSelf: 'flex-start', overflow: 'hidden' } } }}
    >
      <Box sx={{ p: 2.5, borderBottom: 1, borderColor: 'divider' }}>
        <InputBase
          fullWidth
          autoFocus
          value={query}
          onChange={(e) => {
            setQuery(e.target.value);
            setIndex(0);
          }}
          onKeyDown={onKeyDown}
          placeholder={t('header.searchPlaceholder')}
          inputProps={{
            'aria-label': t('header.searchPlaceholder'),
            role: 'combobox',
            'aria-expanded': true,
            'aria-controls': 'nav-search-results',
            'aria-activedescendant': results[index] ? `nav-search-${index}` : undefined,
          }}
          startAdornment={
            <InputAdornment position="start">
              <SearchRounded sx={{ color: 'text.disabled' }} />
            </InputAdornment>
          }
          endAdornment={
            <Box
              component="kbd"
              sx={{ typography: 'caption', color: 'text.disabled', fontFamily: 'inherit' }}
            >
              Esc
            </Box>
          }
          sx={{ typography: 'h6' }}
        />
      </Box>
      <Box sx={{ maxHeight: 400, overflowY: 'auto', p: 1 }}>
        {results.length === 0 ? (
          <EmptyContent title={t('header.noResults', { query })} />
        ) : (
          <List id="nav-search-results" role="listbox" ref={listRef} disablePadding>
            {results.map((entry, i) => (
              <ListItemButton
                key={`${entry.trail}-${entry.path}`}
                id={`nav-search-${i}`}
                data-index={i}
                role="option"
                aria-selected={i === index}
                selected={i === index}
                onMouseEnter={() => setIndex(i)}
                onClick={() => go(entry)}
                sx={{ borderRadius: 1, mb: 0.25 }}
              >
                <ListItemText
                  primary={entry.trail}
                  secondary={entry.path}
                  slotProps={{
                    primary: { variant: 'subtitle2' },
                    secondary: { variant: 'caption', noWrap: true },
                  }}
                />
                <Typography variant="caption" sx={{ color: 'text.disabled', ml: 1, flexShrink: 0 }}>
                  {entry.group}
                </Typography>
                {i === index && (
                  <KeyboardReturnRounded fontSize="small" sx={{ ml: 1, color: 'text.disabled' }} />
                )}
              </ListItemButton>
            ))}
          </List>
        )}
      </Box>
    </Dialog>
  );
}
