import type { EntryState } from './entries/entry.js';

/**
 * What content hooks receive: the entry's content as it will be (before_save) or is (after),
 * with its id (null before the first save), type slug, locale and public path.
 */
export interface EntryHookSubject extends EntryState {
  id: number | null;
  type: string;
  locale?: string;
  path?: string;
}

/**
 * The hooks of spec 6.2, for every content type: `page.before_save`, `post.title`,
 * `product.published`... `before_save` and `before_delete` run inside the operation's transaction
 * and may refuse it; the others run after the commit.
 */
declare module '../../core/hooks/hook-manager.js' {
  interface ActionHooks {
    [name: `${string}.before_save`]: [entry: EntryHookSubject];
    [name: `${string}.after_save`]: [entry: EntryHookSubject];
    [name: `${string}.before_delete`]: [entry: EntryHookSubject];
    [name: `${string}.published`]: [entry: EntryHookSubject];
    [name: `${string}.unpublished`]: [entry: EntryHookSubject];
    /** After any entry's save was committed, whatever its type: for plugins that follow every type. */
    'entries.saved': [entry: EntryHookSubject];
  }
  interface FilterHooks {
    [name: `${string}.title`]: [value: string, entry: EntryHookSubject];
    [name: `${string}.excerpt`]: [value: string, entry: EntryHookSubject];
  }
}

/** The phase of each content hook of a type, declared when the type is loaded. */
export const ENTRY_HOOK_PHASES = {
  before_save: 'transaction',
  before_delete: 'transaction',
  after_save: 'after_commit',
  published: 'after_commit',
  unpublished: 'after_commit',
} as const;
