import { Select } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { api, data } from '../api.js';

/**
 * The synced pattern a pattern block shows (`pattern_id`): chosen by name among the site's synced
 * patterns (GET /api/patterns), not typed as a number.
 */
export function PatternField(props: {
  label: string;
  description?: string | undefined;
  error?: string | undefined;
  required: boolean;
  value: unknown;
  onChange: (id: number) => void;
}) {
  const { t } = useTranslation();
  const patterns = useQuery({
    queryKey: ['patterns'],
    queryFn: () => data(api.GET('/api/patterns')),
    staleTime: 60_000,
  });
  const id = typeof props.value === 'number' ? props.value : null;
  const options = (patterns.data ?? [])
    .filter((pattern) => pattern.synced)
    .map((pattern) => ({ value: String(pattern.id), label: pattern.name }));
  if (id !== null && patterns.data && !options.some((option) => option.value === String(id)))
    options.unshift({ value: String(id), label: t('builder.pattern.missing', { id }) });
  const empty = patterns.data && options.length === 0;
  return (
    <Select
      label={props.label}
      description={empty ? t('builder.pattern.none') : props.description}
      error={props.error ?? (patterns.error ? t('builder.pattern.failed') : undefined)}
      required={props.required}
      placeholder={patterns.isPending ? t('app.loading') : undefined}
      data={options}
      value={id === null ? null : String(id)}
      allowDeselect={false}
      searchable={options.length > 10}
      onChange={(next) => {
        if (next) props.onChange(Number(next));
      }}
    />
  );
}
