import { useQuery } from '@tanstack/react-query';
import { api, data } from '../api.js';
import { useCan } from '../session.js';

export const THEMES = ['themes'] as const;
export const MENUS = ['menus'] as const;
export const WIDGETS = ['widgets'] as const;
export const DESIGN = ['settings', 'design'] as const;

function fetchThemes() {
  return data(api.GET('/api/themes'));
}
function fetchMenus() {
  return data(api.GET('/api/menus'));
}
function fetchWidgets() {
  return data(api.GET('/api/widgets'));
}

export type Theme = Awaited<ReturnType<typeof fetchThemes>>[number];
export type SiteMenu = Awaited<ReturnType<typeof fetchMenus>>[number];
export type MenuItem = SiteMenu['items'][number];
export type Widget = Awaited<ReturnType<typeof fetchWidgets>>[number];

/** The installed themes, the active one marked (themes.manage). */
export function useThemes() {
  const can = useCan();
  return useQuery({ queryKey: THEMES, queryFn: fetchThemes, enabled: can('themes.manage') });
}

/**
 * The active theme, for its menu locations and widget zones. Only GET /api/themes names them, and
 * it takes themes.manage: for others `known` is false and the screens say what they cannot offer.
 */
export function useActiveTheme() {
  const can = useCan();
  const themes = useThemes();
  const known = can('themes.manage');
  return {
    known,
    theme: themes.data?.find((theme) => theme.active) ?? null,
    pending: known && themes.isPending,
    error: themes.error,
    refetch: themes.refetch,
  };
}

export type ActiveTheme = ReturnType<typeof useActiveTheme>;

/** The site's menus, each with its items as a tree. */
export function useMenus() {
  return useQuery({ queryKey: MENUS, queryFn: fetchMenus });
}

/** Every widget of the site, by zone and position. */
export function useWidgets() {
  return useQuery({ queryKey: WIDGETS, queryFn: fetchWidgets });
}
