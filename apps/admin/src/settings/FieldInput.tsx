import {
  Button,
  ColorInput,
  Group,
  NumberInput,
  PasswordInput,
  Select,
  Stack,
  Switch,
  TagsInput,
  Text,
  Textarea,
  TextInput,
} from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api, page } from '../api.js';
import { MediaField } from '../content/editor/MediaField.js';
import { useCan } from '../session.js';
import { useSite } from '../site.js';
import { BYTES_PER_MB, type FieldSpec, type Words } from './form-fields.js';

export interface FieldInputProps {
  spec: FieldSpec;
  value: unknown;
  /** What the server answered for the key: a secret's `{ set }` to fall back to. */
  saved: unknown;
  /** The group's values as edited: choices of one key may come from another (default_locale). */
  values: Record<string, unknown>;
  error: string | undefined;
  disabled: boolean;
  description: ReactNode;
  onChange: (value: unknown) => void;
}

/** Every time zone the browser knows, UTC first (some browsers list it under Etc only). */
const TIME_ZONES = (() => {
  const zones = Intl.supportedValuesOf('timeZone');
  return zones.includes('UTC') ? zones : ['UTC', ...zones];
})();

/** A number from what NumberInput gives: '' (emptied) is null, which the server refuses by name. */
function numberOf(value: number | string): number | string | null {
  if (typeof value === 'number') return value;
  if (value.trim() === '') return null;
  return Number.isFinite(Number(value)) ? Number(value) : value;
}

/** Says a field's words: the admin's translation when it has one, else the schema's own text. */
export function useWords(): (words: Words | undefined) => string | undefined {
  const { t, i18n } = useTranslation();
  return (words) => (words?.key && i18n.exists(words.key) ? t(words.key) : words?.text);
}

/** The input a setting gets, by what it holds; labels, help and the server's message around it. */
export function FieldInput(props: FieldInputProps) {
  const { t } = useTranslation();
  const say = useWords();
  const { spec, value, disabled, onChange } = props;
  const label = say(spec.label) ?? spec.path;
  const common = { label, description: props.description, error: props.error, disabled };
  const input = spec.input;
  switch (input.kind) {
    case 'text': {
      // A key that takes null is emptied to null: its schema may refuse the empty string.
      const text = (next: string) => onChange(next === '' && input.nullable ? null : next);
      return input.multiline ? (
        <Textarea
          {...common}
          autosize
          minRows={2}
          maxLength={input.maxLength}
          value={typeof value === 'string' ? value : ''}
          onChange={(event) => text(event.currentTarget.value)}
        />
      ) : (
        <TextInput
          {...common}
          maxLength={input.maxLength}
          value={typeof value === 'string' ? value : ''}
          onChange={(event) => text(event.currentTarget.value)}
        />
      );
    }
    case 'timeZone': {
      const current = typeof value === 'string' ? value : '';
      return (
        <Select
          {...common}
          searchable
          allowDeselect={false}
          maxDropdownHeight={280}
          nothingFoundMessage={t('settings.noTimeZone')}
          data={current && !TIME_ZONES.includes(current) ? [current, ...TIME_ZONES] : TIME_ZONES}
          value={current || null}
          onChange={(zone) => onChange(zone ?? '')}
        />
      );
    }
    case 'number':
      return (
        <NumberInput
          {...common}
          min={input.min}
          max={input.max}
          step={input.step}
          allowDecimal={input.decimals}
          // Out of bounds is the server's to refuse by name, never silently changed here.
          clampBehavior="none"
          value={typeof value === 'number' || typeof value === 'string' ? value : ''}
          onChange={(next) => onChange(numberOf(next))}
        />
      );
    case 'megabytes':
      return (
        <NumberInput
          {...common}
          min={input.min === undefined ? 0 : input.min / BYTES_PER_MB}
          max={input.max === undefined ? undefined : input.max / BYTES_PER_MB}
          decimalScale={2}
          suffix=" MB"
          clampBehavior="none"
          value={typeof value === 'number' ? Math.round((value / BYTES_PER_MB) * 100) / 100 : ''}
          onChange={(next) => {
            const megabytes = numberOf(next);
            onChange(typeof megabytes === 'number' ? Math.round(megabytes * BYTES_PER_MB) : megabytes);
          }}
        />
      );
    case 'switch':
      return (
        <Switch
          {...common}
          checked={value === true}
          onChange={(event) => onChange(event.currentTarget.checked)}
        />
      );
    case 'select': {
      const current = typeof value === 'string' ? value : null;
      const options = input.options.map((option) => ({
        value: option.value,
        label: say(option.label) ?? option.value,
      }));
      if (current && !options.some((option) => option.value === current))
        options.push({ value: current, label: current });
      return <Select {...common} allowDeselect={false} data={options} value={current} onChange={onChange} />;
    }
    case 'locale':
      return <LocaleSelect {...props} common={common} />;
    case 'tags':
    case 'integers': {
      const items = Array.isArray(value) ? value.map(String) : [];
      return (
        <TagsInput
          {...common}
          splitChars={[',', ' ']}
          value={items}
          onChange={(next) =>
            onChange(
              input.kind === 'integers'
                ? next.map((item) => (/^-?\d+$/.test(item.trim()) ? Number(item) : item))
                : next,
            )
          }
        />
      );
    }
    case 'page':
      return <PageSelect {...props} common={common} />;
    case 'image':
      return (
        <MediaField
          label={label}
          description={common.description}
          {...(common.error ? { error: common.error } : {})}
          required={false}
          ids={typeof value === 'number' ? [value] : []}
          multiple={false}
          kinds={['image']}
          disabled={common.disabled}
          onChange={(ids) => onChange(ids[0] ?? null)}
        />
      );
    case 'secret':
      return <SecretInput {...props} label={label} />;
    case 'color':
      return (
        <ColorInput
          {...common}
          format="hex"
          withEyeDropper={false}
          placeholder="#rrggbb"
          value={typeof value === 'string' ? value : ''}
          onChange={(next) => onChange(next === '' && input.nullable ? null : next)}
        />
      );
    case 'json':
      return <JsonField {...props} common={common} />;
  }
}

type Common = { label: string; description: ReactNode; error: string | undefined; disabled: boolean };

/**
 * One of the site's languages: those the form lists in its enabled_locales as they are being edited
 * (the general group), else the site's own.
 */
function LocaleSelect(props: FieldInputProps & { common: Common }) {
  const site = useSite().data;
  const edited = props.values.enabled_locales;
  const languages = Array.isArray(edited)
    ? edited.filter((each): each is string => typeof each === 'string')
    : (site?.locales ?? []);
  const current = typeof props.value === 'string' ? props.value : null;
  return (
    <Select
      {...props.common}
      allowDeselect={false}
      data={current && !languages.includes(current) ? [current, ...languages] : languages}
      value={current}
      onChange={props.onChange}
    />
  );
}

/** The home page: a published page by its title (or its id, for those who may not list pages). */
function PageSelect(props: FieldInputProps & { common: Common }) {
  const { t } = useTranslation();
  const can = useCan();
  const allowed = can('pages.view');
  const pages = useQuery({
    queryKey: ['settings', 'pages'],
    queryFn: () =>
      page(
        api.GET('/api/content/{type}', {
          params: {
            path: { type: 'page' },
            query: { status: 'published', sort: 'title', order: 'asc', page: 1, limit: 100 },
          },
        }),
      ),
    enabled: allowed,
  });
  const current = typeof props.value === 'number' ? String(props.value) : null;
  if (!allowed)
    return (
      <NumberInput
        {...props.common}
        min={1}
        allowDecimal={false}
        value={current ?? ''}
        onChange={(next) => props.onChange(numberOf(next))}
      />
    );
  const options = (pages.data?.items ?? []).map((entry) => ({
    value: String(entry.id),
    label: entry.title || `#${entry.id}`,
  }));
  if (current && !options.some((option) => option.value === current))
    options.unshift({ value: current, label: `#${current}` });
  return (
    <Select
      {...props.common}
      searchable
      clearable
      data={options}
      value={current}
      nothingFoundMessage={pages.isPending ? t('app.loading') : t('settings.noPage')}
      onChange={(id) => props.onChange(id === null ? null : Number(id))}
    />
  );
}

/** A write-only key: whether it is set, a new value to type, or removed at the next save. */
function SecretInput(props: FieldInputProps & { label: string }) {
  const { t } = useTranslation();
  const wasSet = (props.saved as { set?: boolean } | null)?.set === true;
  const state =
    props.value === null
      ? t('settings.secretCleared')
      : wasSet
        ? t('settings.secretSet')
        : t('settings.secretUnset');
  return (
    <Stack gap={4}>
      <Group align="flex-end" wrap="nowrap">
        <PasswordInput
          style={{ flex: 1 }}
          label={props.label}
          description={props.description}
          error={props.error}
          disabled={props.disabled}
          autoComplete="off"
          value={typeof props.value === 'string' ? props.value : ''}
          onChange={(event) => {
            const text = event.currentTarget.value;
            props.onChange(text === '' ? props.saved : text);
          }}
        />
        {wasSet && props.value !== null ? (
          <Button
            variant="subtle"
            color="red"
            disabled={props.disabled}
            onClick={() => props.onChange(null)}
            aria-label={t('settings.secretClearLabel', { name: props.label })}
          >
            {t('settings.secretClear')}
          </Button>
        ) : null}
      </Group>
      <Text size="sm" c="dimmed">
        {state}
      </Text>
    </Stack>
  );
}

/** A value of a shape nobody described (a plugin's object), edited as JSON. */
function JsonField(props: FieldInputProps & { common: Common }) {
  const { t } = useTranslation();
  const [text, setText] = useState(() => JSON.stringify(props.value, null, 2));
  const [invalid, setInvalid] = useState(false);
  return (
    <Textarea
      {...props.common}
      error={props.common.error ?? (invalid ? t('settings.invalidJson') : undefined)}
      autosize
      minRows={3}
      ff="monospace"
      value={text}
      onChange={(event) => {
        const next = event.currentTarget.value;
        setText(next);
        try {
          props.onChange(JSON.parse(next));
          setInvalid(false);
        } catch {
          setInvalid(true);
        }
      }}
    />
  );
}
