import { Checkbox, ColorInput, MultiSelect, NumberInput, Select, Textarea, TextInput } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSite } from '../site.js';
import { fromWallClock, toWallClock } from '../zoned.js';
import type { FieldDraft } from './model.js';

const asText = (value: unknown): string => (typeof value === 'string' ? value : '');
/** An emptied input: no default (rather than an empty one, which the server would check). */
const orNone = (value: string): string | undefined => (value === '' ? undefined : value);

/** A field's default value, typed as its entries' values are: text, a number, a choice, a day... */
export function DefaultInput(props: {
  field: FieldDraft;
  error: string | undefined;
  onChange: (value: unknown) => void;
}) {
  const { t } = useTranslation();
  const zone = useSite().data?.time_zone ?? 'UTC';
  const { field, error, onChange } = props;
  const common = { label: t('contentTypes.default'), description: t('contentTypes.defaultHelp'), error };
  const choices = field.choices
    .filter((choice) => choice.value !== '')
    .map((choice) => ({ value: choice.value, label: choice.label || choice.value }));
  const unique = choices.filter(
    (choice, index) => choices.findIndex((c) => c.value === choice.value) === index,
  );

  switch (field.type) {
    case 'text':
    case 'email':
    case 'url':
      return (
        <TextInput
          {...common}
          type={field.type === 'text' ? 'text' : field.type}
          value={asText(field.default)}
          onChange={(event) => onChange(orNone(event.currentTarget.value))}
        />
      );
    case 'textarea':
    case 'richtext':
      return (
        <Textarea
          {...common}
          label={field.type === 'richtext' ? t('contentTypes.defaultHtml') : common.label}
          autosize
          minRows={2}
          value={asText(field.default)}
          onChange={(event) => onChange(orNone(event.currentTarget.value))}
        />
      );
    case 'number':
      return (
        <NumberInput
          {...common}
          value={typeof field.default === 'number' ? field.default : ''}
          onChange={(value) => onChange(typeof value === 'number' ? value : undefined)}
          maw={240}
        />
      );
    case 'select':
      return field.multiple ? (
        <MultiSelect
          {...common}
          data={unique}
          value={Array.isArray(field.default) ? (field.default as string[]) : []}
          onChange={(values) => onChange(values.length > 0 ? values : undefined)}
        />
      ) : (
        <Select
          {...common}
          data={unique}
          clearable
          value={asText(field.default) || null}
          onChange={(value) => onChange(value ?? undefined)}
        />
      );
    case 'radio':
      return (
        <Select
          {...common}
          data={unique}
          clearable
          value={asText(field.default) || null}
          onChange={(value) => onChange(value ?? undefined)}
        />
      );
    case 'checkbox':
      return (
        <Checkbox
          label={t('contentTypes.defaultTicked')}
          checked={field.default === true}
          onChange={(event) => onChange(event.currentTarget.checked ? true : undefined)}
          error={error}
        />
      );
    case 'date':
      return (
        <TextInput
          {...common}
          type="date"
          value={asText(field.default)}
          onChange={(event) => onChange(orNone(event.currentTarget.value))}
          maw={240}
        />
      );
    case 'datetime':
      return (
        <TextInput
          {...common}
          type="datetime-local"
          description={`${common.description} ${t('contentTypes.inZone', { zone })}`}
          value={toWallClock(asText(field.default), zone)}
          onChange={(event) => onChange(fromWallClock(event.currentTarget.value, zone) ?? undefined)}
          maw={320}
        />
      );
    case 'color':
      return (
        <ColorInput
          {...common}
          format="hex"
          fixOnBlur={false}
          eyeDropperButtonProps={{
            'aria-label': t('contentTypes.pickColour', { name: field.label || t('contentTypes.untitled') }),
          }}
          value={asText(field.default)}
          onChange={(value) => onChange(orNone(value))}
          maw={240}
        />
      );
    case 'json':
      return <JsonDefault value={field.default} error={error} onChange={onChange} />;
    default:
      return null;
  }
}

/** JSON typed as text: the default changes once the text parses; until then, says it does not. */
function JsonDefault(props: {
  value: unknown;
  error: string | undefined;
  onChange: (value: unknown) => void;
}) {
  const { t } = useTranslation();
  const [text, setText] = useState(() =>
    props.value === undefined ? '' : JSON.stringify(props.value, null, 2),
  );
  const [bad, setBad] = useState(false);
  return (
    <Textarea
      label={t('contentTypes.default')}
      description={t('contentTypes.defaultHelp')}
      autosize
      minRows={2}
      value={text}
      onChange={(event) => {
        const next = event.currentTarget.value;
        setText(next);
        if (next.trim() === '') {
          setBad(false);
          props.onChange(undefined);
          return;
        }
        try {
          props.onChange(JSON.parse(next));
          setBad(false);
        } catch {
          setBad(true);
        }
      }}
      error={bad ? t('contentTypes.badJson') : props.error}
      styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)' } }}
    />
  );
}
