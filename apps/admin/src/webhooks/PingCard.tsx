import { Alert, Button, Card, Group, Text, Title } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { api, data, toApiError } from '../api.js';

/** Sends a webhook.ping now and says how the receiver answered (the server waits for it). */
export function PingCard({ id }: { id: number }) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const ping = useMutation({
    mutationFn: () => data(api.POST('/api/webhooks/{id}/ping', { params: { path: { id } } })),
    onSettled: () => void client.invalidateQueries({ queryKey: ['webhooks', 'deliveries', id] }),
  });
  const attempt = ping.data?.attempts.at(-1);
  return (
    <Card withBorder radius="md" component="section" aria-labelledby="webhook-ping">
      <Title id="webhook-ping" order={2} size="h4" mb="xs">
        {t('webhooks.ping')}
      </Title>
      <Text size="sm" c="dimmed" mb="sm">
        {t('webhooks.pingHelp')}
      </Text>
      <Group>
        <Button variant="light" loading={ping.isPending} onClick={() => ping.mutate()}>
          {t('webhooks.ping')}
        </Button>
      </Group>
      {ping.error ? (
        <Alert color="red" mt="sm" role="alert">
          {toApiError(ping.error).message}
        </Alert>
      ) : ping.data ? (
        <Alert color={ping.data.status === 'delivered' ? 'green' : 'red'} mt="sm" role="status">
          {ping.data.status === 'delivered'
            ? t('webhooks.pingDelivered', { code: attempt?.status_code ?? '', ms: attempt?.duration_ms ?? 0 })
            : t('webhooks.pingFailed', { error: attempt?.error ?? t('webhooks.noAnswer') })}
        </Alert>
      ) : null}
    </Card>
  );
}
