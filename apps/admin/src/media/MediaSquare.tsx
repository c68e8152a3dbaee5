import { AspectRatio, Center, Text } from '@mantine/core';
import { KindIcon } from './KindIcon.js';
import { extensionOf, kindOf, type Media, thumbnailOf } from './model.js';

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
          // Not the browser's own image drag: the library's pointer drag moves the item.
          draggable={false}
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
