import { AspectRatio, Box, Center, SimpleGrid, Text, UnstyledButton } from '@mantine/core';
import { KindIcon } from './KindIcon.js';
import { extensionOf, kindOf, type Media, nameOf, thumbnailOf } from './model.js';

/** A square of the item: its thumbnail, or its kind's drawing and extension for what is not a picture. */
export function MediaSquare({ media, size }: { media: Media; size?: number }) {
  const thumbnail = thumbnailOf(media);
  return (
    <AspectRatio ratio={1} w={size}>
      {thumbnail ? (
        <img
          src={thumbnail}
          alt=""
          loading="lazy"
          style={{ objectFit: 'cover', width: '100%', height: '100%', display: 'block' }}
        />
      ) : (
        <Center bg="var(--mantine-color-default-hover)" c="dimmed" style={{ flexDirection: 'column' }}>
          <KindIcon kind={kindOf(media)} size={size ? Math.round(size / 2) : 40} />
          {size ? null : (
            <Text size="xs" fw={700} aria-hidden>
              {extensionOf(media)}
            </Text>
          )}
        </Center>
      )}
    </AspectRatio>
  );
}

/**
 * The library's items as tiles, each a button named by its file (its only text a reader hears): the screen opens an item's
 * details with it; the picker marks it chosen (`selection`), one at a time or several.
 */
export function MediaGrid(props: {
  items: readonly Media[];
  onItem: (media: Media) => void;
  /** Clicked twice: the picker chooses the item at once. */
  onItemTwice?: (media: Media) => void;
  selection?: { selected: readonly number[]; multiple: boolean };
  label: string;
}) {
  const { selection } = props;
  return (
    <SimpleGrid
      component="ul"
      aria-label={props.label}
      cols={{ base: 2, xs: 3, sm: 4, lg: 6 }}
      spacing="sm"
      style={{ listStyle: 'none', margin: 0, padding: 0 }}
    >
      {props.items.map((media) => {
        const chosen = selection?.selected.includes(media.id) ?? false;
        const name = nameOf(media);
        return (
          <li key={media.id}>
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
      })}
    </SimpleGrid>
  );
}

/** The button's pressed state drawn as people know it: a tick box for several, a round mark for one. */
function ChosenMark({ chosen, round }: { chosen: boolean; round: boolean }) {
  return (
    <Box
      component="span"
      aria-hidden
      pos="absolute"
      top={6}
      left={6}
      w={22}
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
