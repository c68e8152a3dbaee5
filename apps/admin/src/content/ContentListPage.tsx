import {
  Anchor,
  Button,
  Checkbox,
  Group,
  Input,
  Progress,
  ScrollArea,
  SegmentedControl,
  Select,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useParams } from 'react-router';
import { api, page, toApiError } from '../api.js';
import { useCan, useMayOn } from '../session.js';
import { ListPagination, useSelection } from '../shell/lists.js';
import { Pending } from '../shell/Shell.js';
import { useDocumentTitle, useSite } from '../site.js';
import { type Assignment, BulkAssign } from './BulkAssign.js';
import { useListColumns } from './columns.js';
import { ListFilters } from './ListFilters.js';
import {
  apiQueryOf,
  defaultOrder,
  isFiltered,
  type ListQuery,
  type Order,
  SORTS,
  type Sort,
  STATUSES,
  type StatusFilter,
} from './list-query.js';
import { areaOf, useContentTypes } from './types.js';
import { useListQuery } from './useListQuery.js';

type Bulk = 'publish' | 'trash' | 'restore' | Assignment;

/**
 * The entries of a content type (posts, pages, a custom type): search, filter by state, author,
 * term, language and dates, sort either way, page (all kept in the address, to share or reload),
 * and act on one or many (publish, trash, restore from the trash) with progress for many.
 */
export function ContentListPage() {
  const { t } = useTranslation();
  const type = useParams().type ?? 'post';
  const definition = useContentTypes().data?.find((each) => each.slug === type);
  const custom = definition && !definition.builtin ? definition : undefined;
  const plural = custom?.plural_label ?? t(`content.plural.${type}`, { defaultValue: type });
  const singular = custom?.singular_label ?? t(`content.singular.${type}`, { defaultValue: type });
  const area = areaOf(type);
  const can = useCan();
  const mayOn = useMayOn();
  useDocumentTitle(plural);
  const client = useQueryClient();
  const [query, setQuery] = useListQuery();
  const filter = query.status;
  const zone = useSite().data?.time_zone ?? 'UTC';
  const [search, setSearch] = useState(query.q);
  const [typed] = useDebouncedValue(search.trim(), 300);
  const [progress, setProgress] = useState<{ done: number; of: number } | null>(null);
  const [failures, setFailures] = useState<string[]>([]);
  const [assigning, setAssigning] = useState<'author' | 'term' | null>(null);
  const sent = apiQueryOf(query, zone, 20);
  const list = useQuery({
    queryKey: ['entries', type, sent],
    queryFn: () => page(api.GET('/api/content/{type}', { params: { path: { type }, query: sent } })),
    placeholderData: keepPreviousData,
  });
  const items = list.data?.items ?? [];
  const columns = useListColumns(definition, query.sort, items);
  const selection = useSelection(items);
  /** A new view of the list: nothing ticked in it. */
  const update = (patch: Partial<ListQuery>, options: { replace?: boolean } = {}) => {
    setQuery(patch, options);
    selection.clear();
  };
  // The search box writes the address once typing pauses (replacing, not stacking, history steps)...
  // biome-ignore lint/correctness/useExhaustiveDependencies: only a new pause in typing writes
  useEffect(() => {
    if (typed !== query.q) setQuery({ q: typed }, { replace: true });
  }, [typed]);
  // ...and follows it when it changes otherwise (back, a shared link, another type's list).
  useEffect(() => {
    setSearch((shown) => (shown.trim() === query.q ? shown : query.q));
  }, [query.q]);

  /** One call per entry, one after another, the bar moving with each: what failed is listed after. */
  async function run(action: Bulk, ids: number[]) {
    setFailures([]);
    setProgress({ done: 0, of: ids.length });
    const failed: string[] = [];
    for (const [index, id] of ids.entries()) {
      const path = { params: { path: { type, id } } };
      const answer =
        action === 'trash'
          ? await api.DELETE('/api/content/{type}/{id}', path)
          : action === 'restore'
            ? await api.POST('/api/content/{type}/{id}/restore', path)
            : action === 'publish'
              ? await api.POST('/api/content/{type}/{id}/publish', path)
              : await assign(id, action);
      if (answer.error) {
        const title = items.find((entry) => entry.id === id)?.title ?? `#${id}`;
        failed.push(`${title}: ${toApiError(answer.error, answer.response).message}`);
      }
      setProgress({ done: index + 1, of: ids.length });
    }
    setFailures(failed);
    setProgress(null);
    selection.clear();
    await client.invalidateQueries({ queryKey: ['entries', type] });
    void client.invalidateQueries({ queryKey: ['dashboard'] });
  }

  /** Sets the author, or adds the term, on the entry as listed (its version guards a change made since). */
  function assign(id: number, assignment: Assignment) {
    const entry = items.find((each) => each.id === id);
    const body =
      assignment.kind === 'author'
        ? { author_id: assignment.userId }
        : {
            terms: {
              [assignment.taxonomy]: [
                ...new Set([...(entry?.terms[assignment.taxonomy] ?? []), assignment.termId]),
              ],
            },
          };
    return api.PUT('/api/content/{type}/{id}', {
      params: { path: { type, id } },
      body: { version: entry?.version ?? 1, ...body },
    });
  }

  // Only what the user may do at all is offered; the server still checks each entry.
  const mayPublish = can(`${area}.publish`);
  const mayTrash = can(`${area}.delete`);
  const bulkActions = (filter === 'trash' ? ['restore'] : ['publish', 'trash']).filter((action) =>
    action === 'publish' ? mayPublish : mayTrash,
  ) as ('publish' | 'trash' | 'restore')[];
  const mayAssignAuthor = filter !== 'trash' && can(`${area}.edit_others`) && can('users.view');
  const mayAddTerm = filter !== 'trash' && (definition?.taxonomies.length ?? 0) > 0;
  return (
    <Stack>
      <Group justify="space-between">
        <Title order={1} size="h2">
          {plural}
        </Title>
        {can(`${area}.create`) ? (
          <Button component={RouterLink} to={`/content/${type}/new`}>
            {t('content.new', { type: singular })}
          </Button>
        ) : null}
      </Group>
      <Group align="flex-end">
        <TextInput
          label={t('content.search')}
          value={search}
          onChange={(event) => {
            setSearch(event.currentTarget.value);
            // At once, as typing starts: what is ticked next belongs to the new matches.
            selection.clear();
          }}
          type="search"
          maxLength={200}
        />
        <Select
          label={t('content.sortBy')}
          value={query.sort}
          onChange={(value) => {
            const sort = (value as Sort | null) ?? 'updated_at';
            update({ sort, order: defaultOrder(sort) });
          }}
          data={SORTS.map((value) => ({ value, label: t(`content.sort.${value}`) }))}
          allowDeselect={false}
        />
        <OrderControl sort={query.sort} value={query.order} onChange={(order) => update({ order })} />
      </Group>
      <ListFilters type={type} query={query} taxonomies={definition?.taxonomies ?? []} onChange={update} />
      {/* Six states do not fit a phone's width: they scroll on their own, not the whole page. */}
      <ScrollArea type="auto" offsetScrollbars scrollbars="x">
        <SegmentedControl
          value={filter}
          onChange={(value) => update({ status: value as StatusFilter })}
          data={STATUSES.map((value) => ({ value, label: t(`content.filter.${value}`) }))}
          aria-label={t('content.filterLabel')}
        />
      </ScrollArea>
      {progress ? (
        <Stack gap={4} role="status">
          <Text size="sm">{t('content.working', { done: progress.done, of: progress.of })}</Text>
          <Progress value={(progress.done / progress.of) * 100} aria-hidden />
        </Stack>
      ) : null}
      {failures.length > 0 ? (
        <Stack gap={2} role="alert">
          {failures.map((failure) => (
            <Text key={failure} c="red" size="sm">
              {failure}
            </Text>
          ))}
        </Stack>
      ) : null}
      {list.error || (list.isPending && !list.data) ? (
        <Pending error={list.error} retry={() => void list.refetch()} />
      ) : items.length === 0 ? (
        <Text c="dimmed">
          {isFiltered(query)
            ? t('contentList.noMatch')
            : query.q
              ? t('content.noMatch', { q: query.q })
              : t(`content.empty.${filter}`)}
        </Text>
      ) : (
        <>
          {selection.selected.length > 0 ? (
            <Group>
              {bulkActions.map((action) => (
                <Button
                  key={action}
                  size="xs"
                  variant="light"
                  color={action === 'trash' ? 'red' : undefined}
                  disabled={progress !== null}
                  onClick={() => void run(action, selection.selected)}
                >
                  {t(`content.bulk.${action}`, { count: selection.selected.length })}
                </Button>
              ))}
              {mayAssignAuthor ? (
                <Button
                  size="xs"
                  variant="light"
                  disabled={progress !== null}
                  onClick={() => setAssigning('author')}
                >
                  {t('content.bulkAuthor', { count: selection.selected.length })}
                </Button>
              ) : null}
              {mayAddTerm ? (
                <Button
                  size="xs"
                  variant="light"
                  disabled={progress !== null}
                  onClick={() => setAssigning('term')}
                >
                  {t('content.bulkTerm', { count: selection.selected.length })}
                </Button>
              ) : null}
              <BulkAssign
                kind={assigning}
                taxonomies={definition?.taxonomies ?? []}
                count={selection.selected.length}
                onClose={() => setAssigning(null)}
                onApply={(assignment) => {
                  setAssigning(null);
                  void run(assignment, selection.selected);
                }}
              />
            </Group>
          ) : null}
          {/* A type's columns do not fit a phone's width: the table scrolls, not the page. */}
          <Table.ScrollContainer minWidth={760}>
            <Table striped highlightOnHover>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th w={40}>
                    <Checkbox
                      checked={selection.all}
                      indeterminate={selection.some}
                      onChange={selection.toggleAll}
                      aria-label={t('comments.selectAll')}
                    />
                  </Table.Th>
                  <Table.Th scope="col">{t('content.title')}</Table.Th>
                  {columns.map((column) => (
                    <Table.Th key={column.key} scope="col">
                      {column.header}
                    </Table.Th>
                  ))}
                  <Table.Th scope="col">{t('content.actions')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {items.map((entry) => {
                  const title = entry.title || t('dashboard.untitled');
                  return (
                    <Table.Tr key={entry.id}>
                      <Table.Td>
                        <Checkbox
                          checked={selection.has(entry.id)}
                          onChange={() => selection.toggle(entry.id)}
                          aria-label={t('content.select', { title })}
                        />
                      </Table.Td>
                      <Table.Td>
                        <Anchor component={RouterLink} to={`/content/${type}/${entry.id}`} size="sm" fw={500}>
                          {title}
                        </Anchor>
                        <Text size="xs" c="dimmed">
                          {entry.url}
                        </Text>
                      </Table.Td>
                      {columns.map((column) => (
                        <Table.Td key={column.key} fz="sm">
                          {column.cell(entry)}
                        </Table.Td>
                      ))}
                      <Table.Td>
                        <Group gap={4} wrap="nowrap">
                          {entry.status === 'published' && !entry.deleted_at && entry.url ? (
                            <Anchor
                              href={entry.url}
                              size="sm"
                              target="_blank"
                              aria-label={`${t('content.view')}: ${title}`}
                            >
                              {t('content.view')}
                            </Anchor>
                          ) : null}
                          {!mayOn(`${area}.delete`, entry.author_id) ? null : entry.deleted_at ? (
                            <Button
                              size="compact-sm"
                              variant="subtle"
                              onClick={() => void run('restore', [entry.id])}
                              aria-label={`${t('content.restore')}: ${title}`}
                            >
                              {t('content.restore')}
                            </Button>
                          ) : (
                            <>
                              {entry.transitions.includes('publish') ? (
                                <Button
                                  size="compact-sm"
                                  variant="subtle"
                                  onClick={() => void run('publish', [entry.id])}
                                  aria-label={`${t('content.publish')}: ${title}`}
                                >
                                  {t('content.publish')}
                                </Button>
                              ) : null}
                              <Button
                                size="compact-sm"
                                variant="subtle"
                                color="red"
                                onClick={() => void run('trash', [entry.id])}
                                aria-label={`${t('content.trash')}: ${title}`}
                              >
                                {t('content.trash')}
                              </Button>
                            </>
                          )}
                        </Group>
                      </Table.Td>
                    </Table.Tr>
                  );
                })}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
          <ListPagination
            lastPage={list.data?.meta.last_page}
            value={query.page}
            onChange={(next) => update({ page: next })}
          />
        </>
      )}
    </Stack>
  );
}

/** Which way the sort runs, said as the reader sees it: newest or oldest first, A to Z or Z to A. */
function OrderControl(props: { sort: Sort; value: Order; onChange: (order: Order) => void }) {
  const { t } = useTranslation();
  const options: Array<{ value: Order; label: string }> =
    props.sort === 'title'
      ? [
          { value: 'asc', label: t('contentList.aToZ') },
          { value: 'desc', label: t('contentList.zToA') },
        ]
      : [
          { value: 'desc', label: t('contentList.newestFirst') },
          { value: 'asc', label: t('contentList.oldestFirst') },
        ];
  return (
    <Input.Wrapper label={t('contentList.order')} labelElement="div">
      <SegmentedControl
        display="flex"
        value={props.value}
        onChange={(value) => props.onChange(value === 'asc' ? 'asc' : 'desc')}
        data={options}
        aria-label={t('contentList.order')}
      />
    </Input.Wrapper>
  );
}
