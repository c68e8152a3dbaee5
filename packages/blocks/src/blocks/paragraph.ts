import { Type } from '@sinclair/typebox';
import { createElement } from 'react';
import { defineBlock } from '../block.js';
import { classes, useBlockStyle } from '../context.js';
import { Responsive } from '../responsive.js';
import { FontSize, TextAlign, textDeclarations } from './heading.js';

/**
 * Rich text. `content` is HTML: the server stores it sanitized by its allowlist (it is listed in
 * `richText`), so the component renders what was stored as HTML.
 */
export const paragraph = defineBlock({
  type: 'paragraph',
  category: 'content',
  label: 'Paragraph',
  icon: 'align-left',
  props: Type.Object(
    {
      content: Type.String({ maxLength: 100_000, default: '' }),
      align: TextAlign,
      fontSize: Type.Optional(Responsive(FontSize)),
    },
    { additionalProperties: false },
  ),
  children: 'none',
  richText: ['content'],
  component: function ParagraphBlock({ props }) {
    const style = useBlockStyle(textDeclarations(props.align, props.fontSize));
    return createElement('div', {
      className: classes('tb-paragraph', style),
      // biome-ignore lint/security/noDangerouslySetInnerHtml: stored sanitized by the server's allowlist (richText above)
      dangerouslySetInnerHTML: { __html: props.content },
    });
  },
});
