import { Badge, Button, Card, Code, Collapse, Group, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api, data, page, toApiError } from '../api.js';
import { ListPagination } from '../shell/lists.js';
import { Pending } from '../shell/Shell.js';
import { useDateFormat } from '../site.js';

interface Attempt {
  attempt: number;
  status_code: number | null;
  duration_ms: number;
  error: string | null;
  response: string | null;
  at: string;
}

interface Delivery {
  id: number;
  event: string;
  status: 'pending' | 'delivered' | 'failed';
  attempts: Attempt[];
  next_attempt_at: string | null;
  created_at: string;
  body: string;
}

const STATUS_COLOR = { pending: 'gray', delivered: 'green', failed: 'red' } as const;

/** The JSON sent, indented to be read. */
function pretty(body: string): string {
  try {
    return JSON.stringify(JSON.parse(body), null, 2);
  } catch {
    return body;
  }
}

/** A webhook's delivery log, newest first: how each went, what was sent and answered, sent again at will. */
export function Deliveries({ webhookId }: { webhookId: number }) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const [current, setCurrent] = useState(1);
  const list = useQuery({
    queryKey: ['webhooks', 'deliveries', webhookId, current],
    queryFn: () =>
      page(
        api.GET('/api/webhooks/{id}/deliveries', {
          params: { path: { id: webhookId }, query: { page: current, limit: 20 } },
        }),
      ),
    placeholderData: keepPreviousData,
  });
  const items: Delivery[] = list.data?.items ?? [];
  const redeliver = useMutation({
    mutationFn: (deliveryId: number) =>
      data(
        api.POST('/api/webhooks/{id}/deliveries/{deliveryId}/redeliver', {
          params: { path: { id: webhookId, deliveryId } },
        }),
      ),
    onSettled: () => void client.invalidateQueries({ queryKey: ['webhooks', 'deliveries', webhookId] }),
  });

  return (
    <Card withBorder radius="md" component="section" aria-labelledby="webhook-deliveries">
      <Group justify="space-between" mb="sm">
        <Title id="webhook-deliveries" order={2} size="h4">
          {t('webhooks.deliveries')}
        </Title>
        <Button size="xs" variant="default" loading={list.isFetching} onClick={() => void list.refetch()}>
          {t('webhooks.refresh')}
        </Button>
      </Group>
      {redeliver.error ? (
        <Text c="red" size="sm" role="alert" mb="sm">
          {toApiError(redeliver.error).message}
        </Text>
      ) : redeliver.isSuccess ? (
        <Text size="sm" fw={600} role="status" mb="sm">
          {t('webhooks.redelivered')}
        </Text>
      ) : null}
      {list.error || (list.isPending && !list.data) ? (
        <Pending error={list.error} retry={() => void list.refetch()} />
      ) : items.length === 0 ? (
        <Text c="dimmed" size="sm">
          {t('webhooks.deliveriesEmpty')}
        </Text>
      ) : (
        <Stack gap="xs">
          <Stack gap="xs" component="ul" style={{ listStyle: 'none', margin: 0, padding: 0 }}>
            {items.map((delivery) => (
              <DeliveryRow
                key={delivery.id}
                delivery={delivery}
                sending={redeliver.isPending && redeliver.variables === delivery.id}
                onRedeliver={() => redeliver.mutate(delivery.id)}
              />
            ))}
          </Stack>
          <ListPagination lastPage={list.data?.meta.last_page} value={current} onChange={setCurrent} />
        </Stack>
      )}
    </Card>
  );
}

function DeliveryRow(props: { delivery: Delivery; sending: boolean; onRedeliver: () => void }) {
  const { t } = useTranslation();
  const when = useDateFormat();
  const { delivery } = props;
  const [open, setOpen] = useState(false);
  const last = delivery.attempts.at(-1);
  const created = when.format(new Date(delivery.created_at));
  const panel = `delivery-${delivery.id}`;
  return (
    <Paper component="li" withBorder p="sm" radius="md">
      <Group justify="space-between" gap="xs" align="flex-start">
        <Stack gap={2} style={{ minWidth: 0 }}>
          <Group gap="xs">
            <Badge variant="dot" color={STATUS_COLOR[delivery.status]}>
              {t(`webhooks.status.${delivery.status}`)}
            </Badge>
            <Code>{delivery.event}</Code>
          </Group>
          <Text size="sm">
            {created}
            {' · '}
            {last?.status_code ?? t('webhooks.noAnswer')}
            {last ? ` · ${t('webhooks.duration', { ms: last.duration_ms })}` : ''}
            {' · '}
            {t('webhooks.attempts', { count: delivery.attempts.length })}
          </Text>
          {delivery.status === 'pending' && delivery.next_attempt_at ? (
            <Text size="sm" c="dimmed">
              {t('webhooks.nextAttempt', { when: when.format(new Date(delivery.next_attempt_at)) })}
            </Text>
          ) : null}
          {last?.error && delivery.status !== 'delivered' ? (
            <Text size="sm" c="red" style={{ wordBreak: 'break-word' }}>
              {last.error}
            </Text>
          ) : null}
        </Stack>
        <Group gap={4}>
          <Button
            size="compact-sm"
            variant="subtle"
            aria-expanded={open}
            aria-controls={panel}
            onClick={() => setOpen((shown) => !shown)}
            aria-label={`${open ? t('webhooks.hide') : t('webhooks.details')}: ${delivery.event}, ${created}`}
          >
            {open ? t('webhooks.hide') : t('webhooks.details')}
          </Button>
          <Button
            size="compact-sm"
            variant="subtle"
            loading={props.sending}
            onClick={props.onRedeliver}
            aria-label={t('webhooks.redeliverLabel', { event: delivery.event, when: created })}
          >
            {t('webhooks.redeliver')}
          </Button>
        </Group>
      </Group>
      <Collapse expanded={open} id={panel} keepMounted={false}>
        <Stack gap="xs" mt="sm">
          <Text size="sm" fw={600}>
            {t('webhooks.payload')}
          </Text>
          <Code block style={{ maxHeight: 240, overflow: 'auto' }} tabIndex={0}>
            {pretty(delivery.body)}
          </Code>
          {delivery.attempts.length > 0 ? <AttemptsTable attempts={delivery.attempts} /> : null}
        </Stack>
      </Collapse>
    </Paper>
  );
}

function AttemptsTable({ attempts }: { attempts: Attempt[] }) {
  const { t } = useTranslation();
  const when = useDateFormat({ dateStyle: 'short', timeStyle: 'medium' });
  return (
    <Table.ScrollContainer minWidth={480}>
      <Table>
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">{t('webhooks.attempt')}</Table.Th>
            <Table.Th scope="col">{t('webhooks.when')}</Table.Th>
            <Table.Th scope="col">{t('webhooks.code')}</Table.Th>
            <Table.Th scope="col">{t('webhooks.time')}</Table.Th>
            <Table.Th scope="col">{t('webhooks.response')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {attempts.map((attempt) => (
            <Table.Tr key={attempt.attempt}>
              <Table.Td>{attempt.attempt}</Table.Td>
              <Table.Td>{when.format(new Date(attempt.at))}</Table.Td>
              <Table.Td>{attempt.status_code ?? '–'}</Table.Td>
              <Table.Td>{t('webhooks.duration', { ms: attempt.duration_ms })}</Table.Td>
              <Table.Td style={{ wordBreak: 'break-word' }}>
                {attempt.error ? <Text size="sm">{attempt.error}</Text> : null}
                {attempt.response ? <Code>{attempt.response.slice(0, 300)}</Code> : null}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
