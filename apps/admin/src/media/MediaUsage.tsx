import { Badge, Group, List, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { api, data } from '../api.js';
import { type BuilderLabels, useBuilderLabels } from '../builder/labels.js';
import { Pending } from '../shell/Shell.js';
import type { MediaUse } from './model.js';

/** An owner's name for people: its label, else its type and number. */
export function ownerOf(
  use: MediaUse,
  t: (key: string, options?: Record<string, unknown>) => string,
): string {
  const { type, kind } = use.owner;
  const what =
    type === 'entry' && kind
      ? t(`types.${kind}`, { defaultValue: kind })
      : t(`media.usage.type.${type}`, { defaultValue: type });
  return use.owner.label ? `${what} “${use.owner.label}”` : `${what} #${use.owner.id}`;
}

/** Where in its owner a use is, in words ("Block 2 (Image)"); the raw path where the server cannot say. */
export function placeOf(
  use: MediaUse,
  t: (key: string, options?: Record<string, unknown>) => string,
  labels: BuilderLabels,
): string {
  const { place } = use;
  if (!place) return use.path;
  if (place.kind === 'featured') return t('media.usage.place.featured');
  if (place.kind === 'field') return t('media.usage.place.field', { label: place.label });
  return t('media.usage.place.block', { position: place.position, block: labels.block(place.block) });
}

/** Where the item is used: entries (featured image, fields, blocks), menus, plugin records. */
export function MediaUsage({ id }: { id: number }) {
  const { t } = useTranslation();
  const labels = useBuilderLabels();
  const usage = useQuery({
    queryKey: ['media', id, 'usage'],
    queryFn: () => data(api.GET('/api/media/{id}/usage', { params: { path: { id } } })),
  });
  if (usage.error || usage.isPending)
    return <Pending error={usage.error} retry={() => void usage.refetch()} />;
  if (usage.data.length === 0)
    return (
      <Text size="sm" c="dimmed">
        {t('media.usage.none')}
      </Text>
    );
  return (
    <List size="sm" spacing={4}>
      {usage.data.map((use) => (
        <List.Item key={`${use.owner.type}:${use.owner.id}:${use.path}`}>
          <Group gap={6} wrap="wrap">
            <Text size="sm" fw={500}>
              {ownerOf(use, t)}
            </Text>
            {use.owner.status ? (
              <Badge size="xs" variant="light" color="gray">
                {t(`status.${use.owner.status}`, { defaultValue: use.owner.status })}
              </Badge>
            ) : null}
            <Text size="xs" c="dimmed" ff={use.place ? undefined : 'monospace'}>
              {placeOf(use, t, labels)}
            </Text>
          </Group>
        </List.Item>
      ))}
    </List>
  );
}
