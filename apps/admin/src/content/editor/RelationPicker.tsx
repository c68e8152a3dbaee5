import {
  ActionIcon,
  Badge,
  Combobox,
  Group,
  Input,
  Stack,
  Text,
  TextInput,
  useCombobox,
  VisuallyHidden,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api, data, page } from '../../api.js';

/**
 * A relation field: the related entries by title, and a search over the target type's entries to
 * add one (replace it, for a relation to one). Ids the caller cannot see show as their number.
 */
export function RelationPicker(props: {
  label: string;
  description?: string;
  required: boolean;
  error?: string;
  target: string;
  many: boolean;
  ids: number[];
  onChange: (ids: number[]) => void;
  /** Inside a panel titled with the same words: the label is for assistive technology only. */
  labelHidden?: boolean;
}) {
  const { t } = useTranslation();
  const { target, ids, many, onChange } = props;
  const [search, setSearch] = useState('');
  const [q] = useDebouncedValue(search.trim(), 250);
  const combobox = useCombobox({ onDropdownClose: () => combobox.resetSelectedOption() });
  const found = useQuery({
    queryKey: ['relation-search', target, q],
    queryFn: () =>
      page(
        api.GET('/api/content/{type}', {
          params: { path: { type: target }, query: { limit: 10, page: 1, ...(q ? { q } : {}) } },
        }),
      ),
    enabled: combobox.dropdownOpened,
    // While the next words' answer comes, the last answer stays: the list does not flash "Loading"
    // under the pointer at each pause in typing.
    placeholderData: keepPreviousData,
  });
  const chosen = useQuery({
    queryKey: ['relation-titles', target, ids],
    queryFn: async () =>
      Promise.all(
        ids.map((id) =>
          data(api.GET('/api/content/{type}/{id}', { params: { path: { type: target, id } } })).catch(() => ({
            id,
            title: `#${id}`,
            status: '',
          })),
        ),
      ),
    enabled: ids.length > 0,
  });
  const titleOf = new Map((chosen.data ?? []).map((entry) => [entry.id, entry.title]));
  const options = (found.data?.items ?? []).filter((entry) => !ids.includes(entry.id));

  return (
    <Input.Wrapper
      label={props.labelHidden ? <VisuallyHidden>{props.label}</VisuallyHidden> : props.label}
      description={props.description}
      required={props.required}
      error={props.error}
    >
      <Stack gap="xs" mt={4}>
        {ids.length > 0 ? (
          <Group gap="xs">
            {ids.map((id) => (
              <Badge
                key={id}
                variant="outline"
                size="lg"
                tt="none"
                rightSection={
                  <ActionIcon
                    size="xs"
                    variant="transparent"
                    aria-label={t('editor.removeRelated', { title: titleOf.get(id) ?? `#${id}` })}
                    onClick={() => onChange(ids.filter((other) => other !== id))}
                  >
                    ×
                  </ActionIcon>
                }
              >
                {titleOf.get(id) ?? `#${id}`}
              </Badge>
            ))}
          </Group>
        ) : null}
        <Combobox
          store={combobox}
          onOptionSubmit={(value) => {
            const id = Number(value);
            onChange(many ? [...ids, id] : [id]);
            setSearch('');
            combobox.closeDropdown();
          }}
        >
          <Combobox.Target>
            <TextInput
              aria-label={t('editor.searchRelated', { label: props.label })}
              placeholder={t('editor.searchRelated', { label: props.label })}
              value={search}
              onChange={(e) => {
                setSearch(e.currentTarget.value);
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
                <Combobox.Empty>{t('editor.nothingFound')}</Combobox.Empty>
              ) : (
                options.map((entry) => (
                  <Combobox.Option key={entry.id} value={String(entry.id)}>
                    <Group justify="space-between" wrap="nowrap">
                      <Text size="sm">{entry.title}</Text>
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
    </Input.Wrapper>
  );
}
