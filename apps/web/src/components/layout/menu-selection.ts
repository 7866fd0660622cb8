import type { ReactNode } from 'react';

/** A menu entry: `key` is the path it opens; groups have children. */
export type NavItem = {
  key: string;
  label: string;
  icon?: ReactNode;
  /** A count beside the label (what waits there); nothing when 0 or absent. */
  badge?: number;
  children?: NavItem[];
};

function leaves(items: NavItem[]): NavItem[] {
  return items.flatMap((item) => (item.children ? leaves(item.children) : [item]));
}

function isWithin(pathname: string, path: string): boolean {
  return pathname === path || pathname.startsWith(`${path}/`);
}

/** The entry to highlight for `pathname`: the longest path that contains it. */
export function selectedMenuKey(items: NavItem[], pathname: string): string | null {
  let best: string | null = null;
  for (const item of leaves(items)) {
    if (isWithin(pathname, item.key) && (!best || item.key.length > best.length)) best = item.key;
  }
  return best;
}

/** The group that holds the selected entry, to keep it open. */
export function openMenuKey(items: NavItem[], selected: string | null): string | null {
  if (!selected) return null;
  const group = items.find((item) => item.children?.some((child) => child.key === selected));
  return group?.key ?? null;
}
