import type { ReactNode } from 'react';

export type NavItemData = {
  title: string;
  path: string;
  icon?: ReactNode;
  caption?: string;
  info?: ReactNode;
  disabled?: boolean;
  /** Opens outside the SPA (served by our own server, e.g. the API reference). */
  external?: boolean;
  /** Only people with one of these roles see the item (the server still enforces access). */
  roles?: string[];
  /** Only people whose role grants this permission see the item. */
  permission?: string;
  /** More words the search box finds it by (the screen's own title, e.g. "Create a new invoice"). */
  keywords?: string;
  children?: NavItemData[];
};

export type NavGroupData = { subheader: string; items: NavItemData[] };
