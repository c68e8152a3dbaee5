import { Type } from '@sinclair/typebox';
import { createElement } from 'react';
import { defineBlock } from '../block.js';
import { classes, useBlockStyle } from '../context.js';
import { type BreakpointDeclarations, mergeDeclarations, responsiveDeclarations } from '../page-assets.js';
import { Responsive } from '../responsive.js';

export const Alignment = Type.Union([Type.Literal('left'), Type.Literal('center'), Type.Literal('right')], {
  default: 'left',
});

/** Text alignment per breakpoint. */
export const TextAlign = Responsive(
  Type.Union([Type.Literal('left'), Type.Literal('center'), Type.Literal('right')]),
  'left',
);

/** Sizes of the design tokens' type scale, by name: `h1` is the largest heading's size. */
const FONT_SIZES = {
  small: '0.875em',
  body: 'var(--tb-font-size, 1rem)',
  h6: 'var(--tb-h6)',
  h5: 'var(--tb-h5)',
  h4: 'var(--tb-h4)',
  h3: 'var(--tb-h3)',
  h2: 'var(--tb-h2)',
  h1: 'var(--tb-h1)',
} as const;
export const FontSize = Type.Union(
  (Object.keys(FONT_SIZES) as Array<keyof typeof FONT_SIZES>).map((name) => Type.Literal(name)),
  { description: 'A size of the type scale: small, body, h6 ... h1' },
);

/** The declarations of a text block's alignment and size. */
export function textDeclarations(
  align: { desktop: string; tablet?: string; mobile?: string },
  fontSize:
    | { desktop: keyof typeof FONT_SIZES; tablet?: keyof typeof FONT_SIZES; mobile?: keyof typeof FONT_SIZES }
    | undefined,
): BreakpointDeclarations {
  return mergeDeclarations(
    // Left is where text starts anyway: only other alignments are written.
    align.desktop === 'left' && (align.tablet ?? 'left') === 'left' && (align.mobile ?? 'left') === 'left'
      ? {}
      : responsiveDeclarations(align, (value) => ({ 'text-align': value })),
    responsiveDeclarations(fontSize, (size) => ({ 'font-size': FONT_SIZES[size] })),
  );
}

/** A heading of level 1 to 6; its text is plain, never HTML. */
export const heading = defineBlock({
  type: 'heading',
  category: 'content',
  label: 'Heading',
  icon: 'heading',
  props: Type.Object(
    {
      text: Type.String({ maxLength: 500, default: 'Heading' }),
      level: Type.Integer({ minimum: 1, maximum: 6, default: 2 }),
      align: TextAlign,
      fontSize: Type.Optional(Responsive(FontSize)),
    },
    { additionalProperties: false },
  ),
  children: 'none',
  component: function HeadingBlock({ props }) {
    const style = useBlockStyle(textDeclarations(props.align, props.fontSize));
    return createElement(`h${props.level}`, { className: classes('tb-heading', style) }, props.text);
  },
});
