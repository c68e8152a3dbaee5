// The hook this plugin fires, typed for other plugins (and for itself) by declaration merging.
declare module '@tessera/plugin' {
  interface ActionHooks {
    /** Before a signature is stored, in its transaction: a callback that throws refuses it. */
    'guestbook.before_sign': [entry: { name: string; message: string; created_at: string }];
  }
}

export {};
