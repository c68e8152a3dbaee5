import { Button, Group, ScrollArea, SegmentedControl, Stack, Text, TextInput, Title } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api, data, page, toApiError } from '../api.js';
import { fieldErrors } from '../forms.js';
import { ListPagination } from '../shell/lists.js';
import { Pending } from '../shell/Shell.js';
import { useDateFormat, useDocumentTitle } from '../site.js';
import { type Job, JobCard } from './JobCard.js';

const FILTERS = ['failed', 'pending', 'running', 'completed', 'cancelled', 'any'] as const;
type Filter = (typeof FILTERS)[number];

type Action =
  | { kind: 'retry'; id: number }
  | { kind: 'cancel'; id: number }
  | { kind: 'reschedule'; id: number; runAt: string };

/**
 * The installation's job queue (jobs.manage): failed jobs first, to retry; waiting ones to cancel
 * or move; filtered by state, job type and queue.
 */
export function JobsPage() {
  const { t } = useTranslation();
  useDocumentTitle(t('jobs.title'));
  const client = useQueryClient();
  const when = useDateFormat();
  const [filter, setFilter] = useState<Filter>('failed');
  const [name, setName] = useState('');
  const [queue, setQueue] = useState('');
  const [nameFilter] = useDebouncedValue(name.trim(), 300);
  const [queueFilter] = useDebouncedValue(queue.trim(), 300);
  const filters = { name: nameFilter, queue: queueFilter };
  const [current, setCurrent] = useState(1);
  const [notice, setNotice] = useState<string | null>(null);
  const [rescheduling, setRescheduling] = useState<number | null>(null);
  const list = useQuery({
    queryKey: ['jobs', filter, filters.name, filters.queue, current],
    queryFn: () =>
      page(
        api.GET('/api/jobs', {
          params: {
            query: {
              page: current,
              limit: 20,
              ...(filter === 'any' ? {} : { status: filter }),
              ...(filters.name ? { name: filters.name } : {}),
              ...(filters.queue ? { queue: filters.queue } : {}),
            },
          },
        }),
      ),
    placeholderData: keepPreviousData,
  });
  const act = useMutation({
    mutationFn: (action: Action) => {
      const path = { params: { path: { id: action.id } } };
      if (action.kind === 'retry') return data(api.POST('/api/jobs/{id}/retry', path));
      if (action.kind === 'cancel') return data(api.POST('/api/jobs/{id}/cancel', path));
      return data(api.POST('/api/jobs/{id}/reschedule', { ...path, body: { run_at: action.runAt } }));
    },
    onMutate: () => setNotice(null),
    onSuccess: (job, action) => {
      setRescheduling(null);
      setNotice(
        action.kind === 'retry'
          ? t('jobs.retried', { id: job.id })
          : action.kind === 'cancel'
            ? t('jobs.cancelled', { id: job.id })
            : t('jobs.rescheduled', { id: job.id, when: when.format(new Date(job.run_at)) }),
      );
    },
    onSettled: () => void client.invalidateQueries({ queryKey: ['jobs'] }),
  });
  const failure = act.error ? toApiError(act.error) : null;
  const items: Job[] = list.data?.items ?? [];
  const reset = () => {
    setCurrent(1);
    setRescheduling(null);
  };
  const filtered = filters.name !== '' || filters.queue !== '';

  return (
    <Stack maw={960}>
      <Group justify="space-between" align="flex-end">
        <Title order={1} size="h2">
          {t('jobs.title')}
        </Title>
        <Button variant="default" size="xs" loading={list.isFetching} onClick={() => void list.refetch()}>
          {t('jobs.refresh')}
        </Button>
      </Group>
      <Text c="dimmed">{t('jobs.intro')}</Text>
      {/* Six states do not fit a phone's width: they scroll on their own, not the whole page. */}
      <ScrollArea type="auto" offsetScrollbars scrollbars="x">
        <SegmentedControl
          value={filter}
          onChange={(value) => {
            setFilter(value as Filter);
            reset();
          }}
          data={FILTERS.map((value) => ({ value, label: t(`jobs.status.${value}`) }))}
          aria-label={t('jobs.filter')}
        />
      </ScrollArea>
      <Group align="flex-start" grow preventGrowOverflow={false}>
        <TextInput
          label={t('jobs.name')}
          description={t('jobs.nameHelp')}
          value={name}
          onChange={(event) => {
            setName(event.currentTarget.value);
            reset();
          }}
          type="search"
          miw={180}
        />
        <TextInput
          label={t('jobs.queue')}
          description={t('jobs.queueHelp')}
          value={queue}
          onChange={(event) => {
            setQueue(event.currentTarget.value);
            reset();
          }}
          type="search"
          miw={180}
        />
      </Group>
      {notice ? (
        <Text fw={600} role="status">
          {notice}
        </Text>
      ) : null}
      {failure && act.variables?.kind !== 'reschedule' ? (
        <Text c="red" role="alert">
          {failure.message}
        </Text>
      ) : null}
      {list.error || (list.isPending && !list.data) ? (
        <Pending error={list.error} retry={() => void list.refetch()} />
      ) : items.length === 0 ? (
        <Text c="dimmed">{filtered ? t('jobs.noMatch') : t(`jobs.empty.${filter}`)}</Text>
      ) : (
        <>
          <Stack gap="sm" component="ul" style={{ listStyle: 'none', margin: 0, padding: 0 }}>
            {items.map((job) => (
              <JobCard
                key={job.id}
                job={job}
                busy={act.isPending && act.variables?.id === job.id}
                rescheduleError={
                  failure && act.variables?.kind === 'reschedule' && act.variables.id === job.id
                    ? (fieldErrors(failure).run_at ?? failure.message)
                    : undefined
                }
                onRetry={() => act.mutate({ kind: 'retry', id: job.id })}
                onCancel={() => act.mutate({ kind: 'cancel', id: job.id })}
                onReschedule={(runAt) => act.mutate({ kind: 'reschedule', id: job.id, runAt })}
                rescheduling={rescheduling === job.id}
                onRescheduleToggle={(open) => setRescheduling(open ? job.id : null)}
              />
            ))}
          </Stack>
          <ListPagination lastPage={list.data?.meta.last_page} value={current} onChange={setCurrent} />
        </>
      )}
    </Stack>
  );
}
