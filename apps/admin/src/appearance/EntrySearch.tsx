import { Combobox, Group, Select, Stack, Text, TextInput, useCombobox } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api, page } from '../api.js';
import { useReadableTypes } from '../content/types.js';

export interface ChosenEntry {
  id: number;
  title: string;
  type: string;
}

/**
 * Finds the entry a menu item links to: a content type the user may read (pages, posts, custom
 * types), then its entries by title, drafts included (the site shows the link once it is published).
 */
export function EntrySearch(props: {
  value: ChosenEntry | null;
  onChange: (entry: ChosenEntry | null) => void;
  error?: string | undefined;
}) {
  const { t } = useTranslation();
  const types = useReadableTypes();
  const [type, setType] = useState<string | null>(null);
  const chosenType = type ?? types.find((each) => each.slug === 'page')?.slug ?? types[0]?.slug ?? null;
  const [search, setSearch] = useState('');
  const [q] = useDebouncedValue(search.trim(), 250);
  const combobox = useCombobox({ onDropdownClose: () => combobox.resetSelectedOption() });
  const found = useQuery({
    queryKey: ['menu-entry-search', chosenType, q],
    queryFn: () =>
      page(
        api.GET('/api/content/{type}', {
          params: {
            path: { type: chosenType ?? '' },
            query: { limit: 10, page: 1, sort: 'title', order: 'asc', ...(q ? { q } : {}) },
          },
        }),
      ),
    enabled: combobox.dropdownOpened && chosenType !== null,
  });
  const options = found.data?.items ?? [];

  return (
    <Stack gap="xs">
      <Select
        label={t('appearance.menus.entryType')}
        data={types.map((each) => ({ value: each.slug, label: each.label }))}
        value={chosenType}
        onChange={(next) => {
          setType(next);
          setSearch('');
          props.onChange(null);
        }}
        allowDeselect={false}
        comboboxProps={{ withinPortal: true }}
      />
      <Combobox
        store={combobox}
        onOptionSubmit={(value) => {
          const entry = options.find((each) => each.id === Number(value));
          if (entry && chosenType) {
            props.onChange({ id: entry.id, title: entry.title, type: chosenType });
            setSearch(entry.title);
          }
          combobox.closeDropdown();
        }}
      >
        <Combobox.Target>
          <TextInput
            label={t('appearance.menus.entrySearch')}
            description={t('appearance.menus.entrySearchHelp')}
            value={search}
            error={props.error}
            onChange={(event) => {
              setSearch(event.currentTarget.value);
              props.onChange(null);
              combobox.openDropdown();
              combobox.updateSelectedOptionIndex();
            }}
            onFocus={() => combobox.openDropdown()}
            onClick={() => combobox.openDropdown()}
            onBlur={() => combobox.closeDropdown()}
          />
        </Combobox.Target>
        <Combobox.Dropdown>
          <Combobox.Options>
            {found.isPending ? (
              <Combobox.Empty>{t('app.loading')}</Combobox.Empty>
            ) : found.isError ? (
              <Combobox.Empty>{found.error.message}</Combobox.Empty>
            ) : options.length === 0 ? (
              <Combobox.Empty>{t('appearance.menus.entryNone')}</Combobox.Empty>
            ) : (
              options.map((entry) => (
                <Combobox.Option key={entry.id} value={String(entry.id)}>
                  <Group justify="space-between" wrap="nowrap">
                    <Text size="sm">{entry.title || t('dashboard.untitled')}</Text>
                    <Text size="xs" c="dimmed">
                      {t(`status.${entry.status}`)}
                    </Text>
                  </Group>
                </Combobox.Option>
              ))
            )}
          </Combobox.Options>
        </Combobox.Dropdown>
      </Combobox>
    </Stack>
  );
}
