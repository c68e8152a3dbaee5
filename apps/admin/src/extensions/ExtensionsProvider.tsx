import { useQuery } from '@tanstack/react-query';
import { createContext, type ReactNode, useContext } from 'react';
import { api, data } from '../api.js';
import { useSession } from '../session.js';
import { useSite } from '../site.js';
import { type Extensions, NO_EXTENSIONS } from './registry.js';

export interface ExtensionsState {
  /** `loading` until the modules of the site's active plugins are in, `failed` if their list is not. */
  status: 'loading' | 'ready' | 'failed';
  extensions: Extensions;
  retry(): void;
}

const ExtensionsContext = createContext<ExtensionsState>({
  status: 'ready',
  extensions: NO_EXTENSIONS,
  retry: () => undefined,
});

/** Asked for again when a plugin is switched on or off (the plugins screen invalidates it). */
export const ADMIN_MODULES = ['admin-modules'] as const;

/**
 * The admin modules of the plugins active on this site, loaded once signed in, again for another
 * user or site: what they add (screens, navigation, editor panels, dashboard widgets) for the
 * screens below. The loader and the libraries lent to the modules are fetched only where there is
 * a module to load.
 */
export function ExtensionsProvider({ children }: { children: ReactNode }) {
  const user = useSession();
  const site = useSite().data;
  const loaded = useQuery({
    queryKey: [...ADMIN_MODULES, site?.id ?? null, user.id],
    queryFn: async () => {
      const listed = await data(api.GET('/api/plugins/admin-modules'));
      if (listed.length === 0) return NO_EXTENSIONS;
      return (await import('./load.js')).loadExtensions(listed);
    },
    // A module runs its setup once per load: not again on every remount or window focus.
    staleTime: Number.POSITIVE_INFINITY,
  });
  const state: ExtensionsState = {
    status: loaded.data ? 'ready' : loaded.error ? 'failed' : 'loading',
    extensions: loaded.data ?? NO_EXTENSIONS,
    retry: () => void loaded.refetch(),
  };
  return <ExtensionsContext.Provider value={state}>{children}</ExtensionsContext.Provider>;
}

export function useExtensions(): ExtensionsState {
  return useContext(ExtensionsContext);
}
