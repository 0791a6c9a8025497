import AccountBalanceRounded from '@mui/icons-material/AccountBalanceRounded';
import AdminPanelSettingsRounded from '@mui/icons-material/AdminPanelSettingsRounded';
import ArticleRounded from '@mui/icons-material/ArticleRounded';
import BarChartRounded from '@mui/icons-material/BarChartRounded';
import CalendarMonthRounded from '@mui/icons-material/CalendarMonthRounded';
import ChatRounded from '@mui/icons-material/ChatRounded';
import DashboardRounded from '@mui/icons-material/DashboardRounded';
import DescriptionRounded from '@mui/icons-material/DescriptionRounded';
import FolderRounded from '@mui/icons-material/FolderRounded';
import HotelRounded from '@mui/icons-material/HotelRounded';
import PendingActionsRounded from '@mui/icons-material/PendingActionsRounded';
import InsertDriveFileRounded from '@mui/icons-material/InsertDriveFileRounded';
import MailRounded from '@mui/icons-material/MailRounded';
import ManageSearchRounded from '@mui/icons-material/ManageSearchRounded';
import OutboxRounded from '@mui/icons-material/OutboxRounded';
import PersonRounded from '@mui/icons-material/PersonRounded';
import ReceiptLongRounded from '@mui/icons-material/ReceiptLongRounded';
import SettingsRounded from '@mui/icons-material/SettingsRounded';
import ShoppingBagRounded from '@mui/icons-material/ShoppingBagRounded';
import ShoppingCartRounded from '@mui/icons-material/ShoppingCartRounded';
import TodayRounded from '@mui/icons-material/TodayRounded';
import ViewKanbanRounded from '@mui/icons-material/ViewKanbanRounded';
import type { NavIconName, WebRouteKey } from '@bo/contract/web-routes';
import Box from '@mui/material/Box';
import { useMemo } from 'react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

import { useAuth } from '../../auth/auth-context';
import type { NavGroupData, NavItemData } from '../../components/nav-section/types';
import { useNavUnread } from '../common/unread-api';
import { navTree, visibleTo } from './nav-items';
import type { NavLink } from './nav-items';

const ICONS: Record<NavIconName, typeof DashboardRounded> = {
  dashboard: DashboardRounded,
  cart: ShoppingCartRounded,
  chart: BarChartRounded,
  bank: AccountBalanceRounded,
  hotel: HotelRounded,
  file: InsertDriveFileRounded,
  person: PersonRounded,
  bag: ShoppingBagRounded,
  receipt: ReceiptLongRounded,
  article: ArticleRounded,
  folder: FolderRounded,
  mail: MailRounded,
  chat: ChatRounded,
  calendar: CalendarMonthRounded,
  kanban: ViewKanbanRounded,
  document: DescriptionRounded,
  settings: SettingsRounded,
  jobs: PendingActionsRounded,
  audit: ManageSearchRounded,
  outbox: OutboxRounded,
  roles: AdminPanelSettingsRounded,
  today: TodayRounded,
};

// The manifest does not change while the app runs.
const TREE = navTree();
const NO_PERMISSIONS: readonly string[] = [];

/**
 * The side bar's groups and items (route manifest's `nav` fields), translated, each shown only to
 * those who may open its screen, with the unread counts of mail and chat.
 */
export function useNavData(): NavGroupData[] {
  const { t, i18n } = useTranslation();
  const { user } = useAuth();
  const permissions = user?.permissions ?? NO_PERMISSIONS;
  const unread = useNavUnread();

  return useMemo(() => {
    const count = (n: number) =>
      n > 0 ? (
        <Box
          component="span"
          aria-label={t('nav.unread', { count: n })}
          sx={{
            ml: 1,
            minWidth: 20,
            height: 20,
            px: 0.75,
            borderRadius: 10,
            bgcolor: 'text.primary',
            color: 'background.paper',
            typography: 'caption',
            fontWeight: 700,
            display: 'inline-grid',
            placeItems: 'center',
          }}
        >
          {n > 99 ? '99+' : n}
        </Box>
      ) : undefined;
    const info: Partial<Record<WebRouteKey, ReactNode>> = {
      mail: count(unread.mail),
      chat: count(unread.chat),
    };
    const toItem = ({ routeKey, title, icon, children, ...link }: NavLink): NavItemData => {
      const Icon = icon ? ICONS[icon] : null;
      const item: NavItemData = { ...link, title: t(title) };
      // The screen's own title ("Create a new invoice" under Invoice / Create), for the search.
      if (routeKey && i18n.exists(`pages.${routeKey}`)) item.keywords = t(`pages.${routeKey}`);
      if (Icon) item.icon = <Icon />;
      if (routeKey && info[routeKey]) item.info = info[routeKey];
      if (children) item.children = children.map(toItem);
      return item;
    };
    return TREE.map((group) => ({
      subheader: t(group.subheader),
      items: visibleTo(group.items, permissions).map(toItem),
    }));
  }, [t, i18n, permissions, unread.mail, unread.chat]);
}
