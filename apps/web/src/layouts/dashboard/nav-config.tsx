import AccountBalanceRounded from '@mui/icons-material/AccountBalanceRounded';
import ArticleRounded from '@mui/icons-material/ArticleRounded';
import BarChartRounded from '@mui/icons-material/BarChartRounded';
import CalendarMonthRounded from '@mui/icons-material/CalendarMonthRounded';
import ChatRounded from '@mui/icons-material/ChatRounded';
import DashboardRounded from '@mui/icons-material/DashboardRounded';
import DescriptionRounded from '@mui/icons-material/DescriptionRounded';
import FolderRounded from '@mui/icons-material/FolderRounded';
import HotelRounded from '@mui/icons-material/HotelRounded';
import InsertDriveFileRounded from '@mui/icons-material/InsertDriveFileRounded';
import MailRounded from '@mui/icons-material/MailRounded';
import PersonRounded from '@mui/icons-material/PersonRounded';
import ReceiptLongRounded from '@mui/icons-material/ReceiptLongRounded';
import ShoppingBagRounded from '@mui/icons-material/ShoppingBagRounded';
import ShoppingCartRounded from '@mui/icons-material/ShoppingCartRounded';
import ViewKanbanRounded from '@mui/icons-material/ViewKanbanRounded';
import Box from '@mui/material/Box';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';

import { isAdmin, useAuth } from '../../auth/auth-context';
import type { NavGroupData, NavItemData } from '../../components/nav-section/types';
import { paths } from '../../routes/paths';
import { useNavUnread } from '../common/unread-api';

function filterByRole(
  items: NavItemData[],
  role: string | null,
  admin: boolean,
  permissions: readonly string[],
): NavItemData[] {
  return items
    .filter((item) => !item.roles || admin || (role !== null && item.roles.includes(role)))
    .filter((item) => !item.permission || permissions.includes(item.permission))
    .map((item) =>
      item.children
        ? { ...item, children: filterByRole(item.children, role, admin, permissions) }
        : item,
    );
}

const NO_PERMISSIONS: readonly string[] = [];

/**
 * The side bar's groups and items, translated, each shown only to those who may open it. Only real
 * screens: the template's demo entries (menu levels, "item by roles", blank page, a fixed record's
 * edit page) are not listed, though their routes remain.
 */
export function useNavData(): NavGroupData[] {
  const { t } = useTranslation();
  const { user } = useAuth();
  const admin = isAdmin(user);
  const role = user?.role ?? null;
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
    const d = paths.dashboard;
    const groups: NavGroupData[] = [
      {
        subheader: t('nav.overview'),
        items: [
          {
            title: t('nav.app'),
            path: d.general.app,
            icon: <DashboardRounded />,
            permission: 'dashboards:app',
          },
          {
            title: t('nav.ecommerce'),
            path: d.general.ecommerce,
            icon: <ShoppingCartRounded />,
            permission: 'dashboards:ecommerce',
          },
          {
            title: t('nav.analytics'),
            path: d.general.analytics,
            icon: <BarChartRounded />,
            permission: 'dashboards:analytics',
          },
          {
            title: t('nav.banking'),
            path: d.general.banking,
            icon: <AccountBalanceRounded />,
            permission: 'dashboards:banking',
          },
          {
            title: t('nav.booking'),
            path: d.general.booking,
            icon: <HotelRounded />,
            permission: 'dashboards:booking',
          },
          { title: t('nav.file'), path: d.general.file, icon: <InsertDriveFileRounded /> },
        ],
      },
      {
        subheader: t('nav.management'),
        items: [
          {
            title: t('nav.user'),
            path: d.user.root,
            icon: <PersonRounded />,
            children: [
              { title: t('nav.profile'), path: d.user.profile },
              { title: t('nav.cards'), path: d.user.cards },
              { title: t('nav.list'), path: d.user.list },
              // Creating and editing people is for administrators (the routes are guarded too).
              { title: t('nav.create'), path: d.user.new, roles: ['admin'] },
              { title: t('nav.account'), path: d.user.account },
            ],
          },
          {
            title: t('nav.eCommerce'),
            path: d.eCommerce.root,
            icon: <ShoppingBagRounded />,
            children: [
              { title: t('nav.shop'), path: d.eCommerce.shop },
              { title: t('nav.list'), path: d.eCommerce.list },
              { title: t('nav.create'), path: d.eCommerce.new },
              { title: t('nav.checkout'), path: d.eCommerce.checkout },
              { title: t('nav.orders'), path: d.eCommerce.orders },
            ],
          },
          {
            title: t('nav.invoice'),
            path: d.invoice.root,
            icon: <ReceiptLongRounded />,
            permission: 'invoices:read',
            children: [
              { title: t('nav.list'), path: d.invoice.list },
              { title: t('nav.create'), path: d.invoice.new, permission: 'invoices:write' },
            ],
          },
          {
            title: t('nav.blog'),
            path: d.blog.root,
            icon: <ArticleRounded />,
            children: [
              { title: t('nav.posts'), path: d.blog.posts },
              { title: t('nav.create'), path: d.blog.new },
            ],
          },
          { title: t('nav.fileManager'), path: d.fileManager, icon: <FolderRounded /> },
        ],
      },
      {
        subheader: t('nav.appGroup'),
        items: [
          {
            title: t('nav.mail'),
            path: d.mail.root,
            icon: <MailRounded />,
            permission: 'mail:read',
            info: count(unread.mail),
          },
          {
            title: t('nav.chat'),
            path: d.chat.root,
            icon: <ChatRounded />,
            permission: 'chat:read',
            info: count(unread.chat),
          },
          { title: t('nav.calendar'), path: d.calendar, icon: <CalendarMonthRounded /> },
          { title: t('nav.kanban'), path: d.kanban, icon: <ViewKanbanRounded /> },
        ],
      },
      {
        subheader: t('nav.misc'),
        items: [
          {
            title: t('nav.documentation'),
            path: paths.docs,
            icon: <DescriptionRounded />,
            external: true,
          },
        ],
      },
    ];
    return groups.map((group) => ({
      ...group,
      items: filterByRole(group.items, role, admin, permissions),
    }));
  }, [t, role, admin, permissions, unread.mail, unread.chat]);
}
