import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { type JSX, useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ListPagination } from '../shell/lists.js';
import { Pending } from '../shell/Shell.js';
import { MediaFilters, useMediaBrowser } from './MediaFilters.js';
import { MediaItems, MediaLayoutToggle, useMediaLayout } from './MediaLayout.js';
import { acceptFor, kindOf, MEDIA_KINDS, type Media } from './model.js';
import { useFolders, useMediaAccess, useMediaList } from './queries.js';
import { StockPickerButton } from './stock/StockPickerButton.js';
import { StockPickerView } from './stock/StockPickerView.js';
import { DropArea, UploadButton, UploadList, useUploads } from './uploads.js';

export type MediaKind = 'image' | 'video' | 'audio' | 'document' | 'archive';

/**
 * Choosing media for an entry: the library's grid (or list) in a dialog, searched and filtered,
 * one item or several ticked, and files uploaded (or dropped) right here are ticked as they
 * arrive, so a user uploads and picks in one go. Only `kinds` are offered.
 */
export function MediaPicker(props: {
  opened: boolean;
  onClose: () => void;
  /** Called with the chosen items' ids (one when not multiple), then the caller closes the picker. */
  onPick: (ids: number[]) => void;
  multiple?: boolean;
  /** Only these kinds are offered (default all). */
  kinds?: readonly MediaKind[];
  title?: string;
}): JSX.Element {
  const { t } = useTranslation();
  const phone = useMediaQuery('(max-width: 36em)');
  return (
    <Modal
      opened={props.opened}
      onClose={props.onClose}
      title={props.title ?? (props.multiple ? t('media.picker.titleMany') : t('media.picker.title'))}
      size="xl"
      fullScreen={phone}
      closeButtonProps={{ 'aria-label': t('media.picker.close') }}
    >
      {/* Mounted only while open: each opening starts with nothing chosen and the first page. */}
      {props.opened ? (
        <PickerBody
          onPick={props.onPick}
          onClose={props.onClose}
          multiple={props.multiple ?? false}
          kinds={props.kinds?.length ? props.kinds : MEDIA_KINDS}
        />
      ) : null}
    </Modal>
  );
}

function PickerBody(props: {
  onPick: (ids: number[]) => void;
  onClose: () => void;
  multiple: boolean;
  kinds: readonly MediaKind[];
}) {
  const { t } = useTranslation();
  const { multiple, kinds } = props;
  const access = useMediaAccess();
  const browser = useMediaBrowser(kinds, 18);
  const folders = useFolders();
  const [layout, setLayout] = useMediaLayout();
  const list = useMediaList(browser.query);
  const [selected, setSelected] = useState<number[]>([]);
  const [view, setView] = useState<'library' | 'stock' | 'back'>('library');
  const toggle = (media: Media) =>
    setSelected((ids) =>
      ids.includes(media.id)
        ? ids.filter((id) => id !== media.id)
        : multiple
          ? [...ids, media.id]
          : [media.id],
    );
  const arrived = useCallback(
    (media: Media) => {
      if (!kinds.includes(kindOf(media))) return;
      setSelected((ids) => (multiple ? [...ids.filter((id) => id !== media.id), media.id] : [media.id]));
    },
    [kinds, multiple],
  );
  const folderId = typeof browser.query.folder === 'number' ? browser.query.folder : null;
  const uploads = useUploads(folderId, arrived);
  const items = list.data?.items ?? [];
  // Stock photos are images: offered where images go, to those who may import them.
  const stockOffered = access.upload && kinds.includes('image');
  if (stockOffered && view === 'stock')
    return (
      <StockPickerView
        folderId={folderId}
        multiple={multiple}
        onImported={arrived}
        onBack={() => setView('back')}
        chosen={selected.length}
        onChoose={() => props.onPick(selected)}
      />
    );

  return (
    <DropArea onFiles={uploads.add} disabled={!access.upload}>
      <Stack>
        <MediaFilters browser={browser} folders={folders.flat}>
          {access.upload ? (
            <UploadButton
              onFiles={uploads.add}
              multiple={multiple}
              accept={acceptFor(kinds)}
              variant="default"
              label={multiple ? t('media.upload.button') : t('media.upload.buttonOne')}
            />
          ) : null}
          {stockOffered ? (
            <StockPickerButton onOpen={() => setView('stock')} focused={view === 'back'} />
          ) : null}
          <MediaLayoutToggle value={layout} onChange={setLayout} />
        </MediaFilters>
        <UploadList {...uploads} />
        {list.error || (list.isPending && !list.data) ? (
          <Pending error={list.error} retry={() => void list.refetch()} />
        ) : items.length === 0 ? (
          <Text c="dimmed" py="xl" ta="center">
            {browser.query.search || browser.query.folder !== null
              ? t('media.noMatch')
              : access.upload
                ? t('media.picker.emptyUpload')
                : t('media.picker.empty')}
          </Text>
        ) : (
          <>
            <MediaItems
              layout={layout}
              items={items}
              label={t('media.gridLabel')}
              selection={{ selected, multiple }}
              onItem={toggle}
              onItemTwice={multiple ? undefined : (media) => props.onPick([media.id])}
            />
            <ListPagination
              lastPage={list.data?.meta.last_page}
              value={browser.query.page}
              onChange={browser.setPage}
            />
          </>
        )}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={props.onClose}>
            {t('media.cancel')}
          </Button>
          <Button disabled={selected.length === 0} onClick={() => props.onPick(selected)}>
            {t('media.picker.choose', { count: selected.length })}
          </Button>
        </Group>
      </Stack>
    </DropArea>
  );
}
