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
import { useSite } from './site.js';
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
// the screens before sign-in), and the builder's code when it is the builder that opens.
const path = window.location.pathname;
const signedIn = /^\/admin\/(login|forgot-password|reset-password|setup)\b/.test(path)
  ? Promise.resolve()
  : queries.prefetchQuery({ queryKey: ME, queryFn: fetchMe, retry: false, staleTime: 60_000 });
if (path.startsWith('/admin/builder/'))
  void preloadBuilder().then((builder) => builder.prefetchBuilder(queries, path));

// In the profile's language from the first frame: a reload never shows the browser's first.
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
