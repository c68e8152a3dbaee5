import { Button, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { memo, type PointerEvent as ReactPointerEvent, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { usePatterns } from '../../patterns/queries.js';
import type { BuilderLabels } from '../labels.js';
import { paletteCategories } from '../Palette.js';
import type { BlockType, Catalog } from '../queries.js';

/** The pointer travels this far before a press becomes a drag (a click adds instead). */
const DRAG_AFTER_PX = 4;

/**
 * The builder's palette: the block types by category, searched by name. Each is dragged onto the
 * canvas, or added with a click or Enter where the selection says (inside it, after it, or at the end:
 * the keyboard's way). Patterns below: a synced one is placed by reference, another as a copy.
 */
const PALETTE_ITEM_STYLES = {
  root: { height: 'auto', minHeight: 30, paddingBlock: 4 },
  label: { whiteSpace: 'normal', overflow: 'visible', textAlign: 'start', lineHeight: 1.25 },
} as const;

export const BlockPalette = memo(function BlockPalette(props: {
  catalog: Catalog;
  labels: BuilderLabels;
  /** The page holds as many blocks as it can: nothing more fits. */
  full: boolean;
  onAdd: (type: BlockType) => void;
  onDragStart: (type: BlockType) => void;
  onPattern: (id: number, synced: boolean) => void | Promise<void>;
  /** A pattern being edited cannot place a synced pattern. */
  patterns: boolean;
  disabled: boolean;
}) {
  const { t } = useTranslation();
  const { catalog, labels } = props;
  const [search, setSearch] = useState('');
  const patterns = usePatterns();
  const press = useRef<{ x: number; y: number; type: BlockType } | null>(null);
  const query = search.trim().toLowerCase();
  const matches = (...names: string[]) => !query || names.some((name) => name.toLowerCase().includes(query));
  const shown = catalog.types.filter(
    (type) =>
      (props.patterns || type.type !== 'pattern') &&
      matches(labels.block(type.type, type), type.label, type.type),
  );
  const categories = paletteCategories(catalog.types);
  const shownPatterns = (patterns.data ?? []).filter(
    (pattern) => (props.patterns || !pattern.synced) && matches(pattern.name, pattern.category),
  );

  const down = (event: ReactPointerEvent, type: BlockType) => {
    if (event.button !== 0 || props.disabled) return;
    press.current = { x: event.clientX, y: event.clientY, type };
    const move = (moved: PointerEvent) => {
      const start = press.current;
      if (!start || Math.hypot(moved.clientX - start.x, moved.clientY - start.y) < DRAG_AFTER_PX) return;
      press.current = null;
      stop();
      props.onDragStart(start.type);
    };
    const stop = () => {
      window.removeEventListener('pointermove', move);
      window.removeEventListener('pointerup', stop);
    };
    window.addEventListener('pointermove', move);
    window.addEventListener('pointerup', stop);
  };

  return (
    <Stack gap="sm">
      <TextInput
        label={t('builder.visual.searchBlocks')}
        size="xs"
        value={search}
        onChange={(event) => setSearch(event.currentTarget.value)}
        onKeyDown={(event) => {
          if (event.key !== 'Enter') return;
          event.preventDefault();
          const first = shown[0];
          if (first && !props.full) props.onAdd(first);
        }}
      />
      <Text size="xs" c="dimmed">
        {t('builder.visual.paletteHelp')}
      </Text>
      {shown.length === 0 && shownPatterns.length === 0 ? (
        <Text size="sm" c="dimmed" role="status">
          {t('builder.palette.noMatch', { q: search.trim() })}
        </Text>
      ) : null}
      {categories.map((category) => {
        const types = shown.filter((type) => type.category === category);
        if (types.length === 0) return null;
        return (
          <section key={category} aria-labelledby={`builder-palette-${category}`}>
            <Title order={3} size="h6" mb={6} id={`builder-palette-${category}`}>
              {labels.category(category)}
            </Title>
            <SimpleGrid cols={2} spacing={6}>
              {types.map((type) => (
                <Button
                  key={type.type}
                  variant="default"
                  size="xs"
                  justify="flex-start"
                  className="builder-palette-item"
                  // Long names (French "Modèle synchronisé") wrap onto a second line: never cut short.
                  styles={PALETTE_ITEM_STYLES}
                  data-block-type={type.type}
                  disabled={props.disabled || props.full}
                  onPointerDown={(event) => down(event, type)}
                  onClick={() => props.onAdd(type)}
                >
                  {labels.block(type.type, type)}
                </Button>
              ))}
            </SimpleGrid>
          </section>
        );
      })}
      {shownPatterns.length > 0 ? (
        <section aria-labelledby="builder-palette-patterns">
          <Title order={3} size="h6" mb={6} id="builder-palette-patterns">
            {t('builder.visual.patterns')}
          </Title>
          <Stack gap={6}>
            {shownPatterns.map((pattern) => (
              <Button
                key={pattern.id}
                variant="default"
                size="xs"
                justify="space-between"
                disabled={props.disabled}
                data-pattern={pattern.name}
                onClick={() => void props.onPattern(pattern.id, pattern.synced)}
                rightSection={
                  <Text span size="xs" c="dimmed">
                    {pattern.synced ? t('builder.visual.synced') : t('builder.visual.asCopy')}
                  </Text>
                }
              >
                {pattern.name}
              </Button>
            ))}
          </Stack>
        </section>
      ) : null}
    </Stack>
  );
});
