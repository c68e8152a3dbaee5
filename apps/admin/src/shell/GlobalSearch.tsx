import { Combobox, TextInput, useCombobox } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { api, page } from '../api.js';
import { useReadableTypes } from '../content/types.js';
import { useCan } from '../session.js';
import { type Found, FoundOptions } from './FoundOptions.js';

const PER_GROUP = 5;

/**
 * One search box for the whole admin (spec 1): entries of every type the user may read (drafts
 * included, by title), media and users, each group only for those allowed to list it.
 */
export function GlobalSearch() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const can = useCan();
  const readable = useReadableTypes();
  const [text, setText] = useState('');
  const [q] = useDebouncedValue(text.trim(), 300);
  const combobox = useCombobox({ onDropdownClose: () => combobox.resetSelectedOption() });
  const results = useQuery({
    queryKey: ['global-search', q, readable.map((type) => type.slug)],
    enabled: q.length >= 2,
    queryFn: async (): Promise<Found[]> => {
      const query = { page: 1, limit: PER_GROUP };
      const entries = readable.map(async (type) =>
        (
          await page(
            api.GET('/api/content/{type}', { params: { path: { type: type.slug }, query: { ...query, q } } }),
          )
        ).items.map((entry) => ({
          group: type.label,
          key: `${type.slug}-${entry.id}`,
          label: entry.title || t('dashboard.untitled'),
          detail: t(`status.${entry.status}`),
          value: `/content/${type.slug}/${entry.id}`,
        })),
      );
      const media = can('media.view')
        ? page(api.GET('/api/media', { params: { query: { ...query, search: q } } })).then(({ items }) =>
            items.map((item) => ({
              group: t('nav.media'),
              key: `media-${item.id}`,
              label: item.original_name,
              detail: item.mime_type,
              value: `/media?item=${item.id}`,
            })),
          )
        : Promise.resolve([]);
      const users = can('users.view')
        ? page(api.GET('/api/users', { params: { query: { ...query, search: q } } })).then(({ items }) =>
            items.map((user) => ({
              group: t('nav.users'),
              key: `user-${user.id}`,
              label: user.display_name,
              detail: user.email,
              value: `/users/${user.id}`,
            })),
          )
        : Promise.resolve([]);
      // A group that fails (a type removed meanwhile) leaves the others shown.
      const settled = await Promise.allSettled([...entries, media, users]);
      return settled.flatMap((outcome) => (outcome.status === 'fulfilled' ? outcome.value : []));
    },
  });
  const hits = results.data ?? [];

  return (
    <Combobox
      store={combobox}
      onOptionSubmit={(to) => {
        combobox.closeDropdown();
        setText('');
        navigate(to);
      }}
      width={360}
      position="bottom-end"
    >
      <Combobox.Target>
        <TextInput
          type="search"
          size="xs"
          w={{ base: 140, sm: 240 }}
          aria-label={t('nav.search')}
          placeholder={t('nav.search')}
          value={text}
          onChange={(event) => {
            setText(event.currentTarget.value);
            combobox.openDropdown();
            combobox.updateSelectedOptionIndex();
          }}
          onFocus={() => combobox.openDropdown()}
          onBlur={() => combobox.closeDropdown()}
        />
      </Combobox.Target>
      <Combobox.Dropdown hidden={q.length < 2}>
        <FoundOptions
          found={hits}
          loading={results.isFetching}
          none={t('nav.noResults', { q })}
          maxHeight={420}
        />
      </Combobox.Dropdown>
    </Combobox>
  );
}
