import { type QueryClient, useQuery, useQueryClient } from '@tanstack/react-query';
import { createContext, type ReactNode, useContext, useEffect, useRef } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { api, data, onSessionExpired } from './api.js';
import { i18next, languageFor, switchLanguage } from './i18n/index.js';

export interface SessionUser {
  id: number;
  display_name: string;
  email: string;
  locale: string;
  is_super_admin: boolean;
  two_factor_enabled: boolean;
  permissions: string[];
}

const SessionContext = createContext<SessionUser | null>(null);

/** The signed-in user: only inside RequireSession. */
export function useSession(): SessionUser {
  const user = useContext(SessionContext);
  if (!user) throw new Error('useSession outside RequireSession');
  return user;
}

export function useCan(): (permission: string) => boolean {
  const user = useSession();
  return (permission) => user.is_super_admin || user.permissions.includes(permission);
}

/**
 * Whether the user may do `permission` to something `ownerId` owns: their own needs the permission,
 * anyone else's its `_others` form too, as the server decides (an Author trashes only their own).
 */
export function useMayOn(): (permission: string, ownerId: number | null) => boolean {
  const user = useSession();
  const can = useCan();
  return (permission, ownerId) => can(permission) && (ownerId === user.id || can(`${permission}_others`));
}

export const ME = ['me'] as const;
/** The signed-in user (GET /api/me): the query main.tsx starts early and RequireSession reads. */
export const fetchMe = () => data(api.GET('/api/me'));

/** Drops what the user's session fetched; the site's public face (name, branding) stays. */
export function forgetSession(client: QueryClient): void {
  client.removeQueries({ predicate: (query) => query.queryKey[0] !== 'site' });
}

/** Where to sign in, coming back to `path` after. */
export function loginPath(path: string, expired = false): string {
  const next = path && path !== '/' ? `?next=${encodeURIComponent(path)}` : '';
  return `/login${next}${expired ? `${next ? '&' : '?'}expired=1` : ''}`;
}

/**
 * The screens behind sign-in: the user from GET /api/me, or the sign-in page (back here after). A
 * call answering 401 later (the session expired) sends there too, with a word on why.
 */
export function RequireSession({ children, fallback }: { children: ReactNode; fallback: ReactNode }) {
  const location = useLocation();
  const navigate = useNavigate();
  const client = useQueryClient();
  const here = `${location.pathname}${location.search}`;
  const me = useQuery({
    queryKey: ME,
    queryFn: fetchMe,
    retry: false,
    staleTime: 60_000,
  });
  useEffect(
    () =>
      onSessionExpired(() => {
        // Someone who was never signed in is sent to sign in by the failed /api/me below, unwarned.
        if (!client.getQueryData(ME)) return;
        forgetSession(client);
        navigate(loginPath(here, true), { replace: true });
      }),
    [client, navigate, here],
  );
  // Once signed in, a failed /api/me is a session that ended too: said so even when it, rather
  // than another call, is the first to answer 401 (else it would replace the warned sign-in address).
  const wasSignedIn = useRef(false);
  if (me.data) wasSignedIn.current = true;
  useEffect(() => {
    if (me.error) navigate(loginPath(here, wasSignedIn.current), { replace: true });
  }, [me.error, navigate, here]);
  useEffect(() => {
    const language = me.data ? languageFor([me.data.locale, ...navigator.languages]) : null;
    if (language && language !== i18next.language) void switchLanguage(language);
  }, [me.data]);
  if (!me.data) return fallback;
  return <SessionContext.Provider value={me.data}>{children}</SessionContext.Provider>;
}
