import { Select } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';

/** One choice a plugin's route offers for a prop of its block. */
interface RemoteOption {
  value: string | number;
  label: string;
}

async function optionsAt(url: string): Promise<RemoteOption[]> {
  const response = await fetch(url, { credentials: 'same-origin', headers: { accept: 'application/json' } });
  if (!response.ok) throw new Error(`${url} answered ${response.status}`);
  const body = (await response.json()) as { data?: unknown };
  if (!Array.isArray(body.data)) throw new Error(`${url} answered no list`);
  return body.data.filter(
    (option): option is RemoteOption =>
      typeof option?.label === 'string' &&
      (typeof option.value === 'string' || typeof option.value === 'number'),
  );
}

/**
 * A prop of a plugin's block chosen among the plugin's own records (a form of the forms plugin):
 * the choices come from the plugin's route its schema names (`x-options`), shown by label. A value
 * no longer offered (the record deleted) is shown as such, so the editor sees what to change.
 */
export function RemoteChoiceField(props: {
  url: string;
  integer: boolean;
  label: string;
  description?: string | undefined;
  error?: string | undefined;
  required: boolean;
  clearable: boolean;
  value: unknown;
  onChange: (value: string | number | null) => void;
}) {
  const { t } = useTranslation();
  const choices = useQuery({
    queryKey: ['builder', 'choices', props.url],
    queryFn: () => optionsAt(props.url),
  });
  const current =
    typeof props.value === 'number' || typeof props.value === 'string' ? String(props.value) : null;
  const options = (choices.data ?? []).map((option) => ({
    value: String(option.value),
    label: option.label,
  }));
  if (current !== null && choices.data && !options.some((option) => option.value === current))
    options.unshift({ value: current, label: t('builder.remote.missing', { value: current }) });
  const empty = choices.data && options.length === 0;
  return (
    <Select
      label={props.label}
      description={empty ? t('builder.remote.none') : props.description}
      error={props.error ?? (choices.error ? t('builder.remote.failed') : undefined)}
      required={props.required}
      placeholder={choices.isPending ? t('app.loading') : undefined}
      data={options}
      value={current}
      clearable={props.clearable}
      searchable={options.length > 10}
      onChange={(next) => props.onChange(next === null ? null : props.integer ? Number(next) : next)}
    />
  );
}
