import { Center, Loader } from '@mantine/core';
import { lazy, Suspense } from 'react';
import { createBrowserRouter, Outlet } from 'react-router';
import { LoginPage } from './auth/LoginPage.js';
import { RequireSession } from './session.js';
import { Shell } from './shell/Shell.js';

// Screens past the first load come in chunks of their own.
const DashboardPage = lazy(() =>
  import('./dashboard/DashboardPage.js').then((m) => ({ default: m.DashboardPage })),
);
const ForgotPasswordPage = lazy(() =>
  import('./auth/PasswordPages.js').then((m) => ({ default: m.ForgotPasswordPage })),
);
const ResetPasswordPage = lazy(() =>
  import('./auth/PasswordPages.js').then((m) => ({ default: m.ResetPasswordPage })),
);
const SetupPage = lazy(() => import('./auth/SetupPage.js').then((m) => ({ default: m.SetupPage })));
const ContentListPage = lazy(() =>
  import('./content/ContentListPage.js').then((m) => ({ default: m.ContentListPage })),
);
const CommentsPage = lazy(() =>
  import('./comments/CommentsPage.js').then((m) => ({ default: m.CommentsPage })),
);
const AnalyticsPage = lazy(() =>
  import('./analytics/AnalyticsPage.js').then((m) => ({ default: m.AnalyticsPage })),
);
const ActivityPage = lazy(() =>
  import('./activity/ActivityPage.js').then((m) => ({ default: m.ActivityPage })),
);
const ProfilePage = lazy(() => import('./profile/ProfilePage.js').then((m) => ({ default: m.ProfilePage })));
const NotFoundPage = lazy(() => import('./shell/NotFoundPage.js').then((m) => ({ default: m.NotFoundPage })));

const loading = (
  <Center mih="50vh">
    <Loader aria-label="…" />
  </Center>
);

function Lazy() {
  return (
    <Suspense fallback={loading}>
      <Outlet />
    </Suspense>
  );
}

export const router = createBrowserRouter(
  [
    {
      element: <Lazy />,
      children: [
        { path: '/login', element: <LoginPage /> },
        { path: '/forgot-password', element: <ForgotPasswordPage /> },
        { path: '/reset-password', element: <ResetPasswordPage /> },
        { path: '/setup', element: <SetupPage /> },
        {
          element: (
            <RequireSession fallback={loading}>
              <Shell />
            </RequireSession>
          ),
          children: [
            {
              element: <Lazy />,
              children: [
                { index: true, element: <DashboardPage /> },
                { path: '/content/:type', element: <ContentListPage /> },
                { path: '/comments', element: <CommentsPage /> },
                { path: '/analytics', element: <AnalyticsPage /> },
                { path: '/activity', element: <ActivityPage /> },
                { path: '/profile', element: <ProfilePage /> },
                { path: '*', element: <NotFoundPage /> },
              ],
            },
          ],
        },
      ],
    },
  ],
  { basename: '/admin' },
);
