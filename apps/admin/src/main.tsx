import '@mantine/core/styles.css';
import './admin.css';
import { colorsTuple, createTheme, MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { StrictMode, useEffect, useMemo } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { startI18n } from './i18n/index.js';
import { router } from './router.js';
import { useSite } from './site.js';

const queries = new QueryClient({
  defaultOptions: { queries: { refetchOnWindowFocus: false, retry: 1 } },
});

/**
 * The admin in the site's colours and icon when its branding sets them (white-label), text on them
 * black or white by contrast; else Mantine's blue at shade 8, whose white text reads at 4.9:1 (its
 * default shade 6, 3.5:1, fails WCAG AA).
 */
function Branded() {
  const branding = useSite().data?.branding;
  const primary = branding?.primary_color ?? null;
  const theme = useMemo(
    () =>
      primary
        ? createTheme({
            colors: { brand: colorsTuple(primary) },
            primaryColor: 'brand',
            autoContrast: true,
            defaultRadius: 'md',
          })
        : createTheme({ primaryColor: 'blue', primaryShade: { light: 8, dark: 7 }, defaultRadius: 'md' }),
    [primary],
  );
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

await startI18n();
const root = document.getElementById('root');
if (root)
  createRoot(root).render(
    <StrictMode>
      <QueryClientProvider client={queries}>
        <Branded />
      </QueryClientProvider>
    </StrictMode>,
  );
