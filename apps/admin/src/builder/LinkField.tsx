import { Combobox, TextInput, useCombobox } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api, page } from '../api.js';
import { useReadableTypes } from '../content/types.js';
import { type Found, FoundOptions } from '../shell/FoundOptions.js';

const PER_TYPE = 5;

/** What an address already looks like: typed as is, not searched for. */
const ADDRESS = /^(\/|#|https?:|mailto:|tel:)/i;

/**
 * Where a click goes: an address typed as is, or a page, post or entry of the site found by its
 * title, whose public address is put in (the link follows the site's route patterns, not an id).
 */
export function LinkField(props: {
  label: string;
  required: boolean;
  error?: string | undefined;
  name: string;
  maxLength?: number | undefined;
  value: string;
  onChange: (value: string) => void;
}) {
  const { t } = useTranslation();
  const types = useReadableTypes();
  const [typing, setTyping] = useState<string | null>(null);
  const text = typing ?? props.value;
  const [q] = useDebouncedValue(text.trim(), 250);
  const searching = q.length >= 2 && !ADDRESS.test(q);
  const combobox = useCombobox({ onDropdownClose: () => combobox.resetSelectedOption() });
  const found = useQuery({
    queryKey: ['link-search', q, types.map((type) => type.slug)],
    enabled: searching && types.length > 0,
    placeholderData: keepPreviousData,
    queryFn: async (): Promise<Found[]> => {
      const groups = await Promise.allSettled(
        types.map(async (type) => {
          const { items } = await page(
            api.GET('/api/content/{type}', {
              params: { path: { type: type.slug }, query: { q, page: 1, limit: PER_TYPE } },
            }),
          );
          return items.map((entry) => ({
            key: `${type.slug}-${entry.id}`,
            group: type.label,
            label: entry.title || t('dashboard.untitled'),
            // A published entry's address; a draft's state (its address shows nothing yet).
            detail: entry.status === 'published' ? entry.url : t(`status.${entry.status}`),
            value: entry.url,
          }));
        }),
      );
      // A type that fails (removed meanwhile) leaves the others offered.
      return groups.flatMap((group) => (group.status === 'fulfilled' ? group.value : []));
    },
  });
  const hits = searching ? (found.data ?? []) : [];

  return (
    <Combobox
      store={combobox}
      onOptionSubmit={(url) => {
        setTyping(null);
        props.onChange(url);
        combobox.closeDropdown();
      }}
    >
      <Combobox.Target>
        <TextInput
          label={props.label}
          description={t('builder.link.help')}
          required={props.required}
          error={props.error}
          name={props.name}
          maxLength={props.maxLength}
          value={text}
          onChange={(event) => {
            const next = event.currentTarget.value;
            // A title being searched is not a link yet; an address is one as it is typed.
            if (ADDRESS.test(next.trim()) || next === '') {
              setTyping(null);
              props.onChange(next);
            } else setTyping(next);
            combobox.openDropdown();
            combobox.updateSelectedOptionIndex();
          }}
          onFocus={() => combobox.openDropdown()}
          onBlur={() => {
            combobox.closeDropdown();
            // Words left unchosen are not a link: the saved address stays.
            setTyping(null);
          }}
        />
      </Combobox.Target>
      <Combobox.Dropdown hidden={!searching}>
        <FoundOptions
          found={hits}
          loading={found.isFetching}
          none={t('builder.link.none', { q })}
          maxHeight={300}
        />
      </Combobox.Dropdown>
    </Combobox>
  );
}
