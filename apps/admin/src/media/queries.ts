import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
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
  /** The library's further filters (spec 4.2), each left out when unset; the picker has none. */
  narrowing?: MediaNarrowing;
}

/** What the library narrows by beyond words, kind and folder, as the API takes it. */
export interface MediaNarrowing {
  /** An exact MIME type of the stored file (image/webp for converted images). */
  mime?: string;
  /** Instants (ISO 8601): uploaded at or after `from`, before `to`. */
  from?: string;
  to?: string;
  uploadedBy?: number;
  /** true: used nowhere; false: used somewhere. */
  orphaned?: boolean;
  /** With a folder: the media of its subfolders too. */
  includeSubfolders?: boolean;
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
              ...narrowingParams(query.narrowing ?? {}, query.folder),
            },
          },
        }),
      ),
    placeholderData: keepPreviousData,
    enabled,
  });
}

function narrowingParams(narrowing: MediaNarrowing, folder: MediaQuery['folder']) {
  return {
    ...(narrowing.mime ? { mime: narrowing.mime } : {}),
    ...(narrowing.from ? { from: narrowing.from } : {}),
    ...(narrowing.to ? { to: narrowing.to } : {}),
    ...(narrowing.uploadedBy !== undefined ? { uploaded_by: narrowing.uploadedBy } : {}),
    ...(narrowing.orphaned !== undefined ? { orphaned: narrowing.orphaned } : {}),
    // Only a folder has subfolders: "none" and "all" take no such flag.
    ...(narrowing.includeSubfolders && typeof folder === 'number' ? { include_subfolders: true } : {}),
  };
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
 * The site's people by id, to name who uploaded what, for those who may see the users (the first
 * hundred, the key the content lists share); others see only themselves named.
 */
export function useUploaders() {
  const can = useCan();
  const me = useSession();
  const { t } = useTranslation();
  const people = useQuery({
    queryKey: ['users', 'names'],
    queryFn: () => page(api.GET('/api/users', { params: { query: { page: 1, limit: 100 } } })),
    enabled: can('users.view'),
    staleTime: 60_000,
  });
  const others = (people.data?.items ?? []).filter((user) => user.id !== me.id);
  return {
    me,
    others,
    nameOf: (id: number | null): string => {
      if (id === null) return t('media.list.nobody');
      if (id === me.id) return me.display_name;
      return others.find((user) => user.id === id)?.display_name ?? t('media.list.userNumber', { id });
    },
  };
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
