/**
 * The surface admin modules are written against, pinned as context.test-d.ts pins the server's:
 * a member added, removed or renamed by accident fails the type check. Changing it on purpose means
 * changing this file, docs/plugins.md and the admin's host (apps/admin/src/extensions).
 */
import { expectTypeOf } from 'vitest';
import {
  type AdminApi,
  AdminApiError,
  type AdminContext,
  type AdminScreen,
  type AdminSetup,
  type DashboardWidget,
  defineAdmin,
  type EditorPanel,
  type EditorPanelProps,
} from './admin.js';

expectTypeOf<keyof AdminContext>().toEqualTypeOf<
  | 'plugin'
  | 'version'
  | 'namespace'
  | 'screen'
  | 'editorPanel'
  | 'dashboardWidget'
  | 'listColumn'
  | 'listFilter'
  | 'translations'
  | 'api'
  | 'core'
  | 'useTranslation'
  | 'useCan'
  | 'components'
>();
expectTypeOf<keyof AdminApi>().toEqualTypeOf<'get' | 'post' | 'put' | 'patch' | 'delete'>();
expectTypeOf<keyof AdminScreen>().toEqualTypeOf<'path' | 'title' | 'permission' | 'nav' | 'component'>();
expectTypeOf<keyof EditorPanel>().toEqualTypeOf<'types' | 'title' | 'component'>();
expectTypeOf<keyof EditorPanelProps>().toEqualTypeOf<
  'entry' | 'fields' | 'definitions' | 'setField' | 'readOnly'
>();
expectTypeOf<keyof DashboardWidget>().toEqualTypeOf<'title' | 'permission' | 'component'>();

export function declares(admin: AdminContext): void {
  admin.screen({
    path: 'moderation',
    title: 'moderation.title',
    permission: 'guestbook.moderate',
    nav: { group: 'content' },
    component: ({ subpath }) => subpath,
  });
  admin.editorPanel({
    types: ['post'],
    title: 'Mood',
    component: ({ entry, setField }) => {
      setField('guestbook.mood', entry.title);
      return null;
    },
  });
  // @ts-expect-error a screen names the permission it needs
  admin.screen({ path: 'open', title: 'Open', component: () => null });
  // @ts-expect-error a group the navigation does not have
  admin.screen({ path: 'x', title: 'X', permission: 'x.y', nav: { group: 'tools' }, component: () => null });
  admin.dashboardWidget({ title: 'Entries', component: () => null });
}

export async function calls(admin: AdminContext): Promise<void> {
  const entries = await admin.api.get<Array<{ id: number }>>('/entries', { limit: 20 });
  expectTypeOf(entries).toEqualTypeOf<Array<{ id: number }>>();
  try {
    await admin.api.post('/entries', { name: 'Ada' });
  } catch (error) {
    if (error instanceof AdminApiError)
      expectTypeOf(error.errors).toEqualTypeOf<Readonly<Record<string, string[]>>>();
  }
}

// The module's default export is its setup, typed and returned as it is.
expectTypeOf(defineAdmin(() => {})).toMatchTypeOf<AdminSetup>();
expectTypeOf(defineAdmin(async () => {})).toMatchTypeOf<AdminSetup>();
