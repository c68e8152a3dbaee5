import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { api, data, page } from '../api.js';
import { useCan, useSession } from '../session.js';
import { flattenFolders, type Media, type MediaFolder, type MediaKind } from './model.js';

export interface MediaQuery {
  search: string;
  kind: MediaKind | null;
  /** A folder, `none` for what is in no folder, null for everything. */
  folder: number | 'none' | null;
  page: number;
  limit: number;
}

/** A page of the library: every key starts with 'media', so an upload or an edit refreshes them all. */
export function useMediaList(query: MediaQuery, enabled = true) {
  return useQuery({
    queryKey: ['media', 'list', query],
    queryFn: () =>
      page(
        api.GET('/api/media', {
          params: {
            query: {
              page: query.page,
              limit: query.limit,
              ...(query.search ? { search: query.search } : {}),
              ...(query.kind ? { type: query.kind } : {}),
              ...(query.folder !== null ? { folder_id: query.folder } : {}),
            },
          },
        }),
      ),
    placeholderData: keepPreviousData,
    enabled,
  });
}

/** One item (the key MediaThumb and the details share). */
export function useMediaItem(id: number | null, initial?: Media) {
  return useQuery({
    queryKey: ['media', id],
    queryFn: () => data(api.GET('/api/media/{id}', { params: { path: { id: id ?? 0 } } })),
    enabled: id !== null,
    ...(initial ? { initialData: initial, staleTime: 30_000 } : {}),
    // A deleted item stays deleted: no second try for a 404.
    retry: (count, error) => !isMissing(error) && count < 1,
  });
}

/** The item is not (or no longer) in the library. */
export function isMissing(error: unknown): boolean {
  return (error as { code?: string } | null)?.code === 'media_not_found';
}

/** The folder tree, laid flat in display order. */
export function useFolders(enabled = true) {
  const tree = useQuery({
    queryKey: ['media', 'folders'],
    queryFn: async () => (await data(api.GET('/api/media/folders'))) as unknown as MediaFolder[],
    enabled,
    staleTime: 30_000,
  });
  const flat = useMemo(() => flattenFolders(tree.data ?? []), [tree.data]);
  return { ...tree, flat };
}

/**
 * What the user may do in the library: own items need media.edit or media.delete, other people's
 * the `_others` permissions too (as the server checks).
 */
export function useMediaAccess() {
  const can = useCan();
  const user = useSession();
  const on = (permission: string, media: Pick<Media, 'uploaded_by'>) =>
    can(permission) && (media.uploaded_by === user.id || can(`${permission}_others`));
  return {
    upload: can('media.upload'),
    createFolder: can('media.upload'),
    editFolder: can('media.edit'),
    deleteFolder: can('media.delete'),
    edit: (media: Pick<Media, 'uploaded_by'>) => on('media.edit', media),
    remove: (media: Pick<Media, 'uploaded_by'>) => on('media.delete', media),
  };
}
