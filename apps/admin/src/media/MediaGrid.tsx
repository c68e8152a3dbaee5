import { Box, SimpleGrid, Text, UnstyledButton } from '@mantine/core';
import { useLibraryDrag } from './LibraryDragAndDrop.js';
import { MediaSquare } from './MediaSquare.js';
import { type Media, nameOf } from './model.js';

/** What the grid and the list both take: the same items, chosen or opened the same way. */
export interface MediaItemsProps {
  items: readonly Media[];
  onItem: (media: Media) => void;
  /** Clicked twice: the picker chooses the item at once. */
  onItemTwice?: (media: Media) => void;
  selection?: { selected: readonly number[]; multiple: boolean };
  label: string;
  /** The library's: which items may be dragged onto its folders (those the user may edit). */
  canDrag?: (media: Media) => boolean;
}

/**
 * The library's items as tiles, each a button named by its file (its only text a reader hears): the screen opens an item's
 * details with it; the picker marks it chosen (`selection`), one at a time or several.
 */
export function MediaGrid(props: MediaItemsProps) {
  return (
    <SimpleGrid
      component="ul"
      aria-label={props.label}
      cols={{ base: 2, xs: 3, sm: 4, lg: 6 }}
      spacing="sm"
      style={{ listStyle: 'none', margin: 0, padding: 0 }}
    >
      {props.items.map((media) => (
        <Tile key={media.id} media={media} {...props} />
      ))}
    </SimpleGrid>
  );
}

function Tile({ media, selection, ...props }: MediaItemsProps & { media: Media }) {
  const chosen = selection?.selected.includes(media.id) ?? false;
  const name = nameOf(media);
  const drag = useLibraryDrag({ kind: 'media', media, name }, props.canDrag?.(media) ?? false);
  return (
    <li ref={drag.ref} {...drag.listeners} style={{ opacity: drag.dragging ? 0.5 : undefined }}>
      <UnstyledButton
        onClick={() => props.onItem(media)}
        onDoubleClick={props.onItemTwice ? () => props.onItemTwice?.(media) : undefined}
        aria-pressed={selection ? chosen : undefined}
        w="100%"
        style={{
          display: 'block',
          position: 'relative',
          borderRadius: 'var(--mantine-radius-md)',
          overflow: 'hidden',
          border: chosen
            ? '3px solid var(--mantine-primary-color-filled)'
            : '1px solid var(--mantine-color-default-border)',
        }}
      >
        <MediaSquare media={media} />
        <Text size="xs" px={6} py={4} truncate title={name}>
          {name}
        </Text>
        {selection ? <ChosenMark chosen={chosen} round={!selection.multiple} /> : null}
      </UnstyledButton>
    </li>
  );
}

/** The button's pressed state drawn as people know it: a tick box for several, a round mark for one. */
export function ChosenMark({ chosen, round, inline }: { chosen: boolean; round: boolean; inline?: boolean }) {
  return (
    <Box
      component="span"
      aria-hidden
      {...(inline ? {} : { pos: 'absolute' as const, top: 6, left: 6 })}
      w={22}
      miw={22}
      h={22}
      style={{
        display: 'flex',
        alignItems: 'center',
        justifyContent: 'center',
        borderRadius: round ? '50%' : 4,
        border: '2px solid var(--mantine-primary-color-filled)',
        background: chosen ? 'var(--mantine-primary-color-filled)' : 'var(--mantine-color-body)',
        color: 'var(--mantine-primary-color-contrast)',
      }}
    >
      {chosen ? (
        <svg
          width={14}
          height={14}
          viewBox="0 0 24 24"
          fill="none"
          stroke="currentColor"
          strokeWidth={3}
          aria-hidden="true"
        >
          <path d="M5 12l5 5L20 7" />
        </svg>
      ) : null}
    </Box>
  );
}
