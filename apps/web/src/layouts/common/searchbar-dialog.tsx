import type { SearchResult, SearchType } from '@bo/contract/notifications';
import ArticleOutlined from '@mui/icons-material/ArticleOutlined';
import BoltRounded from '@mui/icons-material/BoltRounded';
import HistoryRounded from '@mui/icons-material/HistoryRounded';
import InsertDriveFileOutlined from '@mui/icons-material/InsertDriveFileOutlined';
import KeyboardReturnRounded from '@mui/icons-material/KeyboardReturnRounded';
import MailOutlineRounded from '@mui/icons-material/MailOutlineRounded';
import MenuRounded from '@mui/icons-material/MenuRounded';
import PersonOutlineRounded from '@mui/icons-material/PersonOutlineRounded';
import ReceiptLongOutlined from '@mui/icons-material/ReceiptLongOutlined';
import SearchRounded from '@mui/icons-material/SearchRounded';
import ShoppingBagOutlined from '@mui/icons-material/ShoppingBagOutlined';
import ShoppingCartOutlined from '@mui/icons-material/ShoppingCartOutlined';
import Box from '@mui/material/Box';
import Dialog from '@mui/material/Dialog';
import InputAdornment from '@mui/material/InputAdornment';
import InputBase from '@mui/material/InputBase';
import LinearProgress from '@mui/material/LinearProgress';
import Link from '@mui/material/Link';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import ListSubheader from '@mui/material/ListSubheader';
import Typography from '@mui/material/Typography';
import { Fragment, useMemo, useRef, useState } from 'react';
import type { KeyboardEvent, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';

import { EmptyContent } from '../../components/empty-content/empty-content';
import type { NavGroupData, NavItemData } from '../../components/nav-section/types';
import { useSettings } from '../../components/settings/settings-context';
import { useDebouncedValue } from '../../lib/use-debounced-value';
import { paths } from '../../routes/paths';
import { useSearchRecordsQuery } from '../../sections/notifications/notifications-api';
import { useSignOut } from './use-sign-out';

type Entry = {
  title: string;
  path: string;
  group: string;
  trail: string;
  external: boolean;
  keywords?: string;
};

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
          keywords: item.keywords,
        });
    }
  };
  groups.forEach((g) => walk(g.items, g.subheader, []));
  return out;
}

/**
 * One line of the dialog: a menu entry, a command (`run`), a record found by the server, or a
 * recent pick.
 */
type Item = {
  key: string;
  group: string;
  title: string;
  subtitle: string;
  path: string;
  external: boolean;
  icon: SearchType | 'menu' | 'recent' | 'command';
  /** A command's action, instead of going to `path`; never kept among the recent picks. */
  run?: () => void;
  /** More words it is found by. */
  keywords?: string;
};

const ICONS: Record<Item['icon'], ReactNode> = {
  menu: <MenuRounded fontSize="small" />,
  command: <BoltRounded fontSize="small" />,
  recent: <HistoryRounded fontSize="small" />,
  user: <PersonOutlineRounded fontSize="small" />,
  product: <ShoppingBagOutlined fontSize="small" />,
  order: <ShoppingCartOutlined fontSize="small" />,
  invoice: <ReceiptLongOutlined fontSize="small" />,
  post: <ArticleOutlined fontSize="small" />,
  file: <InsertDriveFileOutlined fontSize="small" />,
  mail: <MailOutlineRounded fontSize="small" />,
};

/** The statuses a record's subtitle may hold (a post's; a draft invoice's): translated. */
const STATUS_SUBTITLES = new Set(['draft', 'published', 'scheduled']);

const RECENT_KEY = 'search.recent';
const RECENT_MAX = 6;

function readRecent(): Item[] {
  try {
    const list = JSON.parse(window.localStorage.getItem(RECENT_KEY) ?? '[]') as Item[];
    return Array.isArray(list) ? list.slice(0, RECENT_MAX) : [];
  } catch {
    return [];
  }
}

/** Records are searched from three letters on, or for a number (an order's, an invoice's). */
const searchable = (q: string) => q.length >= 3 || /^#?\d+$/.test(q);

/** Lower case without accents or other marks: "creer" finds "Créer", "hoa don" "Hóa đơn". */
const fold = (text: string) => text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();

/**
 * Every word somewhere in the text, a plural as its singular: "new invoice" finds Invoice /
 * Create (/dashboard/invoice/new, "Create a new invoice"), "invoices" the invoice list.
 */
const hasEvery = (words: string[], text: string) => {
  const haystack = fold(text);
  return words.every(
    (w) => haystack.includes(w) || (w.length > 3 && haystack.includes(w.replace(/s$/, ''))),
  );
};

/**
 * The search dialog (Ctrl/⌘+K or /): the menu's entries and the records the person may open
 * (people, products, orders, invoices, posts, files, mail), grouped; arrows move, Enter goes,
 * Escape closes; the last picks are offered first. Loaded the first time someone opens it.
 */
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
  const settings = useSettings();
  const { signOut } = useSignOut();
  const [query, setQuery] = useState('');
  const [index, setIndex] = useState(0);
  const [recent, setRecent] = useState<Item[]>(readRecent);
  const listRef = useRef<HTMLUListElement>(null);

  const q = query.trim();
  const settled = useDebouncedValue(q, 200);
  const records = useSearchRecordsQuery(settled, { skip: !open || !searchable(settled) });
  const searching = searchable(q) && (q !== settled || records.isFetching);

  // The side bar's screens, and the notifications page (the bell's) that it has no item for.
  const entries = useMemo(
    () => [
      ...flatten(data),
      {
        title: t('header.notifications'),
        path: paths.dashboard.notifications,
        group: '',
        trail: t('header.notifications'),
        external: false,
      },
    ],
    [data, t],
  );
  // What the account menu does, without a screen of its own.
  const { themeMode, update, onOpen } = settings;
  const commands = useMemo<Item[]>(() => {
    const group = t('header.searchCommands');
    const command = (key: string, title: string, keywords: string, run: () => void): Item => ({
      key: `command-${key}`,
      group,
      title,
      subtitle: '',
      path: '',
      external: false,
      icon: 'command',
      run,
      keywords,
    });
    const dark = themeMode === 'dark';
    return [
      command(
        'settings',
        t('settings.title'),
        ['mode', 'contrast', 'direction', 'layout', 'presets', 'fullscreen']
          .map((k) => t(`settings.${k}`))
          .join(' '),
        onOpen,
      ),
      command(
        'mode',
        dark ? t('header.commandLightMode') : t('header.commandDarkMode'),
        `${t('settings.mode')} ${t('settings.light')} ${t('settings.dark')} theme`,
        () => update('themeMode', dark ? 'light' : 'dark'),
      ),
      command('sign-out', t('auth.signOut'), 'logout log out', () => void signOut()),
    ];
  }, [t, themeMode, update, onOpen, signOut]);

  const items = useMemo<Item[]>(() => {
    const lower = fold(q);
    if (!lower) {
      const picks = recent.map((r) => ({ ...r, group: t('header.searchRecent') }));
      return [...picks, ...entries.map(menuItem(t('header.searchMenu'))), ...commands];
    }
    // The words in an entry's trail, address or screen title; in a command's name or keywords.
    const words = lower.split(/\s+/).filter(Boolean);
    const menu = entries
      .filter((e) => hasEvery(words, `${e.trail} ${e.path} ${e.keywords ?? ''}`))
      .map(menuItem(t('header.searchMenu')));
    const actions = commands.filter((c) => hasEvery(words, `${c.title} ${c.keywords}`));
    // Why it came up, when the words are not in its title ("Company: Northwind Traders"); a
    // post's or a draft invoice's status in the person's language.
    const recordSubtitle = (r: SearchResult) => {
      if (r.matched !== 'title' && r.subtitle)
        return t(`header.searchMatched.${r.matched}`, { value: r.subtitle });
      const isStatus =
        (r.type === 'post' || r.type === 'invoice') && STATUS_SUBTITLES.has(r.subtitle);
      return isStatus ? t(`header.searchStatus.${r.subtitle}`) : r.subtitle;
    };
    const found =
      searchable(settled) && records.data
        ? records.data.map((r: SearchResult): Item => ({
            key: `${r.type}-${r.id}`,
            group: t(`header.searchTypes.${r.type}`),
            title: r.title,
            subtitle: recordSubtitle(r),
            path: r.link,
            external: false,
            icon: r.type,
          }))
        : [];
    // Records first when the words look like a number (an order), screens and commands first
    // otherwise; the records in the server's order, what the words name first.
    return /^#?\d+$/.test(lower)
      ? [...found, ...menu, ...actions]
      : [...menu, ...actions, ...found];
  }, [q, settled, entries, commands, records.data, recent, t]);

  const close = () => {
    onClose();
    setQuery('');
    setIndex(0);
  };

  const go = (item: Item | undefined) => {
    if (!item) return;
    if (item.run) {
      close();
      item.run();
      return;
    }
    const kept = [
      { ...item, key: item.key.startsWith('recent-') ? item.key : `recent-${item.key}` },
      ...recent.filter((r) => r.path !== item.path),
    ].slice(0, RECENT_MAX);
    setRecent(kept);
    window.localStorage.setItem(RECENT_KEY, JSON.stringify(kept));
    close();
    if (item.external) window.open(item.path, '_blank', 'noopener');
    else navigate(item.path);
  };

  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      const delta = event.key === 'ArrowDown' ? 1 : -1;
      const next = (index + delta + items.length) % Math.max(items.length, 1);
      setIndex(next);
      listRef.current
        ?.querySelector(`[data-index="${next}"]`)
        ?.scrollIntoView({ block: 'nearest' });
    } else if (event.key === 'Enter') {
      event.preventDefault();
      go(items[index]);
    }
  };

  return (
    <Dialog
      open={open}
      onClose={close}
      fullWidth
      maxWidth="sm"
      aria-label={t('header.search')}
      slotProps={{
        paper: { sx: { mt: { xs: 2, md: 15 }, alignSelf: 'flex-start', overflow: 'hidden' } },
      }}
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
            'aria-activedescendant': items[index] ? `nav-search-${index}` : undefined,
            'aria-describedby': 'nav-search-hint',
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
        <Typography
          id="nav-search-hint"
          variant="caption"
          sx={{ color: 'text.disabled', display: 'block', mt: 0.5 }}
        >
          {records.isError ? t('header.searchFailed') : t('header.searchHint')}
        </Typography>
      </Box>
      {searching ? (
        <LinearProgress aria-label={t('header.searchSearching')} sx={{ height: 2 }} />
      ) : (
        <Box sx={{ height: 2 }} />
      )}
      <Box sx={{ maxHeight: { xs: '60vh', md: 440 }, overflowY: 'auto', p: 1 }} role="presentation">
        {items.length === 0 ? (
          searching ? null : (
            <EmptyContent title={t('header.noResults', { query })} />
          )
        ) : (
          <List id="nav-search-results" role="listbox" ref={listRef} disablePadding>
            {items.map((item, i) => (
              <Fragment key={item.key}>
                {item.group !== items[i - 1]?.group && (
                  <ListSubheader
                    role="presentation"
                    disableSticky
                    sx={{
                      lineHeight: 2.5,
                      bgcolor: 'transparent',
                      display: 'flex',
                      justifyContent: 'space-between',
                    }}
                  >
                    {item.group}
                    {item.key.startsWith('recent-') && (
                      <Link
                        component="button"
                        type="button"
                        variant="caption"
                        onClick={() => {
                          setRecent([]);
                          window.localStorage.removeItem(RECENT_KEY);
                        }}
                      >
                        {t('header.clearRecent')}
                      </Link>
                    )}
                  </ListSubheader>
                )}
                <ListItemButton
                  id={`nav-search-${i}`}
                  data-index={i}
                  data-type={item.icon}
                  role="option"
                  aria-selected={i === index}
                  selected={i === index}
                  onMouseEnter={() => setIndex(i)}
                  onClick={() => go(item)}
                  sx={{ borderRadius: 1, mb: 0.25 }}
                >
                  <ListItemIcon sx={{ minWidth: 36, color: 'text.secondary' }}>
                    {ICONS[item.icon]}
                  </ListItemIcon>
                  <ListItemText
                    primary={item.title}
                    secondary={item.subtitle}
                    slotProps={{
                      primary: { variant: 'subtitle2' },
                      // Full-strength text: the selected row's tint would leave grey too faint.
                      secondary: { variant: 'caption', noWrap: true, color: 'text.primary' },
                    }}
                  />
                  {i === index && (
                    <KeyboardReturnRounded
                      fontSize="small"
                      sx={{ ml: 1, color: 'text.disabled' }}
                    />
                  )}
                </ListItemButton>
              </Fragment>
            ))}
          </List>
        )}
      </Box>
    </Dialog>
  );
}

const menuItem =
  (group: string) =>
  (e: Entry): Item => ({
    key: `menu-${e.trail}-${e.path}`,
    group,
    title: e.trail,
    subtitle: e.path,
    path: e.path,
    external: e.external,
    icon: 'menu',
  });
