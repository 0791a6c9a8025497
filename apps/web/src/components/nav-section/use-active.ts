import { useLocation } from 'react-router';

import type { NavItemData } from './types';

/** A leaf is active on its exact path (with the query when it has one), so one leaf lights at a time. */
export function isPathActive(itemPath: string, pathname: string, search: string): boolean {
  if (itemPath.includes('?')) return `${pathname}${search}` === itemPath;
  return pathname === itemPath || pathname === `${itemPath}/`;
}

export function isItemActive(item: NavItemData, pathname: string, search: string): boolean {
  if (item.children?.length) return item.children.some((c) => isItemActive(c, pathname, search));
  if (item.external) return false;
  return isPathActive(item.path, pathname, search);
}

export function useIsActive() {
  const { pathname, search } = useLocation();
  return (item: NavItemData) => isItemActive(item, pathname, search);
}
