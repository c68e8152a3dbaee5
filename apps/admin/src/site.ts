import { useQuery } from '@tanstack/react-query';
import { useEffect, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { api, data } from './api.js';

/** The site this admin belongs to (its host): name and branding, public, for every screen. */
export const SITE_QUERY = {
  queryKey: ['site'],
  queryFn: () => data(api.GET('/api/site')),
  staleTime: 5 * 60_000,
  retry: false,
  // Before set-up there is no site (404): asked once, not again by each screen that mounts.
  retryOnMount: false,
} as const;

export function useSite() {
  return useQuery(SITE_QUERY);
}

/** The name the admin shows: the site's branding name (white-label), else the site's own. */
export function useSystemName(): string {
  const site = useSite().data;
  return site?.branding.name ?? site?.name ?? '';
}

/** The browser tab's title: the screen's, then the system name (white-label: never a vendor's). */
export function useDocumentTitle(title: string): void {
  const name = useSystemName();
  useEffect(() => {
    // "Sign in to Harbour Notes" needs no "– Harbour Notes" after it.
    document.title = [title, name && !title.includes(name) ? name : ''].filter(Boolean).join(' – ');
  }, [title, name]);
}

/**
 * Dates as the site shows them: in its time zone (general settings), in the interface's language;
 * the browser's zone until the site is known.
 */
export function useDateFormat(
  options: Intl.DateTimeFormatOptions = { dateStyle: 'medium', timeStyle: 'short' },
) {
  const zone = useSite().data?.time_zone;
  const { i18n } = useTranslation();
  // Made once per language, zone and style: a list formats every row's date on each render.
  const key = JSON.stringify(options);
  // biome-ignore lint/correctness/useExhaustiveDependencies: `key` stands for `options`, a new object each call
  return useMemo(
    () => new Intl.DateTimeFormat(i18n.language, { ...options, ...(zone ? { timeZone: zone } : {}) }),
    [i18n.language, zone, key],
  );
}
