import '@mantine/core/styles.css';
import './admin.css';
import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { StrictMode, useEffect, useMemo } from 'react';
import { createRoot } from 'react-dom/client';
import { useTranslation } from 'react-i18next';
import { RouterProvider } from 'react-router';
import { startI18n } from './i18n/index.js';
import { preloadBuilder, router } from './router.js';
import { fetchMe, ME, type SessionUser } from './session.js';
import { SITE_QUERY, useSite } from './site.js';
import { adminTheme } from './theme.js';

const queries = new QueryClient({
  defaultOptions: { queries: { refetchOnWindowFocus: false, retry: 1 } },
});

/** The admin in the site's colours and icon when its branding sets them (white-label). */
function Branded() {
  const branding = useSite().data?.branding;
  const primary = branding?.primary_color ?? null;
  const { t, i18n } = useTranslation();
  // biome-ignore lint/correctness/useExhaustiveDependencies: `t` follows the language, which is listed
  const theme = useMemo(() => adminTheme(primary, t('app.close')), [primary, i18n.language]);
  const favicon = branding?.favicon_url ?? null;
  useEffect(() => {
    if (!favicon) return;
    let link = document.querySelector<HTMLLinkElement>('link[rel="icon"]');
    if (!link) {
      link = document.createElement('link');
      link.rel = 'icon';
      document.head.append(link);
    }
    link.href = favicon;
  }, [favicon]);
  return (
    <MantineProvider theme={theme} defaultColorScheme="auto">
      <RouterProvider router={router} />
    </MantineProvider>
  );
}

// What the first screen needs, asked for while the interface's words load: who is signed in (not on
// the screens before sign-in), the site (its name and branding), and the builder's code when it is
// the builder that opens.
const path = window.location.pathname;
const signedIn = /^\/admin\/(login|forgot-password|reset-password|setup)\b/.test(path)
  ? Promise.resolve()
  : queries.prefetchQuery({ queryKey: ME, queryFn: fetchMe, retry: false, staleTime: 60_000 });
void queries.prefetchQuery(SITE_QUERY);
if (path.startsWith('/admin/builder/'))
  void preloadBuilder().then((builder) => builder.prefetchBuilder(queries, path));

/**
 * Renders once the interface's words are here, in the profile's language from the first frame (a
 * reload never shows the browser's first). Not awaited at this module's top: the lazy screens'
 * chunks import from this entry chunk, and a top-level await would hold their evaluation (and the
 * builder's own requests) until the session and the words had come.
 */
async function start(): Promise<void> {
  await startI18n(signedIn.then(() => queries.getQueryData<SessionUser>(ME)?.locale ?? null));
  const root = document.getElementById('root');
  if (root)
    createRoot(root).render(
      <StrictMode>
        <QueryClientProvider client={queries}>
          <Branded />
        </QueryClientProvider>
      </StrictMode>,
    );
}
void start();
