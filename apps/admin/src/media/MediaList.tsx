import { Anchor, Box, Group, Table, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useDateFormat } from '../site.js';
import { useByteFormat } from './format.js';
import { useLibraryDrag } from './LibraryDragAndDrop.js';
import { ChosenMark, type MediaItemsProps } from './MediaGrid.js';
import { MediaSquare } from './MediaSquare.js';
import { type Media, nameOf } from './model.js';
import { useUploaders } from './queries.js';

/**
 * The library's items as a table, one row each: thumbnail, name (the button that opens or
 * chooses it, as a tile does in the grid), type, size, dimensions, who uploaded it and when.
 */
export function MediaList(props: MediaItemsProps) {
  const { t } = useTranslation();
  const bytes = useByteFormat();
  const when = useDateFormat();
  const people = useUploaders();
  const facts = { bytes, date: (iso: string) => when.format(new Date(iso)), uploader: people.nameOf };
  return (
    // Seven columns: on a phone the table scrolls sideways, not the page.
    <Table.ScrollContainer minWidth={760}>
      <Table aria-label={props.label} verticalSpacing={6} highlightOnHover>
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col" w={64}>
              <span className="visually-hidden">{t('media.list.preview')}</span>
            </Table.Th>
            <Table.Th scope="col">{t('media.list.name')}</Table.Th>
            <Table.Th scope="col">{t('media.list.type')}</Table.Th>
            <Table.Th scope="col">{t('media.list.size')}</Table.Th>
            <Table.Th scope="col">{t('media.list.dimensions')}</Table.Th>
            <Table.Th scope="col">{t('media.list.uploadedBy')}</Table.Th>
            <Table.Th scope="col">{t('media.list.date')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {props.items.map((media) => (
            <Row key={media.id} media={media} facts={facts} {...props} />
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

/** How a row words its facts, made once for the table. */
interface Facts {
  bytes: (size: number) => string;
  date: (iso: string) => string;
  uploader: (id: number | null) => string;
}

function Row({ media, selection, facts, ...props }: MediaItemsProps & { media: Media; facts: Facts }) {
  const { t } = useTranslation();
  const chosen = selection?.selected.includes(media.id) ?? false;
  const name = nameOf(media);
  const drag = useLibraryDrag({ kind: 'media', media, name }, props.canDrag?.(media) ?? false);
  return (
    <Table.Tr
      ref={drag.ref}
      {...drag.listeners}
      bg={chosen ? 'var(--mantine-primary-color-light)' : undefined}
      style={{ opacity: drag.dragging ? 0.5 : undefined }}
    >
      <Table.Td>
        <Box w={48} style={{ borderRadius: 'var(--mantine-radius-sm)', overflow: 'hidden' }}>
          <MediaSquare media={media} size={48} />
        </Box>
      </Table.Td>
      <Table.Td maw={320}>
        <Group gap="xs" wrap="nowrap">
          {selection ? <ChosenMark chosen={chosen} round={!selection.multiple} inline /> : null}
          <Anchor
            component="button"
            type="button"
            size="sm"
            fw={500}
            ta="start"
            onClick={() => props.onItem(media)}
            onDoubleClick={props.onItemTwice ? () => props.onItemTwice?.(media) : undefined}
            aria-pressed={selection ? chosen : undefined}
            style={{ overflowWrap: 'anywhere' }}
          >
            {name}
          </Anchor>
        </Group>
      </Table.Td>
      <Table.Td>
        <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
          {media.mime_type}
        </Text>
      </Table.Td>
      <Table.Td style={{ whiteSpace: 'nowrap' }}>{facts.bytes(media.size)}</Table.Td>
      <Table.Td style={{ whiteSpace: 'nowrap' }}>
        {media.width && media.height
          ? t('media.details.pixels', { width: media.width, height: media.height })
          : '—'}
      </Table.Td>
      <Table.Td>{facts.uploader(media.uploaded_by)}</Table.Td>
      <Table.Td style={{ whiteSpace: 'nowrap' }}>{facts.date(media.created_at)}</Table.Td>
    </Table.Tr>
  );
}
