import { Card, Title } from '@mantine/core';
import { createElement } from 'react';
import { useCan } from '../session.js';
import { useExtensions } from './ExtensionsProvider.js';
import { PluginBoundary } from './PluginBoundary.js';
import { usePluginTitle } from './titles.js';

/** Plugins' cards on the dashboard, each for those holding its permission, framed as the core's. */
export function DashboardWidgets() {
  const { widgets } = useExtensions().extensions;
  const can = useCan();
  const titleOf = usePluginTitle();
  return widgets
    .filter((widget) => !widget.permission || can(widget.permission))
    .map((widget) => {
      const title = titleOf(widget);
      return (
        <Card key={widget.key} withBorder radius="md" component="section" aria-label={title}>
          <Title order={2} size="h4" mb="sm">
            {title}
          </Title>
          <PluginBoundary plugin={widget.plugin}>{createElement(widget.component)}</PluginBoundary>
        </Card>
      );
    });
}
