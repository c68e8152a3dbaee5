import type { AccountExport, HookAccount as AccountHookView } from '@tessera/plugin';
import type { HookManager } from '../../core/hooks/hook-manager.js';

/**
 * A site account as its hooks see it (a copy, never the row), and what its export holds: the
 * shapes `@tessera/plugin` promises plugins, so the core hands them exactly that.
 */
export type { AccountExport, HookAccount as AccountHookView } from '@tessera/plugin';

declare module '../../core/hooks/hook-manager.js' {
  interface ActionHooks {
    /** A visitor confirmed the address of the account they registered: it can sign in from now on. */
    'account.registered': [account: AccountHookView];
    /** A site account signed in (a new visitor session carries it). */
    'account.signed_in': [event: { account: AccountHookView; ip: string }];
    /**
     * An administrator deletes an account (`delete`: its data goes) or anonymises it (`anonymise`: the
     * row stays, without a name, an address or a way in), in the transaction: a plugin deletes or
     * anonymises its own rows of the account the same way; throwing refuses the deletion.
     */
    'account.deleted': [event: { account: AccountHookView; mode: 'delete' | 'anonymise' }];
  }
  interface FilterHooks {
    /** An account's data as it is exported for the person who asked: add yours under `plugins.<area>`. */
    'account.export': [data: AccountExport, account: AccountHookView];
  }
}

export function declareAccountHooks(hooks: HookManager): void {
  hooks.declare('account.deleted', 'transaction');
}
