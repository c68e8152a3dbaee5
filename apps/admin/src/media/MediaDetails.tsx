import {
  Anchor,
  Button,
  CopyButton,
  Divider,
  Drawer,
  Group,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Pending } from '../shell/Shell.js';
import { useDateFormat } from '../site.js';
import { useByteFormat } from './format.js';
import { MediaActions } from './MediaActions.js';
import { type Focal, focalOf, MediaForm } from './MediaForm.js';
import { MediaPreview } from './MediaPreview.js';
import { MediaUsage } from './MediaUsage.js';
import { MediaVariants } from './MediaVariants.js';
import { absoluteUrl, type FlatFolder, isRaster, type Media, nameOf } from './model.js';
import { useMediaAccess, useMediaItem } from './queries.js';

/** The facts of the file, which nobody edits. */
function Facts({ media }: { media: Media }) {
  const { t } = useTranslation();
  const bytes = useByteFormat();
  const when = useDateFormat();
  const rows: [string, string][] = [
    [t('media.details.fileName'), nameOf(media)],
    [t('media.details.storedAs'), media.file_name],
    [t('media.details.type'), media.mime_type],
    [t('media.details.size'), bytes(media.size)],
    ...(media.width && media.height
      ? [
          [
            t('media.details.dimensions'),
            t('media.details.pixels', { width: media.width, height: media.height }),
          ],
        ]
      : []),
    [t('media.details.uploaded'), when.format(new Date(media.created_at))],
    ...(media.duplicate_of ? [[t('media.details.duplicate'), `#${media.duplicate_of}`]] : []),
  ] as [string, string][];
  return (
    <Table variant="vertical" layout="fixed" withTableBorder fz="sm">
      <Table.Tbody>
        {rows.map(([label, value]) => (
          <Table.Tr key={label}>
            <Table.Th scope="row" w={120}>
              {label}
            </Table.Th>
            <Table.Td style={{ overflowWrap: 'anywhere' }}>{value}</Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}

function Address({ media }: { media: Media }) {
  const { t } = useTranslation();
  const url = absoluteUrl(media.url);
  return (
    <Group align="flex-end" gap="xs" wrap="nowrap">
      <TextInput label={t('media.details.url')} value={url} readOnly style={{ flex: 1, minWidth: 0 }} />
      <CopyButton value={url}>
        {({ copied, copy }) => (
          <Button variant="default" onClick={copy} aria-label={t('media.details.copyUrl')}>
            {copied ? t('media.details.copied') : t('media.details.copy')}
          </Button>
        )}
      </CopyButton>
    </Group>
  );
}

/** One item's everything, in a state of its own per item (the focal point being picked). */
function Details(props: { media: Media; folders: readonly FlatFolder[]; onClose: () => void }) {
  const { t } = useTranslation();
  const access = useMediaAccess();
  const { media } = props;
  const editable = access.edit(media);
  const [focal, setFocal] = useState<Focal>(() => focalOf(media));
  return (
    <Stack gap="md">
      <MediaPreview
        media={media}
        focal={focal}
        {...(editable && isRaster(media) ? { onFocal: setFocal } : {})}
      />
      <Anchor href={media.url} target="_blank" rel="noopener" size="sm">
        {t('media.details.open')}
      </Anchor>
      <Facts media={media} />
      <Address media={media} />
      <MediaVariants media={media} />
      <Divider />
      <MediaForm media={media} folders={props.folders} editable={editable} focal={focal} onFocal={setFocal} />
      <Divider />
      <Stack gap="xs">
        <Title order={3} size="h5">
          {t('media.usage.title')}
        </Title>
        <MediaUsage id={media.id} />
      </Stack>
      <Divider />
      <MediaActions media={media} onDeleted={props.onClose} />
    </Stack>
  );
}

/** The details of one item in a drawer over the library (the whole width on a phone). */
export function MediaDetails(props: {
  /** Kept while the drawer closes, so its content stays in place as it slides out. */
  id: number | null;
  opened: boolean;
  initial?: Media;
  folders: readonly FlatFolder[];
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const phone = useMediaQuery('(max-width: 36em)');
  const item = useMediaItem(props.id, props.initial);
  const media = item.data;
  return (
    <Drawer
      opened={props.opened && props.id !== null}
      onClose={props.onClose}
      position="right"
      size={phone ? '100%' : 'lg'}
      title={
        <Text fw={700} component="span" style={{ overflowWrap: 'anywhere' }}>
          {media ? nameOf(media) : t('media.details.heading')}
        </Text>
      }
      closeButtonProps={{ 'aria-label': t('media.details.close') }}
    >
      {media ? (
        <Details key={media.id} media={media} folders={props.folders} onClose={props.onClose} />
      ) : (
        <Pending error={item.error} retry={() => void item.refetch()} />
      )}
    </Drawer>
  );
}
