import { Select } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api, data, page } from '../../api.js';

/**
 * Who the entry is by, for those who may edit others' entries and see the site's users: chosen
 * among the members, searched on the server by name or email. A new entry is by its writer.
 * With `label` and `onClear`, the same choice filters a list by author (none: anyone).
 */
export function AuthorField(props: {
  value: number | null;
  error?: string | undefined;
  onChange: (id: number) => void;
  /** A visible label; without it the input is named for assistive technology only. */
  label?: string;
  /** The choice may be emptied: `onClear` is called then. */
  onClear?: () => void;
  placeholder?: string;
}) {
  const { t } = useTranslation();
  const [search, setSearch] = useState('');
  // The input shows the chosen person's label: that is no search.
  const [typed] = useDebouncedValue(search.trim(), 250);
  const [chosenLabel, setChosenLabel] = useState('');
  const query = typed === chosenLabel ? '' : typed;
  const members = useQuery({
    queryKey: ['users', 'authors', query],
    queryFn: () =>
      page(
        api.GET('/api/users', {
          params: { query: { page: 1, limit: 20, status: 'active', ...(query ? { search: query } : {}) } },
        }),
      ),
    placeholderData: keepPreviousData,
    staleTime: 60_000,
  });
  // The current author, named even when not among the first answers.
  const current = useQuery({
    queryKey: ['user', props.value],
    queryFn: () => data(api.GET('/api/users/{id}', { params: { path: { id: props.value as number } } })),
    enabled: props.value !== null,
    staleTime: 60_000,
  });
  const people = [...(current.data ? [current.data] : []), ...(members.data?.items ?? [])];
  const options = [...new Map(people.map((user) => [user.id, user])).values()].map((user) => ({
    value: String(user.id),
    label: `${user.display_name} (${user.email})`,
  }));
  return (
    <Select
      // In the editor the panel's title says it; the input keeps its name for assistive technology.
      {...(props.label ? { label: props.label } : { 'aria-label': t('editor.author') })}
      searchable
      data={options}
      value={props.value === null ? null : String(props.value)}
      onChange={(next, option) => {
        if (!next) {
          setChosenLabel('');
          props.onClear?.();
          return;
        }
        setChosenLabel(option?.label ?? '');
        props.onChange(Number(next));
      }}
      searchValue={search}
      onSearchChange={setSearch}
      filter={({ options }) => options}
      nothingFoundMessage={members.isFetching ? t('app.loading') : t('editor.nothingFound')}
      placeholder={
        props.value === null
          ? (props.placeholder ?? t('editor.authorYou'))
          : current.isPending
            ? t('app.loading')
            : undefined
      }
      error={props.error ?? (members.error ? t('editor.authorFailed') : undefined)}
      clearable={props.onClear !== undefined}
      allowDeselect={props.onClear !== undefined}
    />
  );
}
