import { Text } from '@mantine/core';
import { Component, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * Around each thing a plugin renders: a component that throws shows a short notice naming its
 * plugin, in its own place, and the rest of the screen goes on.
 */
export class PluginBoundary extends Component<{ plugin: string; children: ReactNode }, { error: unknown }> {
  override state = { error: null as unknown };

  static getDerivedStateFromError(error: unknown) {
    return { error };
  }

  override render() {
    if (this.state.error === null) return this.props.children;
    return <Crashed plugin={this.props.plugin} error={this.state.error} />;
  }
}

function Crashed({ plugin, error }: { plugin: string; error: unknown }) {
  const { t } = useTranslation();
  const reason = error instanceof Error ? error.message : String(error);
  return (
    <Text c="red" size="sm" role="alert">
      {t('extensions.crashed', { plugin, reason })}
    </Text>
  );
}
