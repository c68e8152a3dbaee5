import { Combobox, Pill, PillsInput, useCombobox } from '@mantine/core';
import { type KeyboardEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toApiError } from '../api.js';
import { useCan } from '../session.js';
import { type TaxonomyLabels, type Term, useCreateTerm } from './queries.js';

const CREATE = '$create';
/** Enough suggestions to choose from without a list longer than the screen. */
const SUGGESTIONS = 20;

/**
 * A flat taxonomy's terms for an entry as removable pills, with a search over the existing terms.
 * Enter takes the highlighted suggestion, else the term named exactly as typed, else (for those who
 * manage terms) creates it. Enter never sends the entry editor's form around it.
 */
export function TermTagsInput(props: {
  taxonomy: string;
  labels: TaxonomyLabels;
  terms: Term[];
  value: number[];
  onChange: (ids: number[]) => void;
}) {
  const { t } = useTranslation();
  const canCreate = useCan()('taxonomies.manage');
  const combobox = useCombobox({
    onDropdownClose: () => combobox.resetSelectedOption(),
    onDropdownOpen: () => combobox.updateSelectedOptionIndex('active'),
  });
  const [search, setSearch] = useState('');
  const create = useCreateTerm(props.taxonomy);
  const typed = search.trim();
  const chosen = props.value
    .map((id) => props.terms.find((term) => term.id === id))
    .filter((term): term is Term => term !== undefined);
  const exact = props.terms.find((term) => term.name.toLowerCase() === typed.toLowerCase());
  const suggestions = props.terms
    .filter((term) => !props.value.includes(term.id) && term.name.toLowerCase().includes(typed.toLowerCase()))
    .slice(0, SUGGESTIONS);

  function add(id: number) {
    if (!props.value.includes(id)) props.onChange([...props.value, id]);
    setSearch('');
  }

  function choose(option: string) {
    if (option === CREATE) commitTyped();
    else add(Number(option));
  }

  function commitTyped() {
    if (!typed) return;
    if (exact) return add(exact.id);
    if (!canCreate || create.isPending) return;
    create.mutate({ name: typed }, { onSuccess: (term) => add(term.id) });
  }

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key === 'Enter' && combobox.getSelectedOptionIndex() === -1) {
      event.preventDefault();
      commitTyped();
    }
    if (event.key === 'Backspace' && search.length === 0 && props.value.length > 0) {
      event.preventDefault();
      props.onChange(props.value.slice(0, -1));
    }
  }

  return (
    <Combobox store={combobox} onOptionSubmit={choose}>
      <Combobox.DropdownTarget>
        <PillsInput
          label={props.labels.plural}
          description={canCreate ? t('taxonomies.tagsHelp') : t('taxonomies.tagsHelpExisting')}
          error={create.error ? toApiError(create.error).message : undefined}
          onClick={() => combobox.openDropdown()}
        >
          <Pill.Group>
            {chosen.map((term) => (
              <Pill
                key={term.id}
                withRemoveButton
                onRemove={() => props.onChange(props.value.filter((id) => id !== term.id))}
                // Mantine hides the cross from the keyboard; here each pill can be removed by Tab and Enter.
                removeButtonProps={{
                  tabIndex: 0,
                  'aria-hidden': false,
                  'aria-label': t('taxonomies.removeTerm', { name: term.name }),
                }}
              >
                {term.name}
              </Pill>
            ))}
            <Combobox.EventsTarget>
              <PillsInput.Field
                value={search}
                placeholder={t('taxonomies.tagsPlaceholder')}
                onFocus={() => combobox.openDropdown()}
                onBlur={() => combobox.closeDropdown()}
                onChange={(event) => {
                  combobox.openDropdown();
                  combobox.updateSelectedOptionIndex();
                  setSearch(event.currentTarget.value);
                }}
                onKeyDown={onKeyDown}
              />
            </Combobox.EventsTarget>
          </Pill.Group>
        </PillsInput>
      </Combobox.DropdownTarget>
      <Combobox.Dropdown hidden={suggestions.length === 0 && !typed}>
        <Combobox.Options>
          {suggestions.map((term) => (
            <Combobox.Option value={String(term.id)} key={term.id}>
              {term.name}
            </Combobox.Option>
          ))}
          {typed && !exact && canCreate ? (
            <Combobox.Option value={CREATE}>{t('taxonomies.createTerm', { name: typed })}</Combobox.Option>
          ) : null}
          {typed && suggestions.length === 0 && (exact || !canCreate) ? (
            <Combobox.Empty>
              {exact
                ? t('taxonomies.alreadyChosen', { name: exact.name })
                : t('taxonomies.noMatch', { q: typed })}
            </Combobox.Empty>
          ) : null}
        </Combobox.Options>
      </Combobox.Dropdown>
    </Combobox>
  );
}
