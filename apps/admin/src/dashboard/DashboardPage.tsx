import { Anchor, Badge, Card, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { api, data } from '../api.js';
import { useContentTypes, useReadableTypes } from '../content/types.js';
import { DashboardWidgets } from '../extensions/DashboardWidgets.js';
import { useCan, useSession } from '../session.js';
import { Pending } from '../shell/Shell.js';
import { useDateFormat, useDocumentTitle } from '../site.js';
import { TrafficChart } from './TrafficChart.js';

type Status = 'draft' | 'in_review' | 'approved' | 'scheduled' | 'published';

interface EntryLine {
  id: number;
  type: string;
  title: string;
  status: string;
  updated_at: string;
  published_at?: string | null;
}

/**
 * Entries in a workflow state (or any), newest first, of every type the user may read (posts,
 * pages and custom types): one short list per type, the few newest of all kept. A site has a handful
 * of types, so a handful of small calls.
 */
async function entries(types: readonly string[], status: Status | 'any', limit: number) {
  const query = { status, limit, page: 1, sort: 'updated_at' as const, order: 'desc' as const };
  const lists = await Promise.all(
    types.map(async (type) =>
      (await data(api.GET('/api/content/{type}', { params: { path: { type }, query } }))).map(
        (entry): EntryLine => ({ ...entry, type }),
      ),
    ),
  );
  return lists
    .flat()
    .sort((a, b) => b.updated_at.localeCompare(a.updated_at))
    .slice(0, limit);
}

/** The first screen: recent content, what waits for review or is scheduled, comments to moderate, traffic. */
export function DashboardPage() {
  const { t, i18n } = useTranslation();
  const user = useSession();
  const can = useCan();
  useDocumentTitle(t('dashboard.title'));
  const when = useDateFormat();
  const types = useContentTypes();
  const readable = useReadableTypes();
  const slugs = readable.map((type) => type.slug);
  const typeName = (slug: string) =>
    t(`types.${slug}`, { defaultValue: readable.find((type) => type.slug === slug)?.singular ?? slug });
  const lines = (status: Status | 'any') => ({
    queryKey: ['dashboard', status, slugs],
    queryFn: () => entries(slugs, status, 6),
    // The types come first: until then there is nothing to ask for.
    enabled: types.isSuccess,
  });
  const recent = useQuery(lines('any'));
  const review = useQuery({ ...lines('in_review'), enabled: types.isSuccess && can('content.review') });
  const scheduled = useQuery(lines('scheduled'));
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
            <Anchor component={RouterLink} to={`/content/${line.type}/${line.id}`} size="sm" truncate>
              {line.title || t('dashboard.untitled')}
            </Anchor>
            <Group gap="xs" wrap="nowrap">
              <Badge variant="light" size="sm">
                {typeName(line.type)}
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
        <Panel title={t('dashboard.recent')} query={types.error ? types : recent}>
          {list(recent.data, t('dashboard.recentEmpty'), (line) => line.updated_at)}
        </Panel>
        {can('content.review') ? (
          <Panel title={t('dashboard.review')} query={types.error ? types : review}>
            {list(review.data, t('dashboard.reviewEmpty'), (line) => line.updated_at)}
          </Panel>
        ) : null}
        <Panel title={t('dashboard.scheduled')} query={types.error ? types : scheduled}>
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
                    <strong>{comment.author_name || t('comments.anonymous')}</strong> {comment.body}
                  </Text>
                ))}
              </Stack>
            )}
          </Panel>
        ) : null}
        <DashboardWidgets />
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
