import { Anchor, Code, Group, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api, apiUrl, page } from '../api.js';
import { ListPagination } from '../shell/lists.js';
import { Pending } from '../shell/Shell.js';
import { useDateFormat, useDocumentTitle, useSite } from '../site.js';
import { dayInZone } from '../zoned.js';

/** The activity log (spec 1): who changed what and when, filtered by action and dates, exported as CSV. */
export function ActivityPage() {
  const { t } = useTranslation();
  useDocumentTitle(t('activity.title'));
  const [action, setAction] = useState('');
  const [debounced] = useDebouncedValue(action.trim(), 300);
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const [current, setCurrent] = useState(1);
  const when = useDateFormat({ dateStyle: 'medium', timeStyle: 'medium' });
  // The site's days, as the log's times are shown: from the start of `from` to the end of `to`
  // (the server's `to` is exclusive: the start of the next day).
  const zone = useSite().data?.time_zone ?? 'UTC';
  const start = dayInZone(from, zone)?.start;
  const end = dayInZone(to, zone)?.next;
  const filter = {
    ...(debounced ? { action: debounced } : {}),
    ...(start ? { from: start } : {}),
    ...(end ? { to: end } : {}),
  };
  const log = useQuery({
    queryKey: ['activity', filter, current],
    queryFn: () =>
      page(api.GET('/api/activity', { params: { query: { ...filter, page: current, limit: 50 } } })),
    placeholderData: keepPreviousData,
  });
  const exportUrl = apiUrl('/api/activity/export', filter);
  const items = log.data?.items ?? [];

  return (
    <Stack>
      <Group justify="space-between" align="flex-end">
        <Title order={1} size="h2">
          {t('activity.title')}
        </Title>
        <Anchor href={exportUrl} download>
          {t('analytics.csv')}
        </Anchor>
      </Group>
      <Group align="flex-end">
        <TextInput
          label={t('activity.action')}
          description={t('activity.actionHelp')}
          value={action}
          onChange={(event) => {
            setAction(event.currentTarget.value);
            setCurrent(1);
          }}
        />
        <TextInput
          type="date"
          label={t('analytics.from')}
          value={from}
          onChange={(event) => {
            setFrom(event.currentTarget.value);
            setCurrent(1);
          }}
        />
        <TextInput
          type="date"
          label={t('analytics.to')}
          value={to}
          onChange={(event) => {
            setTo(event.currentTarget.value);
            setCurrent(1);
          }}
        />
      </Group>
      {log.error || (log.isPending && !log.data) ? (
        <Pending error={log.error} retry={() => void log.refetch()} />
      ) : items.length === 0 ? (
        <Text c="dimmed">{t('activity.empty')}</Text>
      ) : (
        <>
          {/* Six columns: on a phone the table scrolls, not the page. */}
          <Table.ScrollContainer minWidth={720}>
            <Table striped>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th scope="col">{t('activity.when')}</Table.Th>
                  <Table.Th scope="col">{t('activity.who')}</Table.Th>
                  <Table.Th scope="col">{t('activity.action')}</Table.Th>
                  <Table.Th scope="col">{t('activity.subject')}</Table.Th>
                  <Table.Th scope="col">{t('activity.ip')}</Table.Th>
                  <Table.Th scope="col">{t('activity.details')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {items.map((entry) => (
                  <Table.Tr key={entry.id}>
                    <Table.Td style={{ whiteSpace: 'nowrap' }}>
                      {when.format(new Date(entry.created_at))}
                    </Table.Td>
                    <Table.Td>{entry.user ? entry.user.display_name : t('activity.system')}</Table.Td>
                    <Table.Td>
                      <Code>{entry.action}</Code>
                    </Table.Td>
                    <Table.Td>
                      {entry.subject_type ? `${entry.subject_type} ${entry.subject_id ?? ''}` : ''}
                    </Table.Td>
                    <Table.Td>{entry.ip ?? ''}</Table.Td>
                    <Table.Td>
                      <Text size="xs" c="dimmed" lineClamp={2} style={{ wordBreak: 'break-all' }}>
                        {Object.keys(entry.details).length > 0 ? JSON.stringify(entry.details) : ''}
                      </Text>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
          <ListPagination lastPage={log.data?.meta.last_page} value={current} onChange={setCurrent} />
        </>
      )}
    </Stack>
  );
}
