import { Box, CloseButton, Group, Paper, Skeleton, Text } from '@mantine/core';
import type { JSX } from 'react';
import { useTranslation } from 'react-i18next';
import { MediaSquare } from './MediaSquare.js';
import { nameOf } from './model.js';
import { isMissing, useMediaItem } from './queries.js';

/** A chosen media item as a small card: thumbnail (or kind icon) and file name, fetched by id (TanStack key ['media', id]); a remove button when onRemove is given (aria-label "Remove: <file name>"). A missing item (404) says so. */
export function MediaThumb(props: { id: number; onRemove?: () => void }): JSX.Element {
  const { t } = useTranslation();
  const item = useMediaItem(props.id);
  const media = item.data;
  const name = media ? nameOf(media) : t('media.thumb.unnamed', { id: props.id });
  return (
    <Paper withBorder p={6} radius="md" maw={320}>
      <Group gap="sm" wrap="nowrap">
        <Box w={48} miw={48} style={{ borderRadius: 'var(--mantine-radius-sm)', overflow: 'hidden' }}>
          {media ? (
            <MediaSquare media={media} size={48} />
          ) : (
            <Skeleton h={48} w={48} animate={item.isPending} />
          )}
        </Box>
        <Box style={{ flex: 1, minWidth: 0 }}>
          {media ? (
            <Text size="sm" truncate title={name}>
              {name}
            </Text>
          ) : item.isPending ? (
            <Text size="sm" c="dimmed" role="status">
              {t('app.loading')}
            </Text>
          ) : (
            <Text size="sm" c="red.9">
              {isMissing(item.error) ? t('media.thumb.missing', { id: props.id }) : t('media.thumb.failed')}
            </Text>
          )}
        </Box>
        {props.onRemove ? (
          <CloseButton onClick={props.onRemove} aria-label={t('media.thumb.remove', { name })} />
        ) : null}
      </Group>
    </Paper>
  );
}
