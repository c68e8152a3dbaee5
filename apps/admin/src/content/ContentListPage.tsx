import {
  Anchor,
  Button,
  Checkbox,
  Group,
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
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useParams } from 'react-router';
import { api, page, toApiError } from '../api.js';
import { useCan } from '../session.js';
import { ListPagination, useSelection } from '../shell/lists.js';
import { Pending } from '../shell/Shell.js';
import { useDocumentTitle } from '../site.js';
import { type Assignment, BulkAssign } from './BulkAssign.js';
import { useListColumns } from './columns.js';
import { areaOf, useContentTypes } from './types.js';

const FILTERS = ['any', 'draft', 'in_review', 'scheduled', 'published', 'trash'] as const;
type Filter = (typeof FILTERS)[number];
const SORTS = ['updated_at', 'created_at', 'published_at', 'title'] as const;
type Sort = (typeof SORTS)[number];
type Bulk = 'publish' | 'trash' | 'restore' | Assignment;

/**
 * The entries of a content type (posts, pages, a custom type): search, filter by state, sort, page,
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
  useDocumentTitle(plural);
  const client = useQueryClient();
  const [filter, setFilter] = useState<Filter>('any');
  const [sort, setSort] = useState<Sort>('updated_at');
  const [search, setSearch] = useState('');
  const [q] = useDebouncedValue(search.trim(), 300);
  const [current, setCurrent] = useState(1);
  const [progress, setProgress] = useState<{ done: number; of: number } | null>(null);
  const [failures, setFailures] = useState<string[]>([]);
  const columns = useListColumns(definition, sort);
  const [assigning, setAssigning] = useState<'author' | 'term' | null>(null);
  const list = useQuery({
    queryKey: ['entries', type, filter, sort, q, current],
    queryFn: () =>
      page(
        api.GET('/api/content/{type}', {
          params: {
            path: { type },
            query: {
              status: filter,
              sort,
              order: sort === 'title' ? 'asc' : 'desc',
              page: current,
              limit: 20,
              ...(q ? { q } : {}),
            },
          },
        }),
      ),
    placeholderData: keepPreviousData,
  });
  const items = list.data?.items ?? [];
  const selection = useSelection(items);
  const reset = () => {
    setCurrent(1);
    selection.clear();
  };

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

  const bulkActions: ('publish' | 'trash' | 'restore')[] =
    filter === 'trash' ? ['restore'] : ['publish', 'trash'];
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
            reset();
          }}
          type="search"
        />
        <Select
          label={t('content.sortBy')}
          value={sort}
          onChange={(value) => {
            setSort((value as Sort) ?? 'updated_at');
            reset();
          }}
          data={SORTS.map((value) => ({ value, label: t(`content.sort.${value}`) }))}
          allowDeselect={false}
        />
      </Group>
      {/* Six states do not fit a phone's width: they scroll on their own, not the whole page. */}
      <ScrollArea type="auto" offsetScrollbars scrollbars="x">
        <SegmentedControl
          value={filter}
          onChange={(value) => {
            setFilter(value as Filter);
            reset();
          }}
          data={FILTERS.map((value) => ({ value, label: t(`content.filter.${value}`) }))}
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
        <Text c="dimmed">{q ? t('content.noMatch', { q }) : t(`content.empty.${filter}`)}</Text>
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
                        {entry.deleted_at ? (
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
          <ListPagination lastPage={list.data?.meta.last_page} value={current} onChange={setCurrent} />
        </>
      )}
    </Stack>
  );
}
