import { Button, Modal, Radio, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { BuilderLabels } from './labels.js';
import type { BlockType, Catalog } from './queries.js';
import {
  type AddMode,
  addPlacements,
  type Block,
  countBlocks,
  isContainer,
  locate,
  MAX_BLOCKS,
  type Placement,
} from './tree.js';

/** Spec 2.1's categories, in the palette's order; a plugin's other category comes last. */
const CATEGORIES = ['layout', 'content', 'media', 'navigation', 'data', 'dynamic'];

/** The categories of these block types, spec 2.1's first, in the palette's order. */
export function paletteCategories(types: readonly BlockType[]): string[] {
  return [
    ...CATEGORIES,
    ...new Set(types.map((type) => type.category).filter((c) => !CATEGORIES.includes(c))),
  ];
}

/**
 * The palette: the block types the server offers, by category, searched by name; each added inside
 * the selected block, after it, or at the end of the page, where its rules allow.
 */
export function Palette(props: {
  opened: boolean;
  onClose: () => void;
  catalog: Catalog;
  tree: Block[];
  selectedId: string | null;
  labels: BuilderLabels;
  onAdd: (type: BlockType, placement: Placement) => void;
}) {
  const { t } = useTranslation();
  const phone = useMediaQuery('(max-width: 36em)');
  return (
    <Modal
      opened={props.opened}
      onClose={props.onClose}
      title={t('builder.palette.title')}
      size="xl"
      fullScreen={phone}
      closeButtonProps={{ 'aria-label': t('app.close') }}
      // Focus goes to the block added, or back to the Add button (the caller's onClose).
      returnFocus={false}
    >
      {/* Mounted only while open: each opening starts with an empty search. */}
      {props.opened ? <PaletteBody {...props} /> : null}
    </Modal>
  );
}

function PaletteBody(props: Parameters<typeof Palette>[0]) {
  const { t } = useTranslation();
  const { catalog, tree, selectedId, labels } = props;
  const selected = selectedId ? locate(tree, selectedId) : null;
  const selectedName = selected
    ? labels.block(selected.block.type, catalog.byType.get(selected.block.type))
    : '';
  const modes: AddMode[] = selected
    ? [...(isContainer(catalog.rules.get(selected.block.type)) ? (['inside'] as const) : []), 'after', 'end']
    : ['end'];
  const [mode, setMode] = useState<AddMode>(modes[0] ?? 'end');
  const [search, setSearch] = useState('');
  const query = search.trim().toLowerCase();

  const shown = catalog.types.filter(
    (type) =>
      !query ||
      [labels.block(type.type, type), type.label, type.type].some((name) =>
        name.toLowerCase().includes(query),
      ),
  );
  const placementOf = (type: BlockType) => addPlacements(tree, selectedId, type.type, catalog.rules)[mode];
  const categories = paletteCategories(catalog.types);
  const full = countBlocks(tree) >= MAX_BLOCKS;

  const add = (type: BlockType) => {
    const placement = placementOf(type);
    if (placement) props.onAdd(type, placement);
  };

  return (
    <Stack gap="md">
      {full ? (
        <Text c="red.9" role="alert">
          {t('builder.palette.full', { max: MAX_BLOCKS })}
        </Text>
      ) : null}
      <TextInput
        label={t('builder.palette.search')}
        data-autofocus
        value={search}
        onChange={(e) => setSearch(e.currentTarget.value)}
        onKeyDown={(event) => {
          // Enter adds the first block type that fits: search, Enter, done.
          if (event.key !== 'Enter') return;
          event.preventDefault();
          const first = shown.find((type) => placementOf(type));
          if (first) add(first);
        }}
      />
      {modes.length > 1 ? (
        <Radio.Group
          label={t('builder.palette.where')}
          value={mode}
          onChange={(next) => setMode(next as AddMode)}
        >
          <Stack gap={6} mt={6}>
            {modes.map((each) => (
              <Radio
                key={each}
                value={each}
                label={
                  each === 'end'
                    ? t('builder.palette.end')
                    : t(`builder.palette.${each}`, { name: selectedName })
                }
              />
            ))}
          </Stack>
        </Radio.Group>
      ) : null}
      {shown.length === 0 ? (
        <Text c="dimmed" role="status">
          {t('builder.palette.noMatch', { q: search.trim() })}
        </Text>
      ) : null}
      {categories.map((category) => {
        const types = shown.filter((type) => type.category === category);
        if (types.length === 0) return null;
        return (
          <section key={category} aria-labelledby={`palette-${category}`}>
            <Title order={3} size="h6" mb={6} id={`palette-${category}`}>
              {labels.category(category)}
            </Title>
            <SimpleGrid cols={{ base: 2, sm: 3 }} spacing="xs">
              {types.map((type) => {
                const fits = placementOf(type) !== undefined;
                return (
                  <Button
                    key={type.type}
                    variant="default"
                    justify="flex-start"
                    disabled={!fits}
                    title={fits ? undefined : t('builder.palette.notHere')}
                    onClick={() => add(type)}
                  >
                    {labels.block(type.type, type)}
                  </Button>
                );
              })}
            </SimpleGrid>
          </section>
        );
      })}
    </Stack>
  );
}
