// @ts-check
/**
 * The guestbook's additions to the admin, loaded by the admin at run time on the sites where the
 * plugin is active: a moderation screen, a panel beside the post editor and a dashboard card, in
 * English and French. Plain JavaScript with no build step: React, Mantine and TanStack Query are the
 * admin's own, imported by their bare names (the admin's import map lends them), and
 * `tsc -p examples/plugin-guestbook` checks this folder too.
 */
import { defineAdmin } from '@tessera/plugin/admin';
import { entryCountWidget } from './entry-count.js';
import { moderationScreen } from './moderation.js';
import { moodPanel } from './mood-panel.js';
import { en, fr } from './words.js';

export default defineAdmin((admin) => {
  admin.translations({ en, fr });
  admin.screen({
    path: 'moderation',
    // Keys of the words above; a title with no such key would be shown as written.
    title: 'moderation.title',
    permission: 'guestbook.moderate',
    component: moderationScreen(admin),
  });
  admin.editorPanel({ types: ['post'], title: 'panel.title', component: moodPanel(admin) });
  admin.dashboardWidget({ title: 'widget.title', component: entryCountWidget(admin) });
});
