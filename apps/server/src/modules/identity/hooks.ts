import type { HookManager } from '../../core/hooks/hook-manager.js';

/** What sign-in hooks receive. */
export interface SignInEvent {
  userId: number;
  email: string;
  siteId: number;
  ip: string;
}

declare module '../../core/hooks/hook-manager.js' {
  interface ActionHooks {
    /** Before a password is checked (transaction phase): a callback that throws refuses the sign-in (an IP allow-list, say). */
    'auth.before_login': [attempt: { email: string; siteId: number; ip: string }];
    /** After a session was opened and committed. */
    'auth.logged_in': [event: SignInEvent & { method: 'password' | 'two_factor' }];
    /** After a failed password check was recorded. */
    'auth.login_failed': [attempt: { email: string; siteId: number; ip: string }];
  }
}

export function declareIdentityHooks(hooks: HookManager): void {
  hooks.declare('auth.before_login', 'transaction');
}
