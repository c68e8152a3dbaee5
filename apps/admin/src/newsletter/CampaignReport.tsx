import {
  Anchor,
  Badge,
  Button,
  Card,
  Group,
  Select,
  SimpleGrid,
  Stack,
  Table,
  Text,
  Title,
} from '@mantine/core';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { api, data, page } from '../api.js';
import { ListPagination } from '../shell/lists.js';
import { Pending } from '../shell/Shell.js';
import { useDateFormat, useDocumentTitle } from '../site.js';
import { CampaignChart } from './CampaignChart.js';
import { NEWSLETTER, STATUS_COLORS } from './queries.js';

const DELIVERY_STATUSES = ['queued', 'sent', 'failed', 'bounced'] as const;
type DeliveryStatus = (typeof DELIVERY_STATUSES)[number];

/**
 * A campaign's report: its totals (sent, failed, bounced, opened when tracked, clicked,
 * unsubscribed), an hourly chart, the links followed most, and each recipient's delivery with its
 * SMTP answer, filtered by status and exported as CSV. Refreshes itself while the campaign sends.
 */
export function CampaignReport({ id }: { id: number | null }) {
  const { t, i18n } = useTranslation();
  const when = useDateFormat();
  const [shown, setShown] = useState<DeliveryStatus | null>(null);
  const [current, setCurrent] = useState(1);
  const found = useQuery({
    queryKey: [...NEWSLETTER, 'campaign', id],
    queryFn: () => data(api.GET('/api/newsletter/campaigns/{id}', { params: { path: { id: id ?? 0 } } })),
    enabled: id !== null,
    retry: false,
    refetchInterval: (query) => (query.state.data?.status === 'sending' ? 2000 : false),
  });
  const sending = found.data?.status === 'sending';
  const report = useQuery({
    queryKey: [...NEWSLETTER, 'report', id],
    queryFn: () =>
      data(api.GET('/api/newsletter/campaigns/{id}/report', { params: { path: { id: id ?? 0 } } })),
    enabled: id !== null,
    refetchInterval: sending ? 2000 : false,
  });
  // The last batch lands between two refreshes: once the campaign stops sending, read it all again.
  const status = found.data?.status;
  const client = useQueryClient();
  useEffect(() => {
    if (status !== undefined && status !== 'sending') {
      void client.invalidateQueries({ queryKey: [...NEWSLETTER, 'report', id] });
      void client.invalidateQueries({ queryKey: [...NEWSLETTER, 'recipients', id] });
    }
  }, [status, client, id]);
  const recipients = useQuery({
    queryKey: [...NEWSLETTER, 'recipients', id, shown, current],
    queryFn: () =>
      page(
        api.GET('/api/newsletter/campaigns/{id}/recipients', {
          params: {
            path: { id: id ?? 0 },
            query: { page: current, limit: 20, ...(shown ? { status: shown } : {}) },
          },
        }),
      ),
    enabled: id !== null,
    placeholderData: keepPreviousData,
    refetchInterval: sending ? 2000 : false,
  });
  useDocumentTitle(found.data?.subject ?? t('newsletter.report.title'));
  if (!found.data || !report.data)
    return (
      <Pending
        error={found.error ?? report.error}
        retry={() => {
          void found.refetch();
          void report.refetch();
        }}
      />
    );
  const campaign = found.data;
  const { totals, series, top_links: links } = report.data;
  const number = (value: number) => value.toLocaleString(i18n.language);
  const share = (value: number) =>
    totals.sent > 0 ? `${Math.round((value / totals.sent) * 1000) / 10} %` : '—';
  const figures = [
    { key: 'recipients', value: number(totals.recipients) },
    { key: 'sent', value: number(totals.sent) },
    { key: 'failed', value: number(totals.failed) },
    { key: 'bounced', value: number(totals.bounced) },
    ...(totals.opened === null
      ? []
      : [{ key: 'opened', value: `${number(totals.opened)} (${share(totals.opened)})` }]),
    { key: 'clicked', value: `${number(totals.clicked)} (${share(totals.clicked)})` },
    { key: 'unsubscribed', value: number(totals.unsubscribed) },
  ];
  return (
    <Stack>
      <Anchor component={Link} to="/newsletter" size="sm">
        {t('newsletter.campaigns.back')}
      </Anchor>
      <Group justify="space-between" align="flex-end">
        <div>
          <Title order={1} size="h2">
            {campaign.subject}
          </Title>
          <Group gap="xs">
            <Badge variant="dot" color={STATUS_COLORS[campaign.status]}>
              {t(`newsletter.campaignStatuses.${campaign.status}`)}
            </Badge>
            {campaign.started_at ? (
              <Text size="sm" c="dimmed">
                {t('newsletter.report.started', { date: when.format(new Date(campaign.started_at)) })}
              </Text>
            ) : null}
          </Group>
        </div>
        <Button
          variant="default"
          component="a"
          href={`/api/newsletter/campaigns/${campaign.id}/recipients.csv`}
          download
        >
          {t('newsletter.report.export')}
        </Button>
      </Group>
      {sending ? (
        <Text size="sm" role="status" aria-live="polite">
          {t('newsletter.report.sending', { sent: number(totals.sent), total: number(totals.recipients) })}
        </Text>
      ) : null}
      <SimpleGrid cols={{ base: 2, sm: 4, lg: figures.length }}>
        {figures.map((figure) => (
          <Card key={figure.key} withBorder radius="md" padding="sm">
            <Text size="xs" c="dimmed">
              {t(`newsletter.report.totals.${figure.key}`)}
            </Text>
            <Text fw={700} size="lg" data-testid={`total-${figure.key}`}>
              {figure.value}
            </Text>
          </Card>
        ))}
      </SimpleGrid>
      <Card withBorder radius="md" component="section" aria-labelledby="report-chart">
        <Title id="report-chart" order={2} size="h4" mb="sm">
          {t('newsletter.report.overTime')}
        </Title>
        <CampaignChart points={series} opens={totals.opened !== null} />
      </Card>
      <Card withBorder radius="md" component="section" aria-labelledby="report-links">
        <Title id="report-links" order={2} size="h4" mb="sm">
          {t('newsletter.report.links')}
        </Title>
        {links.length === 0 ? (
          <Text c="dimmed" size="sm">
            {t('newsletter.report.noClicks')}
          </Text>
        ) : (
          <Table>
            <Table.Tbody>
              {links.map((link) => (
                <Table.Tr key={link.url}>
                  <Table.Td style={{ wordBreak: 'break-all' }}>{link.url}</Table.Td>
                  <Table.Td ta="right">{number(link.clicks)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        )}
      </Card>
      <Card withBorder radius="md" component="section" aria-labelledby="report-recipients">
        <Group justify="space-between" mb="sm">
          <Title id="report-recipients" order={2} size="h4">
            {t('newsletter.report.recipients')}
          </Title>
          <Select
            aria-label={t('newsletter.report.statusFilter')}
            placeholder={t('newsletter.subscribers.anyStatus')}
            clearable
            value={shown}
            onChange={(value) => {
              setShown(value as DeliveryStatus | null);
              setCurrent(1);
            }}
            data={DELIVERY_STATUSES.map((value) => ({
              value,
              label: t(`newsletter.deliveryStatuses.${value}`),
            }))}
          />
        </Group>
        {recipients.error || (recipients.isPending && !recipients.data) ? (
          <Pending error={recipients.error} retry={() => void recipients.refetch()} />
        ) : (recipients.data?.items.length ?? 0) === 0 ? (
          <Text c="dimmed" size="sm">
            {t('newsletter.report.noRecipients')}
          </Text>
        ) : (
          <>
            <Table.ScrollContainer minWidth={700} type="native">
              <Table striped>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th scope="col">{t('newsletter.subscribers.email')}</Table.Th>
                    <Table.Th scope="col">{t('newsletter.subscribers.status')}</Table.Th>
                    <Table.Th scope="col">{t('newsletter.report.sentAt')}</Table.Th>
                    <Table.Th scope="col">{t('newsletter.report.clicks')}</Table.Th>
                    <Table.Th scope="col">{t('newsletter.report.answer')}</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {recipients.data?.items.map((delivery) => (
                    <Table.Tr key={delivery.id}>
                      <Table.Td>{delivery.email}</Table.Td>
                      <Table.Td>
                        <Badge variant="dot" size="sm" color={STATUS_COLORS[delivery.status]}>
                          {t(`newsletter.deliveryStatuses.${delivery.status}`)}
                        </Badge>
                      </Table.Td>
                      <Table.Td>{delivery.sent_at ? when.format(new Date(delivery.sent_at)) : '—'}</Table.Td>
                      <Table.Td>{number(delivery.clicks)}</Table.Td>
                      <Table.Td>
                        <Text size="xs" c="dimmed">
                          {delivery.smtp_response ?? ''}
                        </Text>
                      </Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
            <ListPagination
              lastPage={recipients.data?.meta.last_page}
              value={current}
              onChange={setCurrent}
            />
          </>
        )}
      </Card>
    </Stack>
  );
}
