import { Anchor, Card, Group, SimpleGrid, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { operations } from '@tessera/sdk';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api, apiUrl, data } from '../api.js';
import { TrafficChart } from '../dashboard/TrafficChart.js';
import { Pending } from '../shell/Shell.js';
import { useDocumentTitle } from '../site.js';

const DAY = 86_400_000;
const iso = (at: number) => new Date(at).toISOString().slice(0, 10);

/** Browser families by their own names (analytics/classify.ts on the server). */
const BROWSERS: Record<string, string> = {
  chrome: 'Chrome',
  safari: 'Safari',
  firefox: 'Firefox',
  edge: 'Edge',
  opera: 'Opera',
  samsung: 'Samsung Internet',
};

/** The reports the server exports as CSV. */
type Report = NonNullable<NonNullable<operations['get_analytics_export']['parameters']['query']>['report']>;

interface Ranked {
  name: string;
  views: number;
  visitors: number;
}

/** Visits of a range of days (spec 1 analytics): totals, the daily chart, top lists, CSV exports. */
export function AnalyticsPage() {
  const { t, i18n } = useTranslation();
  useDocumentTitle(t('analytics.title'));
  const [range, setRange] = useState({ from: iso(Date.now() - 29 * DAY), to: iso(Date.now()) });
  const report = useQuery({
    queryKey: ['analytics', range.from, range.to],
    queryFn: () => data(api.GET('/api/analytics', { params: { query: { ...range, limit: 10 } } })),
    placeholderData: keepPreviousData,
  });
  const number = (value: number) => value.toLocaleString(i18n.language);
  const exportLink = (name: Report) => apiUrl('/api/analytics/export', { report: name, ...range });

  const table = (
    title: string,
    rows: Ranked[] | undefined,
    report: Report,
    label = (name: string) => name,
  ) => (
    <Card withBorder radius="md" component="section" aria-label={title}>
      <Group justify="space-between" mb="xs">
        <Title order={2} size="h4">
          {title}
        </Title>
        <Anchor href={exportLink(report)} download size="sm">
          {t('analytics.csv')}
        </Anchor>
      </Group>
      {rows && rows.length > 0 ? (
        <Table striped>
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">{title}</Table.Th>
              <Table.Th scope="col" ta="right">
                {t('dashboard.views')}
              </Table.Th>
              <Table.Th scope="col" ta="right">
                {t('dashboard.visitors')}
              </Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((row) => (
              <Table.Tr key={row.name}>
                <Table.Td style={{ wordBreak: 'break-all' }}>{label(row.name)}</Table.Td>
                <Table.Td ta="right">{number(row.views)}</Table.Td>
                <Table.Td ta="right">{number(row.visitors)}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      ) : (
        <Text c="dimmed" size="sm">
          {t('analytics.none')}
        </Text>
      )}
    </Card>
  );

  const found = report.data;
  return (
    <Stack>
      <Title order={1} size="h2">
        {t('analytics.title')}
      </Title>
      <Text size="sm" c="dimmed">
        {t('analytics.privacy')}
      </Text>
      <Group align="flex-end">
        <TextInput
          type="date"
          label={t('analytics.from')}
          value={range.from}
          max={range.to}
          onChange={(event) =>
            event.currentTarget.value && setRange({ ...range, from: event.currentTarget.value })
          }
        />
        <TextInput
          type="date"
          label={t('analytics.to')}
          value={range.to}
          min={range.from}
          onChange={(event) =>
            event.currentTarget.value && setRange({ ...range, to: event.currentTarget.value })
          }
        />
      </Group>
      {report.error || !found ? (
        <Pending error={report.error} retry={() => void report.refetch()} />
      ) : (
        <>
          <Card withBorder radius="md" component="section" aria-label={t('analytics.daily')}>
            <Group justify="space-between" mb="xs">
              <Group gap="xl">
                <div>
                  <Text size="xs" c="dimmed" tt="uppercase">
                    {t('dashboard.views')}
                  </Text>
                  <Text size="xl" fw={700}>
                    {number(found.totals.views)}
                  </Text>
                </div>
                <div>
                  <Text size="xs" c="dimmed" tt="uppercase">
                    {t('dashboard.visitors')}
                  </Text>
                  <Text size="xl" fw={700}>
                    {number(found.totals.visitors)}
                  </Text>
                </div>
              </Group>
              <Anchor href={exportLink('daily')} download size="sm">
                {t('analytics.csv')}
              </Anchor>
            </Group>
            <TrafficChart days={found.daily} />
          </Card>
          <SimpleGrid cols={{ base: 1, md: 2 }}>
            {table(t('analytics.pages'), found.pages, 'pages')}
            {table(t('analytics.channels'), found.sources.channels, 'channels', (name) =>
              t(`analytics.channel.${name}`, { defaultValue: name }),
            )}
            {table(t('analytics.referrers'), found.sources.referrers, 'referrers')}
            {table(t('analytics.campaigns'), found.sources.utm_sources, 'utm_sources')}
            {table(t('analytics.devices'), found.devices, 'devices', (name) =>
              t(`analytics.device.${name}`, { defaultValue: name }),
            )}
            {table(t('analytics.browsers'), found.browsers, 'browsers', (name) =>
              name === 'other' ? t('analytics.otherBrowser') : (BROWSERS[name] ?? name),
            )}
          </SimpleGrid>
        </>
      )}
    </Stack>
  );
}
