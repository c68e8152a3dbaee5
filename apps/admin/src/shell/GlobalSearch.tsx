import { Combobox, TextInput, useCombobox } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { FoundOptions } from './FoundOptions.js';
import { useSearchEverything } from './search-everything.js';

const PER_GROUP = 5;

/**
 * One search box for the whole admin (spec 1): entries of every type the user may read (drafts by
 * title, published ones by their text too), media and users, each group only for those allowed to
 * list it. Enter with no option chosen opens every result (/search).
 */
export function GlobalSearch() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [text, setText] = useState('');
  const [q] = useDebouncedValue(text.trim(), 300);
  const combobox = useCombobox({ onDropdownClose: () => combobox.resetSelectedOption() });
  const results = useSearchEverything(q, PER_GROUP);
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
          onKeyDown={(event) => {
            if (event.key !== 'Enter' || combobox.getSelectedOptionIndex() >= 0) return;
            const words = text.trim();
            if (words.length < 2) return;
            event.preventDefault();
            combobox.closeDropdown();
            navigate(`/search?q=${encodeURIComponent(words)}`);
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
