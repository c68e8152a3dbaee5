import { Type } from '@sinclair/typebox';
import { createElement as h } from 'react';
import { defineBlock } from '../block.js';

/** Where a link may go: a site path, an http(s) or mailto/tel address, or an anchor on the page. */
export const Href = Type.String({
  minLength: 1,
  maxLength: 2000,
  pattern: '^(/|#|https?://|mailto:|tel:)',
  description: 'A path of the site, #anchor, http(s)://, mailto: or tel:',
});

const Variant = Type.Union(
  [Type.Literal('primary'), Type.Literal('secondary'), Type.Literal('outline'), Type.Literal('text')],
  {
    default: 'primary',
  },
);

const ButtonProps = {
  text: Type.String({ minLength: 1, maxLength: 120, default: 'Read more' }),
  href: Type.String({ ...Href, default: '/' }),
  variant: Variant,
  newTab: Type.Boolean({ default: false }),
  size: Type.Union([Type.Literal('small'), Type.Literal('medium'), Type.Literal('large')], {
    default: 'medium',
  }),
};

function buttonElement(props: {
  text: string;
  href: string;
  variant: string;
  newTab: boolean;
  size: string;
}) {
  return h(
    'a',
    {
      className: `tb-button tb-button--${props.variant} tb-button--${props.size}`,
      href: props.href,
      ...(props.newTab ? { target: '_blank', rel: 'noopener noreferrer' } : {}),
    },
    props.text,
  );
}

/** A call to action: a link that looks like a button. */
export const button = defineBlock({
  type: 'button',
  category: 'navigation',
  label: 'Button',
  icon: 'click',
  props: Type.Object(
    {
      ...ButtonProps,
      align: Type.Union([Type.Literal('left'), Type.Literal('center'), Type.Literal('right')], {
        default: 'left',
      }),
    },
    { additionalProperties: false },
  ),
  children: 'none',
  component: ({ props }) =>
    h('div', { className: `tb-button-row tb-align-${props.align}` }, buttonElement(props)),
});

/** Several buttons side by side, wrapping on small screens. */
export const buttonGroup = defineBlock({
  type: 'button-group',
  category: 'navigation',
  label: 'Button group',
  icon: 'click',
  props: Type.Object(
    {
      buttons: Type.Array(Type.Object(ButtonProps, { additionalProperties: false }), {
        maxItems: 6,
        default: [],
      }),
      align: Type.Union([Type.Literal('left'), Type.Literal('center'), Type.Literal('right')], {
        default: 'left',
      }),
    },
    { additionalProperties: false },
  ),
  children: 'none',
  component: ({ props }) =>
    h(
      'div',
      { className: `tb-button-row tb-button-group tb-align-${props.align}` },
      ...props.buttons.map((item, i) => h('span', { key: i }, buttonElement(item))),
    ),
});

/** A text link on its own line, with an optional description for assistive technology. */
export const link = defineBlock({
  type: 'link',
  category: 'navigation',
  label: 'Link',
  icon: 'link',
  props: Type.Object(
    {
      text: Type.String({ minLength: 1, maxLength: 300, default: 'Link' }),
      href: Type.String({ ...Href, default: '/' }),
      newTab: Type.Boolean({ default: false }),
      title: Type.Optional(Type.String({ maxLength: 300 })),
    },
    { additionalProperties: false },
  ),
  children: 'none',
  component: ({ props }) =>
    h(
      'p',
      { className: 'tb-link' },
      h(
        'a',
        {
          href: props.href,
          ...(props.title ? { title: props.title } : {}),
          ...(props.newTab ? { target: '_blank', rel: 'noopener noreferrer' } : {}),
        },
        props.text,
      ),
    ),
});

/** What customers say: quote, name, role, optional photo from the media library. */
export const testimonials = defineBlock({
  type: 'testimonials',
  category: 'data',
  label: 'Testimonials',
  icon: 'message-quote',
  props: Type.Object(
    {
      items: Type.Array(
        Type.Object(
          {
            quote: Type.String({ minLength: 1, maxLength: 2000 }),
            name: Type.String({ minLength: 1, maxLength: 200 }),
            role: Type.Optional(Type.String({ maxLength: 200 })),
            rating: Type.Optional(Type.Integer({ minimum: 1, maximum: 5 })),
          },
          { additionalProperties: false },
        ),
        { maxItems: 24, default: [] },
      ),
    },
    { additionalProperties: false },
  ),
  children: 'none',
  component: ({ props }) =>
    h(
      'div',
      { className: 'tb-testimonials' },
      ...props.items.map((item, i) =>
        h(
          'figure',
          { key: i, className: 'tb-testimonial' },
          item.rating
            ? h(
                'p',
                { className: 'tb-testimonial__rating', 'aria-label': `${item.rating} out of 5` },
                '★'.repeat(item.rating) + '☆'.repeat(5 - item.rating),
              )
            : null,
          h('blockquote', null, h('p', null, item.quote)),
          h(
            'figcaption',
            null,
            h('strong', null, item.name),
            item.role ? h('span', null, `, ${item.role}`) : null,
          ),
        ),
      ),
    ),
});
