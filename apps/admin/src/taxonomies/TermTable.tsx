import { Button, Checkbox, Group, Stack, Table, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ListPagination, useSelection } from '../shell/lists.js';
import { Pending } from '../shell/Shell.js';
import { type TaxonomyLabels, type Term, termName, useTerms } from './queries.js';

const PER_PAGE = 20;

/**
 * A flat taxonomy's terms (tags) as a table: searched by name on the server, paged here (the API
 * answers every term at once), each with its count of published entries; one or many deleted.
 */
export function TermTable(props: {
  taxonomy: string;
  labels: TaxonomyLabels;
  canManage: boolean;
  onEdit: (term: Term) => void;
  onDelete: (terms: Term[]) => void;
}) {
  const { t } = useTranslation();
  const [search, setSearch] = useState('');
  const [q] = useDebouncedValue(search.trim(), 300);
  const [current, setCurrent] = useState(1);
  const list = useTerms(props.taxonomy, q || undefined);
  const all = list.data ?? [];
  const lastPage = Math.max(1, Math.ceil(all.length / PER_PAGE));
  const shownPage = Math.min(current, lastPage);
  const items = all.slice((shownPage - 1) * PER_PAGE, shownPage * PER_PAGE);
  const selection = useSelection(items);
  const picked = items.filter((term) => selection.has(term.id));

  return (
    <Stack>
      <TextInput
        label={t('taxonomies.search')}
        type="search"
        value={search}
        onChange={(event) => {
          setSearch(event.currentTarget.value);
          setCurrent(1);
          selection.clear();
        }}
        maw={360}
      />
      {list.error || (list.isPending && !list.data) ? (
        <Pending error={list.error} retry={() => void list.refetch()} />
      ) : all.length === 0 ? (
        <Text c="dimmed">
          {q
            ? t('taxonomies.noMatch', { q })
            : t('taxonomies.empty', { label: props.labels.plural.toLowerCase() })}
        </Text>
      ) : (
        <>
          {props.canManage && picked.length > 0 ? (
            <Group>
              <Button size="xs" variant="light" color="red" onClick={() => props.onDelete(picked)}>
                {t('taxonomies.deleteSelected', { count: picked.length })}
              </Button>
            </Group>
          ) : null}
          <Table.ScrollContainer minWidth={360} type="native">
            <Table striped highlightOnHover>
              <Table.Thead>
                <Table.Tr>
                  {props.canManage ? (
                    <Table.Th w={40}>
                      <Checkbox
                        checked={selection.all}
                        indeterminate={selection.some}
                        onChange={selection.toggleAll}
                        aria-label={t('taxonomies.selectAll')}
                      />
                    </Table.Th>
                  ) : null}
                  <Table.Th scope="col">{t('taxonomies.name')}</Table.Th>
                  <Table.Th scope="col">{t('taxonomies.slug')}</Table.Th>
                  <Table.Th scope="col" ta="end">
                    {t('taxonomies.count')}
                  </Table.Th>
                  {props.canManage ? (
                    <Table.Th scope="col">
                      <span className="visually-hidden">{t('taxonomies.actions')}</span>
                    </Table.Th>
                  ) : null}
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {items.map((term) => (
                  <Table.Tr key={term.id}>
                    {props.canManage ? (
                      <Table.Td>
                        <Checkbox
                          checked={selection.has(term.id)}
                          onChange={() => selection.toggle(term.id)}
                          aria-label={t('taxonomies.select', { name: term.name })}
                        />
                      </Table.Td>
                    ) : null}
                    <Table.Td>
                      <Text size="sm" fw={500}>
                        {termName(t, props.taxonomy, term)}
                      </Text>
                      {term.description ? (
                        <Text size="xs" c="dimmed" lineClamp={2}>
                          {term.description}
                        </Text>
                      ) : null}
                    </Table.Td>
                    <Table.Td>
                      <Text size="sm" c="dimmed">
                        {term.slug}
                      </Text>
                    </Table.Td>
                    <Table.Td ta="end">{term.count}</Table.Td>
                    {props.canManage ? (
                      <Table.Td>
                        <Group gap={4} wrap="nowrap" justify="flex-end">
                          <Button
                            size="compact-sm"
                            variant="subtle"
                            onClick={() => props.onEdit(term)}
                            aria-label={`${t('taxonomies.edit')}: ${term.name}`}
                          >
                            {t('taxonomies.edit')}
                          </Button>
                          <Button
                            size="compact-sm"
                            variant="subtle"
                            color="red"
                            onClick={() => props.onDelete([term])}
                            aria-label={`${t('taxonomies.delete')}: ${term.name}`}
                          >
                            {t('taxonomies.delete')}
                          </Button>
                        </Group>
                      </Table.Td>
                    ) : null}
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
          <ListPagination lastPage={lastPage} value={shownPage} onChange={setCurrent} />
        </>
      )}
    </Stack>
  );
}
