import '@mantine/core/styles.css';
import './admin.css';
import { createTheme, MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { startI18n } from './i18n/index.js';
import { router } from './router.js';

const queries = new QueryClient({
  defaultOptions: { queries: { refetchOnWindowFocus: false, retry: 1 } },
});

// Shade 8 of Mantine's blue under white text reads at 4.9:1 (its default shade 6, 3.5:1, fails WCAG AA).
const theme = createTheme({ primaryColor: 'blue', primaryShade: { light: 8, dark: 7 }, defaultRadius: 'md' });

await startI18n();
const root = document.getElementById('root');
if (root)
  createRoot(root).render(
    <StrictMode>
      <MantineProvider theme={theme} defaultColorScheme="auto">
        <QueryClientProvider client={queries}>
          <RouterProvider router={router} />
        </QueryClientProvider>
      </MantineProvider>
    </StrictMode>,
  );
