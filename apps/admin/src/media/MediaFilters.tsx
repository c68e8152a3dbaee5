import { Group, Select, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import type { ReactNode } from 'react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type FlatFolder, MEDIA_KINDS, type MediaKind } from './model.js';
import type { MediaQuery } from './queries.js';

/**
 * What the library shows: words, kind, folder and page. Offered only `kinds`: with all of them
 * "any kind" is a choice; with some, one at a time (the API filters on one kind).
 */
export function useMediaBrowser(kinds: readonly MediaKind[] = MEDIA_KINDS, limit = 24) {
  const everyKind = MEDIA_KINDS.every((kind) => kinds.includes(kind));
  const [search, setSearch] = useState('');
  const [q] = useDebouncedValue(search.trim(), 300);
  const [kind, setKind] = useState<MediaKind | null>(everyKind ? null : (kinds[0] ?? null));
  const [folder, setFolder] = useState<number | 'none' | null>(null);
  const [current, setCurrent] = useState(1);
  const query: MediaQuery = { search: q, kind, folder, page: current, limit };
  return {
    query,
    search,
    kinds,
    everyKind,
    setSearch: (value: string) => {
      setSearch(value);
      setCurrent(1);
    },
    setKind: (value: MediaKind | null) => {
      setKind(value);
      setCurrent(1);
    },
    setFolder: (value: number | 'none' | null) => {
      setFolder(value);
      setCurrent(1);
    },
    setPage: setCurrent,
  };
}

export type MediaBrowser = ReturnType<typeof useMediaBrowser>;

/** The folder choices: every folder (indented under its parent), or none, or all. */
export function folderOptions(folders: readonly FlatFolder[], withAll: boolean, t: (key: string) => string) {
  return [
    ...(withAll ? [{ value: 'all', label: t('media.folders.all') }] : []),
    { value: 'none', label: t('media.folders.none') },
    ...folders.map((folder) => ({
      value: String(folder.id),
      label: `${'– '.repeat(folder.depth)}${folder.name} (${folder.mediaCount})`,
    })),
  ];
}

/**
 * Search, kind and, given `folders`, folder over the items (the library has its folder tree
 * instead); `children` go at the row's end.
 */
export function MediaFilters(props: {
  browser: MediaBrowser;
  folders?: readonly FlatFolder[];
  children?: ReactNode;
}) {
  const { t } = useTranslation();
  const { browser } = props;
  const kindData = [
    ...(browser.everyKind ? [{ value: 'all', label: t('media.kinds.all') }] : []),
    ...browser.kinds.map((kind) => ({ value: kind, label: t(`media.kinds.${kind}`) })),
  ];
  const folder = browser.query.folder;
  return (
    <Group align="flex-end" gap="sm">
      <TextInput
        label={t('media.search')}
        type="search"
        value={browser.search}
        onChange={(event) => browser.setSearch(event.currentTarget.value)}
        w={{ base: '100%', xs: 220 }}
      />
      {kindData.length > 1 ? (
        <Select
          label={t('media.kind')}
          data={kindData}
          value={browser.query.kind ?? 'all'}
          onChange={(value) => browser.setKind(value && value !== 'all' ? (value as MediaKind) : null)}
          allowDeselect={false}
          w={{ base: 'calc(50% - var(--mantine-spacing-sm) / 2)', xs: 160 }}
        />
      ) : null}
      {props.folders ? (
        <Select
          label={t('media.folder')}
          data={folderOptions(props.folders, true, t)}
          value={folder === null ? 'all' : String(folder)}
          onChange={(value) =>
            browser.setFolder(!value || value === 'all' ? null : value === 'none' ? 'none' : Number(value))
          }
          allowDeselect={false}
          w={{ base: 'calc(50% - var(--mantine-spacing-sm) / 2)', xs: 200 }}
        />
      ) : null}
      {props.children}
    </Group>
  );
}
