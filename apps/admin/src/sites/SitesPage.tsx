import { Anchor, Badge, Button, Group, ScrollArea, Stack, Table, Text, Title } from '@mantine/core';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api, data, page } from '../api.js';
import { useCan } from '../session.js';
import { useConfirm } from '../shell/confirm.js';
import { ListPagination } from '../shell/lists.js';
import { Pending } from '../shell/Shell.js';
import { useDocumentTitle } from '../site.js';
import { type SiteFields, SiteForm } from './SiteForm.js';

/**
 * Every site of the installation (Super Admins): create one, change its name, domains and
 * languages and branding, disable it (its hosts answer 404, its data stays) and enable it again.
 * A site's own administrators set its branding from its settings too (branding.manage).
 */
export function SitesPage() {
  const { t } = useTranslation();
  const ask = useConfirm();
  useDocumentTitle(t('sites.title'));
  const can = useCan();
  const client = useQueryClient();
  const [current, setCurrent] = useState(1);
  const [editing, setEditing] = useState<{ site: SiteFields | null } | null>(null);
  const list = useQuery({
    queryKey: ['sites', current],
    queryFn: () => page(api.GET('/api/sites', { params: { query: { page: current, limit: 20 } } })),
    placeholderData: keepPreviousData,
  });
  const toggle = useMutation({
    mutationFn: (site: { id: number; enabled: boolean }) =>
      data(
        site.enabled
          ? api.POST('/api/sites/{id}/disable', { params: { path: { id: site.id } } })
          : api.POST('/api/sites/{id}/enable', { params: { path: { id: site.id } } }),
      ),
    onSuccess: () => void client.invalidateQueries({ queryKey: ['sites'] }),
  });
  const port = window.location.port ? `:${window.location.port}` : '';
  const items = list.data?.items ?? [];
  return (
    <Stack>
      <Group justify="space-between">
        <Title order={1} size="h2">
          {t('sites.title')}
        </Title>
        {can('sites.manage') ? (
          <Button onClick={() => setEditing({ site: null })}>{t('sites.new')}</Button>
        ) : null}
      </Group>
      {toggle.error ? (
        <Text c="red" role="alert">
          {toggle.error.message}
        </Text>
      ) : null}
      {!list.data ? (
        <Pending error={list.error} retry={() => void list.refetch()} />
      ) : items.length === 0 ? (
        <Text c="dimmed">{t('sites.empty')}</Text>
      ) : (
        <ScrollArea type="auto" scrollbars="x">
          <Table striped miw={640}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">{t('sites.name')}</Table.Th>
                <Table.Th scope="col">{t('sites.domain')}</Table.Th>
                <Table.Th scope="col">{t('sites.locales')}</Table.Th>
                <Table.Th scope="col">{t('sites.state')}</Table.Th>
                <Table.Th scope="col">{t('content.actions')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {items.map((site) => (
                <Table.Tr key={site.id}>
                  <Table.Td>
                    {site.name}
                    {site.branding.name ? (
                      <Text size="xs" c="dimmed">
                        {t('sites.shownAs', { name: site.branding.name })}
                      </Text>
                    ) : null}
                  </Table.Td>
                  <Table.Td>
                    <Anchor
                      href={`${window.location.protocol}//${site.primary_domain}${port}/admin`}
                      size="sm"
                    >
                      {site.primary_domain}
                    </Anchor>
                    {site.aliases.length > 0 ? (
                      <Text size="xs" c="dimmed">
                        {site.aliases.join(', ')}
                      </Text>
                    ) : null}
                  </Table.Td>
                  <Table.Td>{site.locales.join(', ')}</Table.Td>
                  <Table.Td>
                    <Badge
                      variant={site.enabled ? 'filled' : 'light'}
                      color={site.enabled ? 'teal.9' : 'gray'}
                    >
                      {site.enabled ? t('sites.enabled') : t('sites.disabled')}
                    </Badge>
                  </Table.Td>
                  <Table.Td>
                    {can('sites.manage') ? (
                      <Group gap={4} wrap="nowrap">
                        <Button
                          size="compact-sm"
                          variant="subtle"
                          aria-label={`${t('sites.editShort')}: ${site.name}`}
                          onClick={() =>
                            setEditing({
                              site: {
                                id: site.id,
                                name: site.name,
                                domain: site.primary_domain,
                                aliases: site.aliases,
                                locales: site.locales,
                                default_locale: site.default_locale,
                                branding: site.branding,
                              },
                            })
                          }
                        >
                          {t('sites.editShort')}
                        </Button>
                        <Button
                          size="compact-sm"
                          variant="subtle"
                          color={site.enabled ? 'red' : undefined}
                          aria-label={`${site.enabled ? t('sites.disable') : t('sites.enable')}: ${site.name}`}
                          onClick={async () => {
                            const yes =
                              !site.enabled ||
                              (await ask({
                                title: t('sites.disableTitle'),
                                text: t('sites.disableConfirm', { name: site.name }),
                                confirm: t('sites.disable'),
                                danger: true,
                              }));
                            if (yes) toggle.mutate(site);
                          }}
                        >
                          {site.enabled ? t('sites.disable') : t('sites.enable')}
                        </Button>
                      </Group>
                    ) : null}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </ScrollArea>
      )}
      <ListPagination lastPage={list.data?.meta.last_page} value={current} onChange={setCurrent} />
      {editing ? (
        <SiteForm
          key={editing.site?.id ?? 'new'}
          site={editing.site}
          opened
          onClose={() => setEditing(null)}
        />
      ) : null}
    </Stack>
  );
}
