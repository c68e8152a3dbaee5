import {
  Anchor,
  Badge,
  Button,
  Checkbox,
  Group,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
  UnstyledButton,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AdminContext } from '@tessera/plugin/admin';
import { useEffect, useMemo, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { LabelledChoice } from './controls.js';
import { ConfirmDelete } from './dialogs.js';
import { builderPath, formQuery, formsKey, siteQuery, submissionsKey, submissionsQuery } from './queries.js';
import { SubmissionDetail } from './SubmissionDetail.js';
import { LoadFailed, Loading } from './states.js';
import { exportHref, filtersOf, withFilters } from './submission-filters.js';
import { summaryOf } from './submission-values.js';

const SEARCH_PAUSE_MS = 300;

/**
 * /admin/plugins/forms/submissions/:id, for users holding forms.submissions: a form's submissions,
 * newest first, searched and filtered by date and by read or not (the filters in the address, the
 * export following them), a page at a time. A row opens its detail; rows can be selected and
 * deleted together.
 */
export function SubmissionsScreen({ admin, formId }: { admin: AdminContext; formId: number }) {
  const { t, language } = admin.useTranslation();
  const can = admin.useCan();
  const client = useQueryClient();
  const [params, setParams] = useSearchParams();
  const filters = filtersOf(params);
  const form = useQuery(formQuery(admin, formId));
  const site = useQuery(siteQuery(admin));
  const list = useQuery({ ...submissionsQuery(admin, formId, filters), placeholderData: keepPreviousData });
  const [search, setSearch] = useState(filters.q);
  const [searched] = useDebouncedValue(search, SEARCH_PAUSE_MS);
  const [selected, setSelected] = useState<ReadonlySet<number>>(new Set());
  const [deleting, setDeleting] = useState(false);
  const open = Number(params.get('open')) || null;
  const zone = site.data?.time_zone;
  const dates = useMemo(
    () =>
      new Intl.DateTimeFormat(language, {
        dateStyle: 'medium',
        timeStyle: 'short',
        ...(zone ? { timeZone: zone } : {}),
      }),
    [language, zone],
  );

  const go = (change: Parameters<typeof withFilters>[1]) => setParams(withFilters(params, change));
  // Only the typed search, once it settles, changes the address.
  useEffect(() => {
    if (searched.trim() !== filters.q.trim()) go({ q: searched.trim() || null });
  }, [searched]);
  // Another page or filter shows other rows: what was selected is no longer in sight.
  const shown = JSON.stringify(filters);
  useEffect(() => setSelected(new Set()), [shown]);

  const bulk = useMutation({
    mutationFn: (ids: number[]) => admin.api.post<{ deleted: number }>('/submissions/delete', { ids }),
    onSuccess: () => {
      setDeleting(false);
      setSelected(new Set());
      void client.invalidateQueries({ queryKey: submissionsKey(formId) });
      void client.invalidateQueries({ queryKey: formsKey });
    },
  });

  const page = list.data;
  const items = page?.items ?? [];
  const pages = page ? Math.max(1, Math.ceil(page.total / page.per_page)) : 1;
  const allChecked = items.length > 0 && items.every((item) => selected.has(item.id));
  const someChecked = items.some((item) => selected.has(item.id));
  const toggle = (id: number, on: boolean) => {
    const next = new Set(selected);
    if (on) next.add(id);
    else next.delete(id);
    setSelected(next);
  };
  const filtered = filters.q !== '' || filters.from !== '' || filters.to !== '' || filters.read !== 'all';

  return (
    <Stack>
      <Group justify="space-between" align="flex-end">
        <Stack gap={2}>
          <Anchor component={Link} to="/plugins/forms/submissions" size="sm">
            {t('submissions.allForms')}
          </Anchor>
          <Title order={2} size="h3">
            {form.data?.title ?? t('submissions.loadingTitle')}
          </Title>
        </Stack>
        <Group gap="sm">
          {can('forms.manage') ? (
            <Button component={Link} to={builderPath(formId)} variant="default">
              {t('submissions.edit')}
            </Button>
          ) : null}
          <Button component="a" href={exportHref(formId, filters, 'csv')} download variant="default">
            {t('submissions.exportCsv')}
          </Button>
          <Button component="a" href={exportHref(formId, filters, 'json')} download variant="default">
            {t('submissions.exportJson')}
          </Button>
        </Group>
      </Group>

      <Group align="flex-end" gap="sm" role="search" aria-label={t('submissions.filters')}>
        <TextInput
          type="search"
          label={t('submissions.search')}
          value={search}
          onChange={(event) => setSearch(event.currentTarget.value)}
          w={260}
        />
        <TextInput
          type="date"
          label={t('submissions.from')}
          value={filters.from}
          max={filters.to || undefined}
          onChange={(event) => go({ from: event.currentTarget.value || null })}
        />
        <TextInput
          type="date"
          label={t('submissions.to')}
          value={filters.to}
          min={filters.from || undefined}
          onChange={(event) => go({ to: event.currentTarget.value || null })}
        />
        <LabelledChoice
          label={t('submissions.show')}
          value={filters.read}
          onChange={(read) => go({ read: read === 'all' ? null : read })}
          data={[
            { value: 'all', label: t('submissions.all') },
            { value: 'unread', label: t('submissions.unreadOnly') },
            { value: 'read', label: t('submissions.readOnly') },
          ]}
        />
      </Group>

      {selected.size > 0 ? (
        <Group gap="sm" role="group" aria-label={t('submissions.selection')}>
          <Text size="sm">{t('submissions.selected', { count: selected.size })}</Text>
          <Button
            color="red"
            size="compact-sm"
            onClick={() => {
              bulk.reset();
              setDeleting(true);
            }}
          >
            {t('submissions.deleteSelected')}
          </Button>
          <Button variant="subtle" size="compact-sm" onClick={() => setSelected(new Set())}>
            {t('submissions.clearSelection')}
          </Button>
        </Group>
      ) : null}

      {list.error ? (
        <LoadFailed
          text={t('submissions.failed', { message: list.error.message })}
          retry={() => void list.refetch()}
          t={t}
        />
      ) : !page ? (
        <Loading text={t('submissions.loading')} />
      ) : items.length === 0 ? (
        <Text c="dimmed">{filtered ? t('submissions.noneFound') : t('submissions.none')}</Text>
      ) : (
        <Table.ScrollContainer minWidth={720}>
          <Table verticalSpacing="sm" highlightOnHover aria-busy={list.isPlaceholderData}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th w={40}>
                  <Checkbox
                    aria-label={t('submissions.selectPage')}
                    checked={allChecked}
                    indeterminate={someChecked && !allChecked}
                    onChange={(event) => {
                      const next = new Set(selected);
                      for (const item of items)
                        if (event.currentTarget.checked) next.add(item.id);
                        else next.delete(item.id);
                      setSelected(next);
                    }}
                  />
                </Table.Th>
                <Table.Th scope="col">{t('submissions.submitted')}</Table.Th>
                <Table.Th scope="col">{t('submissions.summary')}</Table.Th>
                <Table.Th scope="col">{t('submissions.language')}</Table.Th>
                <Table.Th scope="col">{t('submissions.status')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {items.map((item) => {
                const date = dates.format(new Date(item.created_at));
                const unread = item.read_at === null;
                return (
                  <Table.Tr
                    key={item.id}
                    data-submission={item.id}
                    fw={unread ? 700 : undefined}
                    style={{ cursor: 'pointer' }}
                    onClick={(event) => {
                      if (!(event.target as HTMLElement).closest('input, button, a'))
                        go({ open: String(item.id) });
                    }}
                  >
                    <Table.Td>
                      <Checkbox
                        aria-label={t('submissions.selectOne', { date })}
                        checked={selected.has(item.id)}
                        onChange={(event) => toggle(item.id, event.currentTarget.checked)}
                      />
                    </Table.Td>
                    <Table.Td>
                      <UnstyledButton
                        fz="sm"
                        fw="inherit"
                        td="underline"
                        onClick={() => go({ open: String(item.id) })}
                        aria-label={t('submissions.open', { date })}
                      >
                        {date}
                      </UnstyledButton>
                    </Table.Td>
                    <Table.Td>
                      <Text size="sm" fw="inherit" lineClamp={2}>
                        {summaryOf(item)
                          .map((line) => `${line.label}: ${line.text}`)
                          .join(' · ') || '—'}
                      </Text>
                    </Table.Td>
                    <Table.Td>
                      <Text size="sm" tt="uppercase">
                        {item.locale}
                      </Text>
                    </Table.Td>
                    <Table.Td>
                      {unread ? (
                        <Badge variant="filled" color="blue" size="sm">
                          {t('submissions.unread')}
                        </Badge>
                      ) : (
                        <Text size="sm" c="dimmed">
                          {t('submissions.read')}
                        </Text>
                      )}
                    </Table.Td>
                  </Table.Tr>
                );
              })}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}

      {page && page.total > 0 ? (
        <Group component="nav" aria-label={t('submissions.pages')} gap="sm">
          <Button
            variant="default"
            size="compact-sm"
            disabled={filters.page <= 1}
            onClick={() => go({ page: filters.page > 2 ? String(filters.page - 1) : null })}
          >
            {t('submissions.previous')}
          </Button>
          <Text size="sm">{t('submissions.page', { page: filters.page, pages, total: page.total })}</Text>
          <Button
            variant="default"
            size="compact-sm"
            disabled={filters.page >= pages}
            onClick={() => go({ page: String(filters.page + 1) })}
          >
            {t('submissions.next')}
          </Button>
        </Group>
      ) : null}

      <SubmissionDetail
        admin={admin}
        formId={formId}
        id={open}
        dates={dates}
        onClose={() => go({ open: null })}
      />
      <ConfirmDelete
        opened={deleting}
        title={t('submissions.deleteTitle', { count: selected.size })}
        text={t('submissions.deleteText', { count: selected.size })}
        confirm={t('submissions.deleteConfirm', { count: selected.size })}
        pending={bulk.isPending}
        error={bulk.error}
        onConfirm={() => bulk.mutate([...selected])}
        onClose={() => setDeleting(false)}
        t={t}
      />
    </Stack>
  );
}
