import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { api, page } from '../api.js';
import { useReadableTypes } from '../content/types.js';
import { useCan } from '../session.js';
import type { Found } from './FoundOptions.js';

/**
 * What the admin's search finds for `q` (two characters at least), `perGroup` of each: entries of
 * every type the user may read by title (drafts included), published entries by their text as the
 * public search finds them, media and users for those allowed to list them. The header's box and
 * the full results screen (/search) both ask this.
 */
export function useSearchEverything(q: string, perGroup: number) {
  const { t } = useTranslation();
  const can = useCan();
  const readable = useReadableTypes();
  return useQuery({
    queryKey: ['search-everything', q, perGroup, readable.map((type) => type.slug)],
    enabled: q.length >= 2,
    queryFn: async (): Promise<Found[]> => {
      const query = { page: 1, limit: perGroup };
      const labelOf = new Map(readable.map((type) => [type.slug, type.label]));
      const entry = (type: string, id: number, title: string, detail: string): Found => ({
        group: labelOf.get(type) ?? type,
        key: `${type}-${id}`,
        label: title || t('dashboard.untitled'),
        detail,
        value: `/content/${type}/${id}`,
      });
      const byTitle = readable.map(async (type) =>
        (
          await page(
            api.GET('/api/content/{type}', { params: { path: { type: type.slug }, query: { ...query, q } } }),
          )
        ).items.map((found) => entry(type.slug, found.id, found.title, t(`status.${found.status}`))),
      );
      // A word of a post's body: the published text, as the site's own search finds it.
      const byText = page(
        api.GET('/api/search', { params: { query: { q, page: 1, limit: Math.min(perGroup * 2, 50) } } }),
      ).then(({ items }) =>
        items
          .filter((found) => labelOf.has(found.type))
          .map((found) => entry(found.type, found.id, found.title, t('status.published'))),
      );
      const media = can('media.view')
        ? page(api.GET('/api/media', { params: { query: { ...query, search: q } } })).then(({ items }) =>
            items.map((item) => ({
              group: t('nav.media'),
              key: `media-${item.id}`,
              label: item.original_name,
              detail: item.mime_type,
              value: `/media?item=${item.id}`,
            })),
          )
        : Promise.resolve([]);
      const users = can('users.view')
        ? page(api.GET('/api/users', { params: { query: { ...query, search: q } } })).then(({ items }) =>
            items.map((user) => ({
              group: t('nav.users'),
              key: `user-${user.id}`,
              label: user.display_name,
              detail: user.email,
              value: `/users/${user.id}`,
            })),
          )
        : Promise.resolve([]);
      // A group that fails (a type removed meanwhile) leaves the others shown.
      const settled = await Promise.allSettled([...byTitle, byText, media, users]);
      const all = settled.flatMap((outcome) => (outcome.status === 'fulfilled' ? outcome.value : []));
      // An entry found both by its title and its text is listed once.
      const seen = new Set<string>();
      return all.filter((found) => !seen.has(found.key) && Boolean(seen.add(found.key)));
    },
  });
}
