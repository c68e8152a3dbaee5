/**
 * The SEO plugin's additions to the admin, loaded at run time on the sites where the plugin is
 * active: a panel beside the editor of every type (the SEO fields, a search result preview and the
 * live score), a bulk editor of titles and descriptions, and a score column and a rating filter in
 * the content lists, in English and French. Bundled by scripts/build.mjs into dist/admin/index.js with the score it
 * shares with the server; React, Mantine and TanStack Query are the admin's own, imported by their
 * bare names.
 */
import { defineAdmin } from '@tessera/plugin/admin';
import { bulkEditor } from './BulkEditor.js';
import { scoreColumn } from './ScoreColumn.js';
import { seoPanel } from './SeoPanel.js';
import { en, fr } from './words.js';

export default defineAdmin((admin) => {
  admin.translations({ en, fr });
  admin.editorPanel({ types: '*', title: 'panel.title', component: seoPanel(admin) });
  admin.screen({
    path: 'bulk',
    title: 'bulk.title',
    // The plugin's scores route checks it again; the entry routes check the user's own permissions.
    permission: 'seo.manage',
    nav: { group: 'content' },
    component: bulkEditor(admin),
  });
  // The score as of each entry's last save, in every type's list: for those who may see the scores.
  admin.listColumn({ types: '*', title: 'column.title', permission: 'seo.manage', cell: scoreColumn(admin) });
  admin.listFilter({
    types: '*',
    filter: 'seo.rating',
    title: 'column.filter',
    permission: 'seo.manage',
    options: (['good', 'improve', 'problem'] as const).map((value) => ({ value, label: `rating.${value}` })),
  });
});
