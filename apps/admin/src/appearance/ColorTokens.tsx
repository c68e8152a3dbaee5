import { Button, ColorInput, Group, SegmentedControl, SimpleGrid, Stack, Table, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { contrastLevel, contrastRatio } from './contrast.js';
import { COLOR_NAMES, type ColorName, type Palette } from './design.js';

export type Scheme = 'colors' | 'dark_colors';

/** A palette's colours (light or dark scheme), each with its swatch, or left to the theme. */
export function ColorTokens(props: {
  scheme: Scheme;
  onScheme: (scheme: Scheme) => void;
  palette: Palette;
  onChange: (palette: Palette) => void;
  /** The server's messages by colour name (or '' for the palette as a whole). */
  errors: Record<string, string>;
}) {
  const { t } = useTranslation();
  const { palette } = props;
  const set = (name: ColorName, value: string | null) => props.onChange({ ...palette, [name]: value });
  return (
    <Stack gap="sm">
      <SegmentedControl
        value={props.scheme}
        onChange={(next) => props.onScheme(next as Scheme)}
        data={[
          { value: 'colors', label: t('appearance.design.light') },
          { value: 'dark_colors', label: t('appearance.design.dark') },
        ]}
        aria-label={t('appearance.design.scheme')}
        w="fit-content"
      />
      <Text size="sm" c="dimmed">
        {props.scheme === 'colors' ? t('appearance.design.lightHelp') : t('appearance.design.darkHelp')}
      </Text>
      {props.errors[''] ? (
        <Text size="sm" c="red.9" role="alert">
          {props.errors['']}
        </Text>
      ) : null}
      <SimpleGrid type="container" cols={{ base: 1, '340px': 2 }} spacing="sm">
        {COLOR_NAMES.map((name) => {
          const label = t(`appearance.design.color.${name}`);
          return (
            <Stack key={name} gap={2}>
              <ColorInput
                label={label}
                format="hex"
                fixOnBlur={false}
                placeholder={t('appearance.design.themeColor')}
                value={palette[name] ?? ''}
                onChange={(value) => set(name, value === '' ? null : value)}
                error={props.errors[name]}
                eyeDropperButtonProps={{ 'aria-label': t('appearance.design.eyeDropper', { name: label }) }}
                swatches={COLOR_NAMES.flatMap((other) =>
                  other !== name && palette[other] ? [palette[other]] : [],
                )}
              />
              {palette[name] !== null ? (
                <Button
                  variant="subtle"
                  size="compact-xs"
                  w="fit-content"
                  onClick={() => set(name, null)}
                  aria-label={t('appearance.design.useThemeNamed', { name: label })}
                >
                  {t('appearance.design.useTheme')}
                </Button>
              ) : null}
            </Stack>
          );
        })}
      </SimpleGrid>
      <Contrast palette={palette} />
    </Stack>
  );
}

/** How text, muted text and links read on the background of the palette (WCAG AA asks 4.5:1). */
function Contrast({ palette }: { palette: Palette }) {
  const { t, i18n } = useTranslation();
  const pairs: Array<[ColorName, string]> = [
    ['text', t('appearance.design.contrastText')],
    ['muted', t('appearance.design.contrastMuted')],
    ['primary', t('appearance.design.contrastLink')],
  ];
  return (
    <Table withTableBorder captionSide="top">
      <Table.Caption style={{ textAlign: 'start', fontWeight: 500, color: 'var(--mantine-color-text)' }}>
        {t('appearance.design.contrast')}
      </Table.Caption>
      <Table.Tbody>
        {pairs.map(([name, label]) => {
          const ratio = contrastRatio(palette[name], palette.background);
          const level = ratio === null ? null : contrastLevel(ratio);
          return (
            <Table.Tr key={name}>
              <Table.Th scope="row" fw={500}>
                {label}
              </Table.Th>
              <Table.Td>
                {ratio === null ? (
                  <Text size="sm" c="dimmed">
                    {t('appearance.design.contrastUnknown')}
                  </Text>
                ) : (
                  <Group gap="xs" wrap="nowrap">
                    <Text size="sm" fw={600}>
                      {t('appearance.design.ratio', {
                        ratio: ratio.toLocaleString(i18n.language, { maximumFractionDigits: 2 }),
                      })}
                    </Text>
                    <Text size="sm" fw={700} c={level === 'fail' ? 'red.9' : 'teal.9'}>
                      {t(`appearance.design.level.${level}`)}
                    </Text>
                  </Group>
                )}
              </Table.Td>
            </Table.Tr>
          );
        })}
      </Table.Tbody>
    </Table>
  );
}
