import { Badge, Card, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { api, data } from '../api.js';
import { useCan, useSession } from '../session.js';
import { Pending } from '../shell/Shell.js';
import { useDateFormat, useDocumentTitle } from '../site.js';
import { TrafficChart } from './TrafficChart.js';

type Status = 'draft' | 'in_review' | 'approved' | 'scheduled' | 'published';

interface EntryLine {
  id: number;
  type: 'post' | 'page';
  title: string;
  status: string;
  updated_at: string;
  published_at?: string | null;
}

/** Posts and pages in a workflow state (or any), newest first, the ones the user may see. */
async function entries(can: (permission: string) => boolean, status: Status | 'any', limit: number) {
  const query = { status, limit, page: 1, sort: 'updated_at' as const, order: 'desc' as const };
  const [posts, pages] = await Promise.all([
    can('posts.view') ? data(api.GET('/api/posts', { params: { query } })) : [],
    can('pages.view') ? data(api.GET('/api/pages', { params: { query } })) : [],
  ]);
  return [
    ...posts.map((entry) => ({ ...entry, type: 'post' as const })),
    ...pages.map((entry) => ({ ...entry, type: 'page' as const })),
  ]
    .sort((a, b) => b.updated_at.localeCompare(a.updated_at))
    .slice(0, limit) as EntryLine[];
}

/** The first screen: recent content, what waits for review or is scheduled, comments to moderate, traffic. */
export function DashboardPage() {
  const { t, i18n } = useTranslation();
  const user = useSession();
  const can = useCan();
  useDocumentTitle(t('dashboard.title'));
  const when = useDateFormat();
  const recent = useQuery({ queryKey: ['dashboard', 'recent'], queryFn: () => entries(can, 'any', 6) });
  const review = useQuery({
    queryKey: ['dashboard', 'review'],
    queryFn: () => entries(can, 'in_review', 6),
    enabled: can('content.review'),
  });
  const scheduled = useQuery({
    queryKey: ['dashboard', 'scheduled'],
    queryFn: () => entries(can, 'scheduled', 6),
  });
  const comments = useQuery({
    queryKey: ['dashboard', 'comments'],
    queryFn: () =>
      data(api.GET('/api/comments', { params: { query: { status: 'pending', limit: 5, page: 1 } } })),
    enabled: can('comments.moderate'),
  });
  const traffic = useQuery({
    queryKey: ['dashboard', 'traffic'],
    queryFn: () => data(api.GET('/api/analytics', { params: { query: { limit: 5 } } })),
    enabled: can('analytics.view'),
  });

  const list = (lines: EntryLine[] | undefined, empty: string, dateOf: (line: EntryLine) => string) =>
    lines && lines.length === 0 ? (
      <Text c="dimmed" size="sm">
        {empty}
      </Text>
    ) : (
      <Stack gap="xs" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
        {lines?.map((line) => (
          <Group
            component="li"
            key={`${line.type}-${line.id}`}
            justify="space-between"
            wrap="nowrap"
            gap="xs"
          >
            <Text size="sm" truncate>
              {line.title || t('dashboard.untitled')}
            </Text>
            <Group gap="xs" wrap="nowrap">
              <Badge variant="light" size="sm">
                {t(`types.${line.type}`)}
              </Badge>
              <Badge variant="outline" size="sm">
                {t(`status.${line.status as Status}`, { defaultValue: line.status })}
              </Badge>
              <Text size="xs" c="dimmed">
                {when.format(new Date(dateOf(line)))}
              </Text>
            </Group>
          </Group>
        ))}
      </Stack>
    );

  return (
    <Stack>
      <Title order={1} size="h2">
        {t('dashboard.welcome', { name: user.display_name })}
      </Title>
      {can('analytics.view') ? (
        <Panel title={t('dashboard.traffic')} query={traffic}>
          {traffic.data ? (
            <Stack gap="xs">
              <Group gap="xl">
                <Figure
                  label={t('dashboard.views')}
                  value={traffic.data.totals.views.toLocaleString(i18n.language)}
                />
                <Figure
                  label={t('dashboard.visitors')}
                  value={traffic.data.totals.visitors.toLocaleString(i18n.language)}
                />
              </Group>
              <TrafficChart days={traffic.data.daily} />
            </Stack>
          ) : null}
        </Panel>
      ) : null}
      <SimpleGrid cols={{ base: 1, md: 2 }}>
        <Panel title={t('dashboard.recent')} query={recent}>
          {list(recent.data, t('dashboard.recentEmpty'), (line) => line.updated_at)}
        </Panel>
        {can('content.review') ? (
          <Panel title={t('dashboard.review')} query={review}>
            {list(review.data, t('dashboard.reviewEmpty'), (line) => line.updated_at)}
          </Panel>
        ) : null}
        <Panel title={t('dashboard.scheduled')} query={scheduled}>
          {list(
            scheduled.data,
            t('dashboard.scheduledEmpty'),
            (line) => line.published_at ?? line.updated_at,
          )}
        </Panel>
        {can('comments.moderate') ? (
          <Panel title={t('dashboard.comments')} query={comments}>
            {comments.data?.length === 0 ? (
              <Text c="dimmed" size="sm">
                {t('dashboard.commentsEmpty')}
              </Text>
            ) : (
              <Stack gap="xs">
                {comments.data?.map((comment) => (
                  <Text key={comment.id} size="sm" lineClamp={2}>
                    <strong>{comment.author_name}</strong> {comment.body}
                  </Text>
                ))}
              </Stack>
            )}
          </Panel>
        ) : null}
      </SimpleGrid>
    </Stack>
  );
}

function Panel(props: {
  title: string;
  query: { error: unknown; isPending: boolean; refetch: () => unknown };
  children: ReactNode;
}) {
  return (
    <Card withBorder radius="md" component="section" aria-label={props.title}>
      <Title order={2} size="h4" mb="sm">
        {props.title}
      </Title>
      {props.query.error || props.query.isPending ? (
        <Pending error={props.query.error} retry={() => void props.query.refetch()} />
      ) : (
        props.children
      )}
    </Card>
  );
}

function Figure({ label, value }: { label: string; value: string }) {
  return (
    <div>
      <Text size="xs" c="dimmed" tt="uppercase">
        {label}
      </Text>
      <Text size="xl" fw={700}>
        {value}
      </Text>
    </div>
  );
}
