// @ts-check
/**
 * A plugin as busy as a real one on a public page: ten hook callbacks (six of them on the path of
 * every page: the page's head, who may read the entry) and a block of its own on the page. The
 * bench renders one page with it active, then inactive, and prints both against bare Node.
 */
import { definePlugin, html } from '@tessera/plugin';

export default definePlugin((plugin) => {
  const t = plugin.schema;
  for (let i = 0; i < 4; i++)
    plugin.hooks.onFilter('page.head', (head) => ({
      ...head,
      meta: [...(head.meta ?? []), { name: `bench-${i}`, content: String(i) }],
    }));
  for (let i = 0; i < 2; i++) plugin.hooks.onFilter('entry.access', (access) => access);
  for (let i = 0; i < 2; i++) plugin.hooks.onFilter('post.title', (title) => title);
  for (let i = 0; i < 2; i++) plugin.hooks.onAction('post.published', () => {});
  plugin.blocks.define({
    type: 'bench_plugin.card',
    label: 'Bench card',
    category: 'content',
    icon: 'star',
    props: t.Object({ title: t.String({ default: '' }), items: t.Array(t.String(), { default: [] }) }),
    render: (props) =>
      html`<div class="bench-card"><h3>${props.title}</h3><ul>${props.items.map((item) => html`<li>${item}</li>`)}</ul></div>`,
  });
});
