import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import type { paths } from '@tessera/sdk';
import { api, data, page } from '../../api.js';
import type { Media } from '../model.js';

type Json<T> = T extends { content: { 'application/json': infer Body } } ? Body : never;

/** One photo of a search, as the API answers it (credit included). */
export type StockPhoto = Json<paths['/api/media/stock/search']['get']['responses'][200]>['data'][number];

/** A provider and whether the site has its key. */
export type StockSource = Json<paths['/api/media/stock/providers']['get']['responses'][200]>['data'][number];

export type StockProviderName = StockSource['name'];

/** The server always answers 24 a page, and at most 100 pages. */
const PER_PAGE = 24;
const LAST_PAGE = 100;

/** Which providers have a key: asked once a while, as a key is rarely added. */
export function useStockSources(enabled = true) {
  return useQuery({
    enabled,
    // Not under 'media': an upload refreshes the library's queries, not this.
    queryKey: ['stock', 'sources'],
    queryFn: () => data(api.GET('/api/media/stock/providers')),
    staleTime: 60_000,
  });
}

/**
 * One search's pages, fetched one at a time as "more" is asked for; a photo already shown (a
 * provider may repeat one on a later page) is not shown twice.
 */
export function useStockSearch(provider: StockProviderName | null, words: string) {
  const search = useInfiniteQuery({
    queryKey: ['stock', 'search', provider, words],
    queryFn: ({ pageParam }) =>
      page(
        api.GET('/api/media/stock/search', {
          params: { query: { provider: provider ?? 'unsplash', q: words, page: pageParam, limit: PER_PAGE } },
        }),
      ),
    initialPageParam: 1,
    getNextPageParam: (last, _all, current) =>
      current < Math.min(LAST_PAGE, Math.ceil(last.meta.total / PER_PAGE)) ? current + 1 : undefined,
    enabled: provider !== null && words !== '',
    staleTime: 10 * 60_000,
    // A refused key or a missing photo does not get better by asking again.
    retry: false,
  });
  const seen = new Set<string>();
  const photos = (search.data?.pages ?? [])
    .flatMap((answer) => answer.items)
    .filter((photo) => !seen.has(photo.id) && seen.add(photo.id));
  return { ...search, photos, total: search.data?.pages[0]?.meta.total ?? 0 };
}

/** Imports one photo into the library (downloaded by the server, its credit stored). */
export function importStockPhoto(
  provider: StockProviderName,
  id: string,
  folderId: number | null,
): Promise<Media> {
  return data(
    api.POST('/api/media/stock/import', {
      body: {
        provider,
        id,
        ...(folderId ? { folder_id: folderId } : {}),
      },
    }),
  );
}
