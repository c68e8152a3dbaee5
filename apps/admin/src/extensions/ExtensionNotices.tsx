import { Button, Group, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useExtensions } from './ExtensionsProvider.js';

/**
 * Above every screen: the plugins whose admin module failed to load or threw in its setup, each
 * named (their screens and panels are simply absent), or the list of modules not coming at all.
 */
export function ExtensionNotices() {
  const { t } = useTranslation();
  const { status, extensions, retry } = useExtensions();
  if (status === 'failed')
    return (
      <Group role="alert" mb="md">
        <Text c="red" size="sm">
          {t('extensions.listFailed')}
        </Text>
        <Button size="xs" variant="light" onClick={retry}>
          {t('app.retry')}
        </Button>
      </Group>
    );
  if (extensions.failures.length === 0) return null;
  return (
    <Stack gap="xs" mb="md" role="alert">
      {extensions.failures.map((failure) => (
        <Text key={failure.plugin} c="red" size="sm">
          {t('extensions.failed', { plugin: failure.plugin, reason: failure.reason })}
        </Text>
      ))}
    </Stack>
  );
}
