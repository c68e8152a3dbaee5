import { Anchor, Badge, Button, Group, Stack, Table, Text } from '@mantine/core';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { api, page } from '../api.js';
import { useCan } from '../session.js';
import { ListPagination } from '../shell/lists.js';
import { Pending } from '../shell/Shell.js';
import { useDateFormat } from '../site.js';
import { NEWSLETTER, STATUS_COLORS } from './queries.js';

/** Where a campaign opens: its editor while it can change, its report once it goes out. */
export function campaignPath(campaign: { id: number; status: string }): string {
  return ['draft', 'scheduled'].includes(campaign.status)
    ? `/newsletter/campaigns/${campaign.id}`
    : `/newsletter/campaigns/${campaign.id}/report`;
}

/** The site's campaigns, newest first: subject, status, when, and how many they went to. */
export function CampaignList() {
  const { t } = useTranslation();
  const can = useCan();
  const when = useDateFormat();
  const [current, setCurrent] = useState(1);
  const list = useQuery({
    queryKey: [...NEWSLETTER, 'campaigns', current],
    queryFn: () =>
      page(api.GET('/api/newsletter/campaigns', { params: { query: { page: current, limit: 20 } } })),
    placeholderData: keepPreviousData,
  });
  const items = list.data?.items ?? [];
  return (
    <Stack>
      <Group justify="space-between">
        <Text c="dimmed">{t('newsletter.campaigns.intro')}</Text>
        {can('newsletter.manage') ? (
          <Button component={Link} to="/newsletter/campaigns/new">
            {t('newsletter.campaigns.add')}
          </Button>
        ) : null}
      </Group>
      {list.error || (list.isPending && !list.data) ? (
        <Pending error={list.error} retry={() => void list.refetch()} />
      ) : items.length === 0 ? (
        <Text c="dimmed">{t('newsletter.campaigns.empty')}</Text>
      ) : (
        <>
          <Table.ScrollContainer minWidth={700} type="native">
            <Table striped highlightOnHover>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th scope="col">{t('newsletter.campaigns.subject')}</Table.Th>
                  <Table.Th scope="col">{t('newsletter.campaigns.status')}</Table.Th>
                  <Table.Th scope="col">{t('newsletter.campaigns.when')}</Table.Th>
                  <Table.Th scope="col">{t('newsletter.campaigns.recipients')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {items.map((campaign) => {
                  const at =
                    campaign.finished_at ??
                    campaign.started_at ??
                    campaign.scheduled_at ??
                    campaign.updated_at;
                  return (
                    <Table.Tr key={campaign.id}>
                      <Table.Td>
                        <Anchor component={Link} to={campaignPath(campaign)} fw={500} size="sm">
                          {campaign.subject || t('newsletter.campaigns.untitled')}
                        </Anchor>
                      </Table.Td>
                      <Table.Td>
                        <Badge variant="dot" size="sm" color={STATUS_COLORS[campaign.status]}>
                          {t(`newsletter.campaignStatuses.${campaign.status}`)}
                        </Badge>
                      </Table.Td>
                      <Table.Td>
                        <Text size="sm">{when.format(new Date(at))}</Text>
                      </Table.Td>
                      <Table.Td>
                        <Text size="sm">
                          {campaign.status === 'draft' || campaign.status === 'scheduled'
                            ? '—'
                            : campaign.recipient_count.toLocaleString()}
                        </Text>
                      </Table.Td>
                    </Table.Tr>
                  );
                })}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
          <ListPagination lastPage={list.data?.meta.last_page} value={current} onChange={setCurrent} />
        </>
      )}
    </Stack>
  );
}
