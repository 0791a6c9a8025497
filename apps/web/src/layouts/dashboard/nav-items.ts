import { NAV_GROUPS, WEB_ROUTE_ENTRIES } from '@bo/contract/web-routes';
import type { NavGroupKey, NavIconName, WebRouteKey } from '@bo/contract/web-routes';

import { paths } from '../../routes/paths';

/** A side bar item before translation: `title` is an i18n key, `icon` a name. */
export type NavLink = {
  /** The screen it opens; none for a link out of the app. */
  routeKey?: WebRouteKey;
  title: string;
  path: string;
  icon?: NavIconName;
  /** Only people whose role grants it see the item: the permission of the screen it opens. */
  permission?: string;
  external?: boolean;
  children?: NavLink[];
};

export type NavTreeGroup = { key: NavGroupKey; subheader: string; items: NavLink[] };

type Placed = { group: NavGroupKey; order: number; link: NavLink };

/** Links out of the app (served by our own server), placed among a group's screens by order. */
const OUTSIDE_LINKS: Placed[] = [
  {
    group: 'misc',
    order: 10,
    link: { title: 'nav.documentation', path: paths.docs, icon: 'document', external: true },
  },
];

const byOrder = (a: { order: number }, b: { order: number }) => a.order - b.order;

/**
 * The side bar, read from the route manifest's `nav` fields: each group's items by order, each
 * item's entries under it by order. Only real screens are listed: the template's demo routes
 * (menu levels, blank page, a fixed record's edit page) have no `nav`.
 */
export function navTree(): NavTreeGroup[] {
  const top: Placed[] = [...OUTSIDE_LINKS];
  const under = new Map<WebRouteKey, Array<{ order: number; link: NavLink }>>();
  for (const [key, entry] of WEB_ROUTE_ENTRIES) {
    const nav = entry.nav;
    if (!nav) continue;
    const link: NavLink = { routeKey: key, title: nav.title, path: entry.path };
    if (entry.permission) link.permission = entry.permission;
    if ('parent' in nav) {
      under.set(nav.parent, [...(under.get(nav.parent) ?? []), { order: nav.order, link }]);
    } else {
      top.push({ group: nav.group, order: nav.order, link: { ...link, icon: nav.icon } });
    }
  }
  const withChildren = (link: NavLink): NavLink => {
    const children = link.routeKey ? under.get(link.routeKey) : undefined;
    return children
      ? { ...link, children: [...children].sort(byOrder).map((c) => withChildren(c.link)) }
      : link;
  };
  return NAV_GROUPS.map((group) => ({
    key: group.key,
    subheader: group.title,
    items: top
      .filter((placed) => placed.group === group.key)
      .sort(byOrder)
      .map((placed) => withChildren(placed.link)),
  }));
}

/** The items a person may open: those without a permission, or whose permission they hold. */
export function visibleTo(items: NavLink[], permissions: readonly string[]): NavLink[] {
  return items
    .filter((item) => !item.permission || permissions.includes(item.permission))
    .map((item) =>
      item.children ? { ...item, children: visibleTo(item.children, permissions) } : item,
    );
}
