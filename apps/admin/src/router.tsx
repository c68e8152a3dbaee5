import { Center, Loader } from '@mantine/core';
import { lazy, Suspense } from 'react';
import { createBrowserRouter, Outlet } from 'react-router';
import { LoginPage } from './auth/LoginPage.js';
import { ExtensionsProvider } from './extensions/ExtensionsProvider.js';
import { RequireSession } from './session.js';
import { ConfirmProvider } from './shell/confirm.js';
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
const EntryEditorPage = lazy(() =>
  import('./content/editor/EntryEditorPage.js').then((m) => ({ default: m.EntryEditorPage })),
);
const MediaLibraryPage = lazy(() =>
  import('./media/MediaLibraryPage.js').then((m) => ({ default: m.MediaLibraryPage })),
);
const AppearancePage = lazy(() =>
  import('./appearance/AppearancePage.js').then((m) => ({ default: m.AppearancePage })),
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
const UsersPage = lazy(() => import('./users/UsersPage.js').then((m) => ({ default: m.UsersPage })));
const AccountsPage = lazy(() =>
  import('./accounts/AccountsPage.js').then((m) => ({ default: m.AccountsPage })),
);
const UserNewPage = lazy(() => import('./users/UserNewPage.js').then((m) => ({ default: m.UserNewPage })));
const UserPage = lazy(() => import('./users/UserPage.js').then((m) => ({ default: m.UserPage })));
const RolesPage = lazy(() => import('./users/RolesPage.js').then((m) => ({ default: m.RolesPage })));
const RolePage = lazy(() => import('./users/RolePage.js').then((m) => ({ default: m.RolePage })));
const TaxonomiesPage = lazy(() =>
  import('./taxonomies/TaxonomiesPage.js').then((m) => ({ default: m.TaxonomiesPage })),
);
const TermsPage = lazy(() => import('./taxonomies/TermsPage.js').then((m) => ({ default: m.TermsPage })));
const SettingsPage = lazy(() =>
  import('./settings/SettingsPage.js').then((m) => ({ default: m.SettingsPage })),
);
const WebhooksPage = lazy(() =>
  import('./webhooks/WebhooksPage.js').then((m) => ({ default: m.WebhooksPage })),
);
const EmailTemplatesPage = lazy(() =>
  import('./email-templates/EmailTemplatesPage.js').then((m) => ({ default: m.EmailTemplatesPage })),
);
const NewsletterPage = lazy(() =>
  import('./newsletter/NewsletterPage.js').then((m) => ({ default: m.NewsletterPage })),
);
const PluginsPage = lazy(() => import('./plugins/PluginsPage.js').then((m) => ({ default: m.PluginsPage })));
const JobsPage = lazy(() => import('./jobs/JobsPage.js').then((m) => ({ default: m.JobsPage })));
const SearchPage = lazy(() => import('./shell/SearchPage.js').then((m) => ({ default: m.SearchPage })));
const SitesPage = lazy(() => import('./sites/SitesPage.js').then((m) => ({ default: m.SitesPage })));
const ProfilePage = lazy(() => import('./profile/ProfilePage.js').then((m) => ({ default: m.ProfilePage })));
const ContentTypesPage = lazy(() =>
  import('./types/ContentTypesPage.js').then((m) => ({ default: m.ContentTypesPage })),
);
const DesignerPage = lazy(() => import('./types/DesignerPage.js').then((m) => ({ default: m.DesignerPage })));
// The visual builder is the largest screen (the block registry itself): loaded only when it opens,
// or as the app starts when the address is the builder's (main.tsx), beside the session check.
type BuilderModule = typeof import('./builder/visual/BuilderPage.js');
let builderModule: BuilderModule | null = null;
export function preloadBuilder(): Promise<BuilderModule> {
  return import('./builder/visual/BuilderPage.js').then((module) => {
    builderModule = module;
    return module;
  });
}
const BuilderPage = lazy(() => {
  const loaded = builderModule;
  // Already here: a thenable that answers at once, so React shows the builder without suspending
  // (a suspended screen's reveal is held back up to 300 ms after its fallback).
  if (loaded)
    return {
      // biome-ignore lint/suspicious/noThenProperty: a thenable is what React.lazy takes
      then: (resolve: (value: { default: BuilderModule['BuilderPage'] }) => void) =>
        resolve({ default: loaded.BuilderPage }),
    } as unknown as Promise<{ default: BuilderModule['BuilderPage'] }>;
  return preloadBuilder().then((module) => ({ default: module.BuilderPage }));
});
const PluginScreenPage = lazy(() =>
  import('./extensions/PluginScreenPage.js').then((m) => ({ default: m.PluginScreenPage })),
);
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
          // Full window, without the shell's navigation: the builder's canvas needs the room.
          path: '/builder/:kind/:id?',
          element: (
            <RequireSession fallback={loading}>
              <ConfirmProvider>
                <BuilderPage />
              </ConfirmProvider>
            </RequireSession>
          ),
        },
        {
          element: (
            <RequireSession fallback={loading}>
              <ConfirmProvider>
                <ExtensionsProvider>
                  <Shell />
                </ExtensionsProvider>
              </ConfirmProvider>
            </RequireSession>
          ),
          children: [
            {
              element: <Lazy />,
              children: [
                { index: true, element: <DashboardPage /> },
                { path: '/content/:type', element: <ContentListPage /> },
                { path: '/content/:type/:id', element: <EntryEditorPage /> },
                { path: '/media', element: <MediaLibraryPage /> },
                { path: '/appearance/:section?', element: <AppearancePage /> },
                { path: '/comments', element: <CommentsPage /> },
                { path: '/analytics', element: <AnalyticsPage /> },
                { path: '/activity', element: <ActivityPage /> },
                { path: '/users', element: <UsersPage /> },
                { path: '/accounts', element: <AccountsPage /> },
                { path: '/users/new', element: <UserNewPage /> },
                { path: '/users/:id', element: <UserPage /> },
                { path: '/roles', element: <RolesPage /> },
                { path: '/roles/:id', element: <RolePage /> },
                { path: '/taxonomies', element: <TaxonomiesPage /> },
                { path: '/taxonomies/:taxonomy', element: <TermsPage /> },
                { path: '/content-types', element: <ContentTypesPage /> },
                { path: '/content-types/new', element: <DesignerPage /> },
                { path: '/content-types/:slug', element: <DesignerPage /> },
                { path: '/settings/:group?', element: <SettingsPage /> },
                { path: '/webhooks/:id?', element: <WebhooksPage /> },
                { path: '/email-templates/:event?', element: <EmailTemplatesPage /> },
                { path: '/newsletter/:section?/:id?/:view?', element: <NewsletterPage /> },
                { path: '/plugins', element: <PluginsPage /> },
                { path: '/plugins/:plugin/*', element: <PluginScreenPage /> },
                { path: '/jobs', element: <JobsPage /> },
                { path: '/sites', element: <SitesPage /> },
                { path: '/profile', element: <ProfilePage /> },
                { path: '/search', element: <SearchPage /> },
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
