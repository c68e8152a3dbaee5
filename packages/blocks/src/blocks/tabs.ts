import { Type } from '@sinclair/typebox';
import { createElement as h } from 'react';
import { defineBlock } from '../block.js';
import { useBlockScript } from '../context.js';

/**
 * Panels behind a row of tabs (WAI-ARIA tabs pattern). Rendered on the server in its first state,
 * the selected panel shown and the others `hidden`; the page's small tabs script (scripts/tabs.ts)
 * makes the tabs work by mouse and keyboard. Without JavaScript every panel shows.
 */
export const tabs = defineBlock({
  type: 'tabs',
  category: 'layout',
  label: 'Tabs',
  icon: 'layout-navbar',
  props: Type.Object(
    {
      label: Type.String({
        maxLength: 200,
        default: '',
        description: 'What the tabs are about, for screen readers',
      }),
      items: Type.Array(
        Type.Object(
          {
            title: Type.String({ minLength: 1, maxLength: 120 }),
            content: Type.String({ maxLength: 50_000, description: 'HTML, sanitized on save' }),
          },
          { additionalProperties: false },
        ),
        {
          minItems: 1,
          maxItems: 12,
          default: [
            { title: 'First', content: '<p>First panel</p>' },
            { title: 'Second', content: '<p>Second panel</p>' },
          ],
        },
      ),
      selected: Type.Integer({ minimum: 0, maximum: 11, default: 0, description: 'The tab open at first' }),
    },
    { additionalProperties: false },
  ),
  children: 'none',
  richTextItems: { items: ['content'] },
  component: function TabsBlock({ block, props }) {
    useBlockScript('tabs');
    const selected = Math.min(props.selected, props.items.length - 1);
    const tab = (i: number) => `tb-tab-${block.id}-${i}`;
    const panel = (i: number) => `tb-tabpanel-${block.id}-${i}`;
    return h(
      'div',
      { className: 'tb-tabs', 'data-tb-tabs': '' },
      h(
        'div',
        {
          className: 'tb-tabs__list',
          role: 'tablist',
          ...(props.label ? { 'aria-label': props.label } : {}),
        },
        ...props.items.map((item, i) =>
          h(
            'button',
            {
              key: i,
              type: 'button',
              role: 'tab',
              id: tab(i),
              className: 'tb-tabs__tab',
              'aria-controls': panel(i),
              'aria-selected': i === selected ? 'true' : 'false',
              tabIndex: i === selected ? 0 : -1,
            },
            item.title,
          ),
        ),
      ),
      ...props.items.map((item, i) =>
        h('div', {
          key: `p${i}`,
          role: 'tabpanel',
          id: panel(i),
          className: 'tb-tabs__panel',
          'aria-labelledby': tab(i),
          tabIndex: 0,
          hidden: i !== selected,
          // biome-ignore lint/security/noDangerouslySetInnerHtml: sanitized by the server's allowlist on save (richTextItems)
          dangerouslySetInnerHTML: { __html: item.content },
        }),
      ),
    );
  },
});
