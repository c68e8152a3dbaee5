import { NodeViewWrapper, type ReactNodeViewProps } from '@tiptap/react';
import { useMediaItem } from '../../media/queries.js';
import type { RichTextImage } from './richtext-image.js';

/**
 * An image in the editor, drawn from its library item as it is now: optimizing or a new focal
 * point renames the files, and an imported entry's src names another site's, so the src written in
 * the text is only the fallback while the item loads.
 */
export function MediaImageView({ node }: ReactNodeViewProps) {
  const image = node.attrs as RichTextImage;
  const media = useMediaItem(image.mediaId);
  const shown = media.data
    ? ((media.data.variants.large ?? media.data.variants.full)?.url ?? media.data.url)
    : null;
  return (
    <NodeViewWrapper
      as="figure"
      className={`tb-image tb-align-${image.align}`}
      data-size={image.size}
      data-drag-handle=""
    >
      <img
        data-media-id={image.mediaId}
        src={shown ?? image.src}
        alt={image.alt}
        width={image.width ?? undefined}
        height={image.height ?? undefined}
      />
      {image.caption ? <figcaption>{image.caption}</figcaption> : null}
    </NodeViewWrapper>
  );
}
