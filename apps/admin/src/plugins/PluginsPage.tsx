import { Alert, Badge, Button, ScrollArea, Stack, Table, Text, Title } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api, data } from '../api.js';
import { ADMIN_MODULES } from '../extensions/ExtensionsProvider.js';
import { Pending } from '../shell/Shell.js';
import { useDocumentTitle } from '../site.js';

const PLUGINS = ['plugins'];

/**
 * The installed plugins (installing one is `tessera plugin:install` on the server: a plugin is
 * code), each switched on or off for this site, as WordPress's Plugins screen; one that failed to
 * load says why and cannot be switched on.
 */
export function PluginsPage() {
  const { t } = useTranslation();
  useDocumentTitle(t('plugins.title'));
  const client = useQueryClient();
  const [said, setSaid] = useState('');
  const list = useQuery({ queryKey: PLUGINS, queryFn: () => data(api.GET('/api/plugins')) });
  const toggle = useMutation({
    mutationFn: (plugin: { name: string; active: boolean }) =>
      data(
        api.PUT('/api/plugins/{name}/active', {
          params: { path: { name: plugin.name } },
          body: { active: plugin.active },
        }),
      ),
    onSuccess: (plugin) => {
      setSaid(t(plugin.active ? 'plugins.activated' : 'plugins.deactivated', { name: plugin.name }));
      void client.invalidateQueries({ queryKey: PLUGINS });
      // What the plugin adds to the admin comes, or goes, without a reload.
      void client.invalidateQueries({ queryKey: ADMIN_MODULES });
    },
  });
  const plugins = list.data ?? [];
  return (
    <Stack>
      <Title order={1} size="h2">
        {t('plugins.title')}
      </Title>
      <Text size="sm" c="dimmed">
        {t('plugins.intro')}
      </Text>
      <Text size="sm" c="teal.9" role="status">
        {said}
      </Text>
      {toggle.error ? (
        <Alert color="red" role="alert">
          {toggle.error.message}
        </Alert>
      ) : null}
      {!list.data ? (
        <Pending error={list.error} retry={() => void list.refetch()} />
      ) : plugins.length === 0 ? (
        <Text c="dimmed">{t('plugins.empty')}</Text>
      ) : (
        <ScrollArea type="auto" scrollbars="x">
          <Table striped miw={560}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">{t('plugins.name')}</Table.Th>
                <Table.Th scope="col">{t('plugins.version')}</Table.Th>
                <Table.Th scope="col">{t('plugins.state')}</Table.Th>
                <Table.Th scope="col">{t('plugins.actions')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {plugins.map((plugin) => (
                <Table.Tr key={plugin.name}>
                  <Table.Th scope="row" fw={600}>
                    {plugin.name}
                  </Table.Th>
                  <Table.Td>{plugin.version || '—'}</Table.Td>
                  <Table.Td>
                    <Badge
                      variant={plugin.active ? 'filled' : 'light'}
                      color={plugin.state === 'failed' ? 'red.9' : plugin.active ? 'teal.9' : 'gray'}
                    >
                      {plugin.state === 'failed'
                        ? t('plugins.failed')
                        : plugin.active
                          ? t('plugins.active')
                          : t('plugins.inactive')}
                    </Badge>
                    {plugin.error ? (
                      <Text size="xs" c="red.9" mt={4}>
                        {plugin.error}
                      </Text>
                    ) : null}
                  </Table.Td>
                  <Table.Td>
                    <Button
                      size="compact-sm"
                      variant={plugin.active ? 'default' : 'filled'}
                      disabled={!plugin.active && plugin.state === 'failed'}
                      loading={toggle.isPending && toggle.variables?.name === plugin.name}
                      aria-label={t(plugin.active ? 'plugins.deactivateNamed' : 'plugins.activateNamed', {
                        name: plugin.name,
                      })}
                      onClick={() => toggle.mutate({ name: plugin.name, active: !plugin.active })}
                    >
                      {plugin.active ? t('plugins.deactivate') : t('plugins.activate')}
                    </Button>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </ScrollArea>
      )}
    </Stack>
  );
}
