import { Stack, Title } from '@mantine/core';
import { createElement } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { useCan } from '../session.js';
import { NotFoundPage } from '../shell/NotFoundPage.js';
import { Pending } from '../shell/Shell.js';
import { useDocumentTitle } from '../site.js';
import { useExtensions } from './ExtensionsProvider.js';
import { PluginBoundary } from './PluginBoundary.js';
import { screenAt } from './screens.js';
import { usePluginTitle } from './titles.js';

/**
 * /plugins/<plugin>/<path>: the plugin screen there, for users holding its permission; anyone else,
 * like an address no plugin claims, gets the admin's "not found" (the plugin's routes refuse them too).
 */
export function PluginScreenPage() {
  const params = useParams();
  const can = useCan();
  const { status, extensions, retry } = useExtensions();
  const found = screenAt(extensions.screens, params.plugin ?? '', params['*'] ?? '');
  const titleOf = usePluginTitle();
  const { t } = useTranslation();
  if (status === 'loading') return <Pending />;
  if (status === 'failed') return <Pending error={{ message: t('extensions.listFailed') }} retry={retry} />;
  if (!found || !can(found.screen.permission)) return <NotFoundPage />;
  const { screen, subpath } = found;
  return (
    <Stack>
      <ScreenTitle title={titleOf(screen)} />
      {/* Keyed: another screen, or another plugin's, starts afresh (and clears a crash). */}
      <PluginBoundary key={`${screen.plugin}/${screen.path}`} plugin={screen.plugin}>
        {createElement(screen.component, { subpath })}
      </PluginBoundary>
    </Stack>
  );
}

/** The screen's heading and the tab's title: the admin frames every screen alike. */
function ScreenTitle({ title }: { title: string }) {
  useDocumentTitle(title);
  return (
    <Title order={1} size="h2">
      {title}
    </Title>
  );
}
