import { Type } from '@sinclair/typebox';
import { createElement } from 'react';
import { defineBlock } from '../block.js';
import { Alignment } from './heading.js';

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
      align: Alignment,
    },
    { additionalProperties: false },
  ),
  children: 'none',
  richText: ['content'],
  component: ({ props }) =>
    createElement('div', {
      className: `tb-paragraph tb-align-${props.align}`,
      // biome-ignore lint/security/noDangerouslySetInnerHtml: stored sanitized by the server's allowlist (richText above)
      dangerouslySetInnerHTML: { __html: props.content },
    }),
});
