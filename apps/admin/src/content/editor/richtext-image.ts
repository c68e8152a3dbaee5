import { Node, ReactNodeViewRenderer } from '@tiptap/react';
import type { Media } from '../../media/model.js';
import { MediaImageView } from './MediaImageView.js';

export const IMAGE_ALIGNMENTS = ['left', 'center', 'right', 'wide'] as const;
export const IMAGE_SIZES = ['small', 'medium', 'large', 'full'] as const;
export type ImageAlignment = (typeof IMAGE_ALIGNMENTS)[number];
export type ImageSize = (typeof IMAGE_SIZES)[number];

/** An image of the media library in the text, as the image node holds it. */
export interface RichTextImage {
  mediaId: number;
  /** Shown in the editor only: the public site draws the image from its item's variants. */
  src: string;
  alt: string;
  width: number | null;
  height: number | null;
  caption: string;
  align: ImageAlignment;
  size: ImageSize;
}

declare module '@tiptap/core' {
  interface Commands<ReturnType> {
    mediaImage: {
      /** Puts an image where the selection is, or at `at` (a drop). */
      insertMediaImage: (image: RichTextImage, at?: number) => ReturnType;
      /** Changes the selected image's details. */
      updateMediaImage: (details: Partial<RichTextImage>) => ReturnType;
    };
  }
}

/** The node's details of a newly chosen or uploaded item: its own alt text, centred, large. */
export function imageOf(media: Media): RichTextImage {
  const shown = media.variants.large ?? media.variants.full;
  return {
    mediaId: media.id,
    src: shown?.url ?? media.url,
    alt: media.alt_text ?? '',
    width: shown?.width ?? media.width ?? null,
    height: shown?.height ?? media.height ?? null,
    caption: '',
    align: 'center',
    size: 'large',
  };
}

const pictureIn = (element: HTMLElement) =>
  element.tagName === 'IMG' ? element : element.querySelector('img[data-media-id]');

const numberOf = (value: string | null | undefined) => {
  const number = Number(value);
  return value && Number.isInteger(number) && number > 0 ? number : null;
};

const oneOf = <T extends string>(choices: readonly T[], value: string | null | undefined, fallback: T): T =>
  choices.includes(value as T) ? (value as T) : fallback;

/**
 * An image of the media library: `<figure class="tb-image tb-align-center" data-size="large"><img
 * data-media-id src alt width height><figcaption>` — exactly the shape the server's sanitizer
 * keeps. Images pasted from elsewhere (an img without data-media-id) match no rule and are left
 * out: their files are on another site, which the browser may not read (CORS), and hotlinking
 * them would show visitors' addresses to that site.
 */
export const MediaImage = Node.create({
  name: 'mediaImage',
  group: 'block',
  atom: true,
  draggable: true,
  selectable: true,

  addAttributes() {
    const fromPicture = (read: (img: Element) => unknown) => ({
      parseHTML: (element: HTMLElement) => {
        const img = pictureIn(element);
        return img ? read(img) : null;
      },
      rendered: false,
    });
    return {
      mediaId: { default: null, ...fromPicture((img) => numberOf(img.getAttribute('data-media-id'))) },
      src: { default: '', ...fromPicture((img) => img.getAttribute('src') ?? '') },
      alt: { default: '', ...fromPicture((img) => img.getAttribute('alt') ?? '') },
      width: { default: null, ...fromPicture((img) => numberOf(img.getAttribute('width'))) },
      height: { default: null, ...fromPicture((img) => numberOf(img.getAttribute('height'))) },
      caption: {
        default: '',
        parseHTML: (element: HTMLElement) => element.querySelector('figcaption')?.textContent ?? '',
        rendered: false,
      },
      align: {
        default: 'center',
        parseHTML: (element: HTMLElement) =>
          oneOf(IMAGE_ALIGNMENTS, /tb-align-([a-z]+)/.exec(element.className)?.[1], 'center'),
        rendered: false,
      },
      size: {
        default: 'large',
        parseHTML: (element: HTMLElement) => oneOf(IMAGE_SIZES, element.getAttribute('data-size'), 'large'),
        rendered: false,
      },
    };
  },

  parseHTML() {
    return [
      { tag: 'figure.tb-image', getAttrs: (element) => (pictureIn(element) ? {} : false) },
      { tag: 'img[data-media-id]' },
    ];
  },

  renderHTML({ node }) {
    const image = node.attrs as RichTextImage;
    const img: Record<string, string> = {
      'data-media-id': String(image.mediaId),
      src: image.src,
      alt: image.alt,
    };
    if (image.width) img.width = String(image.width);
    if (image.height) img.height = String(image.height);
    return [
      'figure',
      { class: `tb-image tb-align-${image.align}`, 'data-size': image.size },
      ['img', img],
      ...(image.caption ? [['figcaption', image.caption]] : []),
    ];
  },

  addNodeView() {
    return ReactNodeViewRenderer(MediaImageView);
  },

  addCommands() {
    return {
      insertMediaImage:
        (image, at) =>
        ({ commands }) =>
          at === undefined
            ? commands.insertContent({ type: this.name, attrs: { ...image } })
            : commands.insertContentAt(at, { type: this.name, attrs: { ...image } }),
      updateMediaImage:
        (details) =>
        ({ commands }) =>
          commands.updateAttributes(this.name, details),
    };
  },
});

/** The image files a drop or a paste carries (a picture copied from a page, a screenshot). */
export function imageFilesIn(transfer: DataTransfer | null): File[] {
  return transfer ? [...transfer.files].filter((file) => file.type.startsWith('image/')) : [];
}
