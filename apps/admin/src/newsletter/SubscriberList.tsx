import { Alert, Anchor, Badge, Button, Group, Select, Stack, Table, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api, apiUrl, done, page, toApiError } from '../api.js';
import { useConfirm } from '../shell/confirm.js';
import { ListPagination } from '../shell/lists.js';
import { Pending } from '../shell/Shell.js';
import { useDateFormat } from '../site.js';
import {
  LISTS_QUERY,
  NEWSLETTER,
  STATUS_COLORS,
  SUBSCRIBER_STATUSES,
  type SubscriberStatus,
} from './queries.js';
import { SubscriberForm } from './SubscriberForm.js';
import { SubscriberImport } from './SubscriberImport.js';

/**
 * The site's subscribers: searched by address or name, filtered by status and list, paged; each
 * changed or deleted; added one by one, imported from a CSV file, or exported as one with the
 * filters shown.
 */
export function SubscriberList() {
  const { t } = useTranslation();
  const ask = useConfirm();
  const client = useQueryClient();
  const when = useDateFormat({ dateStyle: 'medium' });
  const [status, setStatus] = useState<SubscriberStatus | null>(null);
  const [list, setList] = useState<string | null>(null);
  const [search, setSearch] = useState('');
  const [q] = useDebouncedValue(search.trim(), 300);
  const [current, setCurrent] = useState(1);
  const [panel, setPanel] = useState<'add' | 'import' | { edit: number } | null>(null);
  const lists = useQuery(LISTS_QUERY);
  const filters = {
    ...(status ? { status } : {}),
    ...(list ? { list: Number(list) } : {}),
    ...(q ? { q } : {}),
  };
  const found = useQuery({
    queryKey: [...NEWSLETTER, 'subscribers', filters, current],
    queryFn: () =>
      page(
        api.GET('/api/newsletter/subscribers', {
          params: { query: { page: current, limit: 20, ...filters } },
        }),
      ),
    placeholderData: keepPreviousData,
  });
  const remove = useMutation({
    mutationFn: (id: number) =>
      done(api.DELETE('/api/newsletter/subscribers/{id}', { params: { path: { id } } })),
    onSettled: () => void client.invalidateQueries({ queryKey: NEWSLETTER }),
  });
  const items = found.data?.items ?? [];
  const listName = new Map((lists.data ?? []).map((each) => [each.id, each.name]));
  const filtered = Boolean(status || list || q);

  return (
    <Stack>
      <Group justify="space-between" align="flex-end">
        <Group align="flex-end">
          <TextInput
            label={t('newsletter.subscribers.search')}
            type="search"
            value={search}
            onChange={(event) => {
              setSearch(event.currentTarget.value);
              setCurrent(1);
            }}
          />
          <Select
            label={t('newsletter.subscribers.status')}
            placeholder={t('newsletter.subscribers.anyStatus')}
            clearable
            value={status}
            onChange={(value) => {
              setStatus(value as SubscriberStatus | null);
              setCurrent(1);
            }}
            data={SUBSCRIBER_STATUSES.map((value) => ({
              value,
              label: t(`newsletter.statuses.${value}`),
            }))}
          />
          <Select
            label={t('newsletter.subscribers.list')}
            placeholder={t('newsletter.subscribers.anyList')}
            clearable
            value={list}
            onChange={(value) => {
              setList(value);
              setCurrent(1);
            }}
            data={(lists.data ?? []).map((each) => ({ value: String(each.id), label: each.name }))}
          />
        </Group>
        <Group>
          <Button
            variant="default"
            component="a"
            href={apiUrl('/api/newsletter/subscribers/export', filters)}
            download
          >
            {t('newsletter.subscribers.export')}
          </Button>
          <Button variant="default" onClick={() => setPanel('import')}>
            {t('newsletter.subscribers.import')}
          </Button>
          <Button onClick={() => setPanel('add')}>{t('newsletter.subscribers.add')}</Button>
        </Group>
      </Group>
      {panel === 'import' ? <SubscriberImport onClose={() => setPanel(null)} /> : null}
      {panel === 'add' ? <SubscriberForm id={null} onDone={() => setPanel(null)} /> : null}
      {panel && typeof panel === 'object' ? (
        <SubscriberForm key={panel.edit} id={panel.edit} onDone={() => setPanel(null)} />
      ) : null}
      {remove.error ? (
        <Alert color="red" role="alert">
          {toApiError(remove.error).message}
        </Alert>
      ) : null}
      {found.error || (found.isPending && !found.data) ? (
        <Pending error={found.error} retry={() => void found.refetch()} />
      ) : items.length === 0 ? (
        <Text c="dimmed">
          {filtered ? t('newsletter.subscribers.noMatch') : t('newsletter.subscribers.empty')}
        </Text>
      ) : (
        <>
          <Text size="sm" c="dimmed" role="status">
            {t('newsletter.subscribers.count', { count: found.data?.meta.total ?? 0 })}
          </Text>
          <Table.ScrollContainer minWidth={820} type="native">
            <Table striped highlightOnHover>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th scope="col">{t('newsletter.subscribers.email')}</Table.Th>
                  <Table.Th scope="col">{t('newsletter.subscribers.name')}</Table.Th>
                  <Table.Th scope="col">{t('newsletter.subscribers.status')}</Table.Th>
                  <Table.Th scope="col">{t('newsletter.subscribers.lists')}</Table.Th>
                  <Table.Th scope="col">{t('newsletter.subscribers.since')}</Table.Th>
                  <Table.Th scope="col">{t('newsletter.actions')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {items.map((subscriber) => (
                  <Table.Tr key={subscriber.id}>
                    <Table.Td>
                      <Anchor
                        component="button"
                        type="button"
                        size="sm"
                        onClick={() => setPanel({ edit: subscriber.id })}
                      >
                        {subscriber.email}
                      </Anchor>
                    </Table.Td>
                    <Table.Td>
                      <Text size="sm">{subscriber.name}</Text>
                    </Table.Td>
                    <Table.Td>
                      <Badge variant="dot" size="sm" color={STATUS_COLORS[subscriber.status]}>
                        {t(`newsletter.statuses.${subscriber.status}`)}
                      </Badge>
                    </Table.Td>
                    <Table.Td>
                      <Text size="sm">
                        {subscriber.lists.map((id) => listName.get(id) ?? `#${id}`).join(', ')}
                      </Text>
                    </Table.Td>
                    <Table.Td>
                      <Text size="sm">{when.format(new Date(subscriber.created_at))}</Text>
                    </Table.Td>
                    <Table.Td>
                      <Button
                        size="compact-sm"
                        variant="subtle"
                        color="red"
                        loading={remove.isPending && remove.variables === subscriber.id}
                        aria-label={t('newsletter.subscribers.deleteLabel', { email: subscriber.email })}
                        onClick={async () => {
                          const yes = await ask({
                            title: t('newsletter.subscribers.deleteTitle'),
                            text: t('newsletter.subscribers.deleteText', { email: subscriber.email }),
                            confirm: t('newsletter.delete'),
                            danger: true,
                          });
                          if (yes) remove.mutate(subscriber.id);
                        }}
                      >
                        {t('newsletter.delete')}
                      </Button>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
          <ListPagination lastPage={found.data?.meta.last_page} value={current} onChange={setCurrent} />
        </>
      )}
    </Stack>
  );
}
