import { Box, Flex, Group, Stack, Text, Title } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { ListPagination } from '../shell/lists.js';
import { Pending } from '../shell/Shell.js';
import { useDocumentTitle } from '../site.js';
import { FolderActions } from './FolderActions.js';
import { FolderTree } from './FolderTree.js';
import { LibraryDragAndDrop } from './LibraryDragAndDrop.js';
import { MoreFilters, MoreFiltersButton, useLibraryFilters } from './LibraryFilters.js';
import { MediaDetails } from './MediaDetails.js';
import { MediaFilters, useMediaBrowser } from './MediaFilters.js';
import { MediaItems, MediaLayoutToggle, useMediaLayout } from './MediaLayout.js';
import type { Media } from './model.js';
import { useFolders, useMediaAccess, useMediaItem, useMediaList } from './queries.js';
import { StockPhotosButton } from './stock/StockPhotosButton.js';
import { DropArea, UploadButton, UploadList, useUploads } from './uploads.js';

/**
 * The media library (spec 1 Media): the items as a grid or a table, searched and filtered (kind,
 * dates, type, uploader, usage) beside the folder tree, where items and folders are dropped to
 * move them; files uploaded by button or by dropping them on the screen, several at once; folders
 * made, renamed and deleted; one item's details in a drawer.
 */
export function MediaLibraryPage() {
  const { t } = useTranslation();
  useDocumentTitle(t('media.title'));
  const access = useMediaAccess();
  const browser = useMediaBrowser();
  const filters = useLibraryFilters(() => browser.setPage(1));
  const [moreFilters, setMoreFilters] = useState(false);
  const [layout, setLayout] = useMediaLayout();
  const folders = useFolders();
  const list = useMediaList({ ...browser.query, narrowing: filters.narrowing });
  const folderId = typeof browser.query.folder === 'number' ? browser.query.folder : null;
  const uploads = useUploads(folderId);
  const [details, setDetails] = useState<{ media: Media; opened: boolean } | null>(null);
  // /media?item=12 (the global search's links) opens that item's details.
  const [params, setParams] = useSearchParams();
  const linked = useMediaItem(Number(params.get('item')) || null);
  useEffect(() => {
    if (!linked.data) return;
    setDetails({ media: linked.data, opened: true });
    setParams({}, { replace: true });
  }, [linked.data, setParams]);
  const items = list.data?.items ?? [];
  const filtered =
    browser.query.search !== '' ||
    browser.query.kind !== null ||
    browser.query.folder !== null ||
    filters.active > 0;

  return (
    <DropArea onFiles={uploads.add} disabled={!access.upload}>
      <Stack>
        <Group justify="space-between" align="center">
          <Title order={1} size="h2">
            {t('media.title')}
          </Title>
          {access.upload ? (
            <Group gap="sm">
              <StockPhotosButton folderId={folderId} />
              <UploadButton onFiles={uploads.add} multiple label={t('media.upload.button')} />
            </Group>
          ) : null}
        </Group>
        {access.upload ? (
          <Text size="sm" c="dimmed">
            {t('media.upload.help')}
          </Text>
        ) : null}
        <LibraryDragAndDrop>
          <Flex
            direction={{ base: 'column', sm: 'row' }}
            gap="lg"
            align={{ base: 'stretch', sm: 'flex-start' }}
          >
            <Box w={{ base: '100%', sm: 240 }} style={{ flexShrink: 0 }}>
              <FolderTree
                folders={folders.flat}
                state={{
                  isPending: folders.isPending,
                  error: folders.error,
                  retry: () => void folders.refetch(),
                }}
                chosen={browser.query.folder}
                onChoose={browser.setFolder}
                movable={access.editFolder}
                subfolders={filters.values.subfolders}
                onSubfolders={(subfolders) => filters.set({ subfolders })}
              >
                <FolderActions
                  folders={folders.flat}
                  current={folders.flat.find((folder) => folder.id === folderId) ?? null}
                  onFolder={(id) => browser.setFolder(id)}
                />
              </FolderTree>
            </Box>
            <Stack style={{ flex: 1, minWidth: 0 }}>
              <MediaFilters browser={browser}>
                <MoreFiltersButton
                  filters={filters}
                  opened={moreFilters}
                  onToggle={() => setMoreFilters((opened) => !opened)}
                />
                <MediaLayoutToggle value={layout} onChange={setLayout} />
              </MediaFilters>
              <MoreFilters filters={filters} opened={moreFilters} />
              <UploadList {...uploads} />
              {list.error || (list.isPending && !list.data) ? (
                <Pending error={list.error} retry={() => void list.refetch()} />
              ) : items.length === 0 ? (
                <Text c="dimmed" py="xl" ta="center">
                  {filtered ? t('media.noMatch') : access.upload ? t('media.emptyUpload') : t('media.empty')}
                </Text>
              ) : (
                <>
                  <Text size="sm" c="dimmed" role="status">
                    {t('media.count', { count: list.data?.meta.total ?? items.length })}
                  </Text>
                  <MediaItems
                    layout={layout}
                    items={items}
                    label={t('media.gridLabel')}
                    onItem={(media) => setDetails({ media, opened: true })}
                    canDrag={access.edit}
                  />
                  <ListPagination
                    lastPage={list.data?.meta.last_page}
                    value={browser.query.page}
                    onChange={browser.setPage}
                  />
                </>
              )}
            </Stack>
          </Flex>
        </LibraryDragAndDrop>
      </Stack>
      <MediaDetails
        id={details?.media.id ?? null}
        initial={details?.media}
        opened={details?.opened ?? false}
        folders={folders.flat}
        onClose={() => setDetails((shown) => (shown ? { ...shown, opened: false } : null))}
      />
    </DropArea>
  );
}
