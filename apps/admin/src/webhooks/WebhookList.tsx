import { Anchor, Badge, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { api, data, done, toApiError } from '../api.js';
import { useConfirm } from '../shell/confirm.js';
import { Pending } from '../shell/Shell.js';
import { useDocumentTitle } from '../site.js';

export interface Webhook {
  id: number;
  url: string;
  description: string;
  events: string[];
  active: boolean;
}

export const WEBHOOKS = ['webhooks', 'list'] as const;

/** The site's webhooks (webhooks.manage): each one's address, state and events, opened or deleted. */
export function WebhookList() {
  const { t } = useTranslation();
  const ask = useConfirm();
  useDocumentTitle(t('webhooks.title'));
  const client = useQueryClient();
  const [failure, setFailure] = useState<string | null>(null);
  const list = useQuery({ queryKey: WEBHOOKS, queryFn: () => data(api.GET('/api/webhooks')) });
  const remove = useMutation({
    mutationFn: (id: number) => done(api.DELETE('/api/webhooks/{id}', { params: { path: { id } } })),
    onSuccess: () => setFailure(null),
    onError: (error) => setFailure(toApiError(error).message),
    onSettled: () => void client.invalidateQueries({ queryKey: WEBHOOKS }),
  });
  const items: Webhook[] = list.data ?? [];

  return (
    <Stack maw={900}>
      <Group justify="space-between" align="flex-end">
        <Title order={1} size="h2">
          {t('webhooks.title')}
        </Title>
        <Button component={Link} to="/webhooks/new">
          {t('webhooks.add')}
        </Button>
      </Group>
      <Text c="dimmed">{t('webhooks.intro')}</Text>
      {failure ? (
        <Text c="red" role="alert">
          {failure}
        </Text>
      ) : null}
      {list.error || list.isPending ? (
        <Pending error={list.error} retry={() => void list.refetch()} />
      ) : items.length === 0 ? (
        <Text c="dimmed">{t('webhooks.empty')}</Text>
      ) : (
        <Stack gap="sm" component="ul" style={{ listStyle: 'none', margin: 0, padding: 0 }}>
          {items.map((webhook) => (
            <Paper component="li" key={webhook.id} withBorder p="md" radius="md">
              <Stack gap={6}>
                <Group justify="space-between" wrap="nowrap" align="flex-start">
                  <Anchor
                    component={Link}
                    to={`/webhooks/${webhook.id}`}
                    fw={600}
                    style={{ wordBreak: 'break-all' }}
                  >
                    {webhook.url}
                  </Anchor>
                  <Badge variant="dot" color={webhook.active ? 'green' : 'gray'} style={{ flexShrink: 0 }}>
                    {webhook.active ? t('webhooks.active') : t('webhooks.inactive')}
                  </Badge>
                </Group>
                {webhook.description ? <Text size="sm">{webhook.description}</Text> : null}
                <Text size="sm" c="dimmed">
                  {webhook.events.includes('*')
                    ? t('webhooks.allEvents')
                    : `${t('webhooks.eventCount', { count: webhook.events.length })} – ${webhook.events.join(', ')}`}
                </Text>
                <Group gap="xs">
                  <Button
                    component={Link}
                    to={`/webhooks/${webhook.id}`}
                    size="compact-sm"
                    variant="subtle"
                    aria-label={t('webhooks.openLabel', { url: webhook.url })}
                  >
                    {t('webhooks.open')}
                  </Button>
                  <Button
                    size="compact-sm"
                    variant="subtle"
                    color="red"
                    loading={remove.isPending && remove.variables === webhook.id}
                    onClick={async () => {
                      const yes = await ask({
                        title: t('webhooks.deleteTitle'),
                        text: t('webhooks.deleteConfirm', { url: webhook.url }),
                        confirm: t('webhooks.delete'),
                        danger: true,
                      });
                      if (yes) remove.mutate(webhook.id);
                    }}
                    aria-label={t('webhooks.deleteLabel', { url: webhook.url })}
                  >
                    {t('webhooks.delete')}
                  </Button>
                </Group>
              </Stack>
            </Paper>
          ))}
        </Stack>
      )}
    </Stack>
  );
}
