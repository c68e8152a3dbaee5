import { Anchor, Stack, Table, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useByteFormat } from './format.js';
import type { Media } from './model.js';

/** The sizes the server makes of a raster image, smallest first (MediaSchema's variants). */
const VARIANTS = ['thumbnail', 'medium', 'large', 'full'] as const;

/** A MIME type as people name the format: image/webp "WebP", image/svg+xml "SVG". */
export function formatName(mime: string): string {
  const known: Record<string, string> = { webp: 'WebP', avif: 'AVIF', jpeg: 'JPEG', 'svg+xml': 'SVG' };
  const subtype = mime.slice(mime.indexOf('/') + 1);
  return known[subtype] ?? subtype.toUpperCase();
}

/**
 * The sizes and formats made from the upload, as the API lists them: each with its pixels, its
 * weight and a link to open it. A file kept as sent (a PDF, an SVG, a video) has none, and says so.
 */
export function MediaVariants({ media }: { media: Media }) {
  const { t } = useTranslation();
  const bytes = useByteFormat();
  const made = VARIANTS.flatMap((name) => {
    const variant = media.variants[name];
    return variant ? [{ name, ...variant }] : [];
  });
  return (
    <Stack gap="xs">
      <Title order={3} size="h5">
        {t('media.variants.title')}
      </Title>
      {made.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t('media.variants.none')}
        </Text>
      ) : (
        <Table.ScrollContainer minWidth={380}>
          <Table withTableBorder fz="sm" aria-label={t('media.variants.title')}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">{t('media.variants.name')}</Table.Th>
                <Table.Th scope="col">{t('media.variants.format')}</Table.Th>
                <Table.Th scope="col">{t('media.variants.dimensions')}</Table.Th>
                <Table.Th scope="col">{t('media.variants.size')}</Table.Th>
                <Table.Th scope="col">
                  <span className="visually-hidden">{t('media.variants.open')}</span>
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {made.map((variant) => {
                const label = t(`media.variants.names.${variant.name}`);
                const format = formatName(variant.mime_type);
                return (
                  <Table.Tr key={variant.name}>
                    <Table.Th scope="row" fw={500}>
                      {label}
                    </Table.Th>
                    <Table.Td>{format}</Table.Td>
                    <Table.Td style={{ whiteSpace: 'nowrap' }}>
                      {t('media.details.pixels', { width: variant.width, height: variant.height })}
                    </Table.Td>
                    <Table.Td style={{ whiteSpace: 'nowrap' }}>{bytes(variant.size)}</Table.Td>
                    <Table.Td>
                      <Anchor
                        size="sm"
                        href={variant.url}
                        target="_blank"
                        rel="noopener"
                        aria-label={t('media.variants.openNamed', { name: label, format })}
                      >
                        {t('media.variants.open')}
                      </Anchor>
                    </Table.Td>
                  </Table.Tr>
                );
              })}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </Stack>
  );
}
