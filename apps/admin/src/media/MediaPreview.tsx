import { Box, Center, Text } from '@mantine/core';
import type { MouseEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { KindIcon } from './KindIcon.js';
import type { Focal } from './MediaForm.js';
import { extensionOf, kindOf, type Media, previewOf } from './model.js';

/**
 * The item as it is: the picture (a click sets the focal point, shown as a ring, when `onFocal`),
 * a player for video and sound, the kind's drawing for the rest.
 */
export function MediaPreview(props: { media: Media; focal?: Focal; onFocal?: (focal: Focal) => void }) {
  const { t } = useTranslation();
  const { media, focal, onFocal } = props;
  const kind = kindOf(media);
  if (kind === 'video')
    return (
      // biome-ignore lint/a11y/useMediaCaption: uploads come without caption files; this preview is for the editor
      <video src={media.url} controls preload="metadata" style={{ width: '100%', maxHeight: 320 }} />
    );
  if (kind === 'audio')
    return (
      // biome-ignore lint/a11y/useMediaCaption: uploads come without caption files; this preview is for the editor
      <audio src={media.url} controls preload="metadata" style={{ width: '100%' }} />
    );
  if (kind !== 'image')
    return (
      <Center bg="var(--mantine-color-default-hover)" h={160} c="dimmed" style={{ flexDirection: 'column' }}>
        <KindIcon kind={kind} size={64} />
        <Text fw={700}>{extensionOf(media)}</Text>
      </Center>
    );

  function pick(event: MouseEvent<HTMLImageElement>) {
    const box = event.currentTarget.getBoundingClientRect();
    const clamp = (value: number) => Math.min(100, Math.max(0, Math.round(value * 100)));
    onFocal?.({
      x: clamp((event.clientX - box.left) / box.width),
      y: clamp((event.clientY - box.top) / box.height),
    });
  }
  return (
    // As wide as the picture itself, so a click's place and the ring's are percents of the picture.
    <Box pos="relative" mx="auto" style={{ width: 'fit-content', lineHeight: 0 }}>
      {/* biome-ignore lint/a11y/useKeyWithClickEvents: a shortcut for the mouse; the focal point fields below do the same by keyboard */}
      <img
        src={previewOf(media)}
        alt={media.alt_text || t('media.details.previewAlt')}
        onClick={onFocal ? pick : undefined}
        style={{
          display: 'block',
          maxWidth: '100%',
          maxHeight: 360,
          cursor: onFocal ? 'crosshair' : undefined,
        }}
      />
      {onFocal && focal ? (
        <Box
          aria-hidden
          pos="absolute"
          w={20}
          h={20}
          style={{
            left: `calc(${focal.x}% - 10px)`,
            top: `calc(${focal.y}% - 10px)`,
            borderRadius: '50%',
            border: '3px solid white',
            boxShadow: '0 0 0 2px black',
            pointerEvents: 'none',
          }}
        />
      ) : null}
    </Box>
  );
}
