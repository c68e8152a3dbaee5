import { Autocomplete, Button, Collapse, Group, Select, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSite } from '../site.js';
import {
  activeFilters,
  type LibraryFilterValues,
  NO_FILTERS,
  narrowingOf,
  STORED_TYPES,
  type Usage,
} from './library-filters.js';
import { useUploaders } from './queries.js';

/**
 * The library's filters beyond words, kind and folder (spec 4.2): upload dates, MIME type,
 * uploader, whether used anywhere, and a folder's subfolders. `onChange` is told of every change
 * (the list goes back to its first page).
 */
export function useLibraryFilters(onChange: () => void) {
  const [values, setValues] = useState<LibraryFilterValues>(NO_FILTERS);
  // Typed letter by letter: the list follows once the typing pauses.
  const [mime] = useDebouncedValue(values.mime, 300);
  const zone = useSite().data?.time_zone ?? Intl.DateTimeFormat().resolvedOptions().timeZone;
  const { narrowing, problems } = useMemo(() => narrowingOf({ ...values, mime }, zone), [values, mime, zone]);
  return {
    values,
    narrowing,
    problems,
    active: activeFilters(values),
    set: (patch: Partial<LibraryFilterValues>) => {
      setValues((now) => ({ ...now, ...patch }));
      onChange();
    },
    clear: () => {
      setValues((now) => ({ ...NO_FILTERS, subfolders: now.subfolders }));
      onChange();
    },
  };
}

export type LibraryFilters = ReturnType<typeof useLibraryFilters>;

/** The button that shows and hides the further filters, saying how many are set. */
export function MoreFiltersButton(props: { filters: LibraryFilters; opened: boolean; onToggle: () => void }) {
  const { t } = useTranslation();
  const { active } = props.filters;
  return (
    <Button
      variant={active > 0 ? 'light' : 'default'}
      aria-expanded={props.opened}
      aria-controls="media-more-filters"
      onClick={props.onToggle}
    >
      {active > 0 ? t('media.filters.moreCount', { count: active }) : t('media.filters.more')}
    </Button>
  );
}

const half = { base: 'calc(50% - var(--mantine-spacing-sm) / 2)', xs: 170 };

/** Dates, MIME type, uploader and usage; a value the server would refuse says why beside it. */
export function MoreFilters({ filters, opened }: { filters: LibraryFilters; opened: boolean }) {
  const { t } = useTranslation();
  const people = useUploaders();
  const { values, problems } = filters;
  const uploaders = [
    { value: 'all', label: t('media.filters.anyone') },
    { value: String(people.me.id), label: t('media.filters.me', { name: people.me.display_name }) },
    ...people.others.map((user) => ({ value: String(user.id), label: user.display_name })),
  ];
  const usages: { value: Usage; label: string }[] = [
    { value: 'any', label: t('media.filters.usageAny') },
    { value: 'unused', label: t('media.filters.unused') },
    { value: 'used', label: t('media.filters.used') },
  ];
  return (
    <Collapse expanded={opened} id="media-more-filters" keepMounted={false}>
      <Group align="flex-start" gap="sm">
        <TextInput
          type="date"
          label={t('media.filters.from')}
          value={values.from}
          max={values.to || undefined}
          onChange={(event) => filters.set({ from: event.currentTarget.value })}
          w={half}
        />
        <TextInput
          type="date"
          label={t('media.filters.to')}
          value={values.to}
          min={values.from || undefined}
          onChange={(event) => filters.set({ to: event.currentTarget.value })}
          error={problems.to ? t(`media.filters.${problems.to}`) : undefined}
          w={half}
        />
        <Autocomplete
          label={t('media.filters.mime')}
          description={t('media.filters.mimeHelp')}
          data={STORED_TYPES}
          value={values.mime}
          onChange={(mime) => filters.set({ mime })}
          error={problems.mime ? t(`media.filters.${problems.mime}`) : undefined}
          maxLength={100}
          spellCheck={false}
          autoCapitalize="none"
          w={{ base: '100%', xs: 220 }}
        />
        <Select
          label={t('media.filters.uploader')}
          data={uploaders}
          value={values.uploader === null ? 'all' : String(values.uploader)}
          onChange={(value) => filters.set({ uploader: value && value !== 'all' ? Number(value) : null })}
          searchable={uploaders.length > 8}
          allowDeselect={false}
          w={half}
        />
        <Select
          label={t('media.filters.usage')}
          data={usages}
          value={values.usage}
          onChange={(value) => filters.set({ usage: (value as Usage | null) ?? 'any' })}
          allowDeselect={false}
          w={half}
        />
      </Group>
      {filters.active > 0 ? (
        <Group mt="sm">
          <Button variant="subtle" onClick={filters.clear}>
            {t('media.filters.clear')}
          </Button>
        </Group>
      ) : null}
    </Collapse>
  );
}
