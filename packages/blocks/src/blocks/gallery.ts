import { Type } from '@sinclair/typebox';
import { createElement as h } from 'react';
import { defineBlock, RowId } from '../block.js';
import { classes, useBlockEnvironment, useBlockStyle } from '../context.js';
import { responsiveDeclarations } from '../page-assets.js';
import { perBreakpoint, Responsive } from '../responsive.js';
import { gridColumns } from './grid.js';
import { mediaCredit, mediaImage } from './image.js';

const Columns = Type.Integer({ minimum: 1, maximum: 6 });

/**
 * Images of the media library in a grid. With `lightbox`, each opens large over the page: links to
 * a `:target` overlay, so it works without any script, by keyboard (Tab, Enter) and by the back
 * button, and closes with its close link.
 */
export const gallery = defineBlock({
  type: 'gallery',
  category: 'media',
  label: 'Gallery',
  icon: 'layout-grid',
  props: Type.Object(
    {
      images: Type.Array(
        Type.Object(
          { media_id: RowId(), caption: Type.Optional(Type.String({ maxLength: 500 })) },
          { additionalProperties: false },
        ),
        { maxItems: 100, default: [] },
      ),
      columns: Responsive(Columns, 3),
      lightbox: Type.Boolean({ default: true }),
      crop: Type.Boolean({ default: true, description: 'Square thumbnails; off keeps each image whole' }),
    },
    { additionalProperties: false },
  ),
  children: 'none',
  media: ['images'],
  component: function GalleryBlock({ block, props }) {
    const environment = useBlockEnvironment();
    const style = useBlockStyle(responsiveDeclarations(props.columns, gridColumns));
    const items = props.images.flatMap((item) => {
      const media = environment.media(item.media_id);
      return media ? [{ media, caption: item.caption ?? '' }] : [];
    });
    if (items.length === 0) return null;
    const columns = perBreakpoint(props.columns);
    const target = (i: number) => `tb-lightbox-${block.id}-${i}`;
    return h(
      'div',
      { className: 'tb-gallery-block' },
      h(
        'ul',
        {
          className: classes('tb-gallery', props.crop && 'tb-gallery--crop', 'tb-grid', style),
        },
        ...items.map(({ media, caption }, i) => {
          const thumb = mediaImage(media, {
            sizes: `(max-width: 640px) ${Math.round(100 / columns.mobile)}vw, 400px`,
          });
          return h(
            'li',
            { key: `${media.id}-${i}` },
            h(
              'figure',
              null,
              props.lightbox
                ? h('a', { href: `#${target(i)}`, 'aria-label': media.alt || caption || undefined }, thumb)
                : thumb,
              caption ? h('figcaption', null, caption) : null,
            ),
          );
        }),
      ),
      props.lightbox
        ? items.map(({ media, caption }, i) =>
            h(
              'div',
              {
                key: `lb-${i}`,
                id: target(i),
                className: 'tb-lightbox',
                role: 'dialog',
                'aria-label': media.alt || caption || undefined,
              },
              h('a', { href: '#_', className: 'tb-lightbox__close', 'aria-label': 'Close' }, '×'),
              h(
                'figure',
                null,
                mediaImage(media, { sizes: '100vw' }),
                caption || media.credit
                  ? h(
                      'figcaption',
                      null,
                      caption || null,
                      caption && media.credit ? ' ' : null,
                      mediaCredit(media),
                    )
                  : null,
              ),
              i > 0
                ? h(
                    'a',
                    { href: `#${target(i - 1)}`, className: 'tb-lightbox__prev', 'aria-label': 'Previous' },
                    '‹',
                  )
                : null,
              i < items.length - 1
                ? h(
                    'a',
                    { href: `#${target(i + 1)}`, className: 'tb-lightbox__next', 'aria-label': 'Next' },
                    '›',
                  )
                : null,
            ),
          )
        : null,
    );
  },
});
