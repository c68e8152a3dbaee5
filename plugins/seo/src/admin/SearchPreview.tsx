import { Box, Paper, Stack, Text, Title } from '@mantine/core';
import type { AdminTranslate } from '@tessera/plugin/admin';
import { toneOf } from './rating.js';

export interface PreviewText {
  address: string;
  title: string;
  /** As results show it, cut at a word within 160 characters. */
  description: string;
  titleLength: { count: number; over: boolean; most: number };
  /** null: none is written, the page falls back to the excerpt or the first paragraph. */
  descriptionLength: { count: number; over: boolean; most: number } | null;
}

/** How the entry may show in search results, with the lengths that decide whether it shows whole. */
export function SearchPreview(props: { preview: PreviewText; t: AdminTranslate }) {
  const { preview, t } = props;
  return (
    <Stack gap="xs">
      <Title order={3} size="h6">
        {t('panel.preview')}
      </Title>
      <Paper withBorder p="sm" radius="sm">
        <Text size="xs" c="dimmed" truncate="end" data-testid="seo-preview-address">
          {preview.address}
        </Text>
        <Text
          fz="lg"
          lh={1.3}
          lineClamp={2}
          data-testid="seo-preview-title"
          style={{ color: 'light-dark(var(--mantine-color-blue-9), var(--mantine-color-blue-3))' }}
        >
          {preview.title || t('panel.untitled')}
        </Text>
        <Text size="sm" lineClamp={3} data-testid="seo-preview-description">
          {preview.description}
        </Text>
      </Paper>
      <Box>
        <Counter
          label={t('panel.titleCount', lengthValues(preview.titleLength))}
          over={preview.titleLength.over}
          t={t}
        />
        {preview.descriptionLength ? (
          <Counter
            label={t('panel.descriptionCount', lengthValues(preview.descriptionLength))}
            over={preview.descriptionLength.over}
            t={t}
          />
        ) : (
          <Text size="xs" c="dimmed">
            {t('panel.fallback')}
          </Text>
        )}
      </Box>
    </Stack>
  );
}

const lengthValues = (length: { count: number; most: number }) => ({
  count: length.count,
  most: length.most,
});

function Counter(props: { label: string; over: boolean; t: AdminTranslate }) {
  return (
    <Text
      size="xs"
      c={props.over ? undefined : 'dimmed'}
      style={props.over ? { color: toneOf('problem') } : undefined}
    >
      {props.label}
      {props.over ? ` (${props.t('panel.tooLong')})` : ''}
    </Text>
  );
}
