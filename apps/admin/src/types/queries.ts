import { useQueries, useQuery } from '@tanstack/react-query';
import { api, data, page } from '../api.js';
import { areaOf } from '../content/types.js';
import { useCan } from '../session.js';
import type { ContentType } from './model.js';

/** The key of every content type query: the list (the navigation's) and each type under it. */
export const CONTENT_TYPES = ['content-types'] as const;

/** One content type with its field definitions. */
export function useContentType(slug: string | undefined) {
  return useQuery({
    queryKey: [...CONTENT_TYPES, slug],
    queryFn: () => data(api.GET('/api/content-types/{type}', { params: { path: { type: slug ?? '' } } })),
    enabled: slug !== undefined,
    retry: false,
  });
}

/**
 * How many entries (outside the trash) each type has, by slug: the total of a one-item page of its
 * list, asked only for types the user may list (undefined for the others, and while loading).
 */
export function useEntryCounts(types: readonly ContentType[]): Record<string, number | undefined> {
  const can = useCan();
  const shown = types.filter((type) => can(`${areaOf(type.slug)}.view`));
  const counts = useQueries({
    queries: shown.map((type) => ({
      // Under the entries' key: the lists' changes refresh the counts too.
      queryKey: ['entries', type.slug, 'count'],
      queryFn: () =>
        page(
          api.GET('/api/content/{type}', {
            params: { path: { type: type.slug }, query: { page: 1, limit: 1, status: 'any' as const } },
          }),
        ).then((answer) => answer.meta.total),
      staleTime: 30_000,
    })),
  });
  return Object.fromEntries(shown.map((type, index) => [type.slug, counts[index]?.data]));
}
