import { Type } from '@sinclair/typebox';
import { createElement as h, type ReactElement } from 'react';
import { defineBlock, RowId } from '../block.js';
import { type MediaInfo, useBlockEnvironment } from '../context.js';

/** The img element of a media image: its variants as srcset, width and height, lazy unless first. */
export function mediaImage(
  media: MediaInfo,
  options: { alt?: string; sizes: string; eager?: boolean },
): ReactElement {
  const widths = new Map<number, string>();
  for (const name of ['medium', 'large', 'full'] as const) {
    const variant = media.variants[name];
    if (variant && !widths.has(variant.width)) widths.set(variant.width, `${variant.url} ${variant.width}w`);
  }
  const main = media.variants.large ?? media.variants.full;
  return h('img', {
    src: main?.url ?? media.url,
    ...(widths.size > 0 ? { srcSet: [...widths.values()].join(', '), sizes: options.sizes } : {}),
    width: main?.width ?? media.width ?? undefined,
    height: main?.height ?? media.height ?? undefined,
    alt: options.alt ?? media.alt,
    loading: options.eager ? 'eager' : 'lazy',
    decoding: 'async',
  });
}

/** The photographer's credit of a stock photo, linked to their profile. */
export function mediaCredit(media: MediaInfo): ReactElement | null {
  const credit = media.credit;
  if (!credit) return null;
  const provider = credit.provider
    ? ({ unsplash: 'Unsplash', pexels: 'Pexels' }[credit.provider] ?? credit.provider)
    : null;
  return h(
    'span',
    { className: 'tb-credit' },
    credit.profile_url
      ? h('a', { href: credit.profile_url, rel: 'noopener' }, credit.photographer)
      : credit.photographer,
    provider ? ` · ${provider}` : null,
  );
}

/** One image of the media library, with its caption, its credit and an optional link. */
export const image = defineBlock({
  type: 'image',
  category: 'media',
  label: 'Image',
  icon: 'photo',
  props: Type.Object(
    {
      media_id: Type.Union([RowId(), Type.Null()], { default: null }),
      alt: Type.Optional(
        Type.String({ maxLength: 1000, description: "Replaces the media item's alt text here" }),
      ),
      caption: Type.String({ maxLength: 2000, default: '' }),
      link: Type.Optional(
        Type.String({ maxLength: 2000, pattern: '^(https?://|/)', description: 'Where a click goes' }),
      ),
      size: Type.Union([Type.Literal('medium'), Type.Literal('large'), Type.Literal('full')], {
        default: 'large',
      }),
      align: Type.Union(
        [Type.Literal('none'), Type.Literal('left'), Type.Literal('center'), Type.Literal('right')],
        {
          default: 'none',
        },
      ),
    },
    { additionalProperties: false },
  ),
  children: 'none',
  media: ['media_id'],
  component: function ImageBlock({ props }) {
    const environment = useBlockEnvironment();
    const media = props.media_id === null ? null : environment.media(props.media_id);
    if (!media) return null;
    const sizes = {
      medium: '(max-width: 768px) 100vw, 768px',
      large: '(max-width: 1600px) 100vw, 1600px',
      full: '100vw',
    }[props.size];
    const picture = mediaImage(media, { ...(props.alt !== undefined ? { alt: props.alt } : {}), sizes });
    const credit = mediaCredit(media);
    return h(
      'figure',
      { className: `tb-image tb-image--${props.size} tb-image--align-${props.align}` },
      props.link ? h('a', { href: props.link }, picture) : picture,
      props.caption || credit
        ? h('figcaption', null, props.caption || null, props.caption && credit ? ' ' : null, credit)
        : null,
    );
  },
});
