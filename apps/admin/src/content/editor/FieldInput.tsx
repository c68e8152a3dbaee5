import {
  Checkbox,
  ColorInput,
  Group,
  MultiSelect,
  NumberInput,
  Radio,
  Select,
  Stack,
  Textarea,
  TextInput,
} from '@mantine/core';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSite } from '../../site.js';
import { fromWallClock, toWallClock } from '../../zoned.js';
import { builtinWord } from '../builtin-words.js';
import { MediaField } from './MediaField.js';
import type { FieldDefinition } from './model.js';
import { RelationPicker } from './RelationPicker.js';
import { RepeaterInput } from './RepeaterInput.js';

// Tiptap is the heaviest part of the editor: loaded only by types that have a richtext field.
const RichTextInput = lazy(() => import('./RichTextInput.js').then((m) => ({ default: m.RichTextInput })));

export interface FieldInputProps {
  field: FieldDefinition;
  value: unknown;
  onChange: (value: unknown) => void;
  /** The value's path in the server's 422 messages: `fields.price`, `fields.stops[1].name`. */
  path: string;
  errors: Record<string, string>;
}

const asString = (value: unknown) => (typeof value === 'string' ? value : '');
const asList = (value: unknown): unknown[] => (Array.isArray(value) ? value : value == null ? [] : [value]);
const asIds = (value: unknown) => asList(value).filter((id): id is number => typeof id === 'number');

/** One field of a content type with the input its type calls for (spec 2.2's 17 types). */
export function FieldInput({ field, value, onChange, path, errors }: FieldInputProps) {
  const { t } = useTranslation();
  const zone = useSite().data?.time_zone ?? 'UTC';
  const common = {
    label: builtinWord(t, field.label),
    description: builtinWord(t, field.help_text),
    required: field.required ?? false,
    error: errors[path],
  };
  const text = (next: string) => onChange(next === '' ? null : next);
  const bound = (limit: unknown) => (typeof limit === 'number' ? limit : undefined);
  const choices = (field.choices ?? []).map((choice) => ({ value: choice.value, label: choice.label }));

  switch (field.type) {
    case 'text':
      return (
        <TextInput
          {...common}
          value={asString(value)}
          maxLength={field.max_length}
          onChange={(e) => text(e.currentTarget.value)}
        />
      );
    case 'email':
    case 'url':
      return (
        <TextInput
          {...common}
          type={field.type}
          value={asString(value)}
          maxLength={field.max_length}
          placeholder={field.type === 'url' ? 'https://' : undefined}
          onChange={(e) => text(e.currentTarget.value)}
        />
      );
    case 'textarea':
      return (
        <Textarea
          {...common}
          autosize
          minRows={3}
          value={asString(value)}
          maxLength={field.max_length}
          onChange={(e) => text(e.currentTarget.value)}
        />
      );
    case 'richtext':
      return (
        <Suspense fallback={<Textarea {...common} disabled value="" placeholder={t('app.loading')} />}>
          <RichTextInput {...common} images value={asString(value)} onChange={(html) => text(html)} />
        </Suspense>
      );
    case 'number':
      return (
        <NumberInput
          {...common}
          value={typeof value === 'number' ? value : ''}
          min={bound(field.min)}
          max={bound(field.max)}
          // The server says what is out of bounds, beside the field; a silent clamp would hide it.
          clampBehavior="none"
          allowDecimal={!field.integer && field.decimals !== 0}
          decimalScale={field.decimals}
          onChange={(next) => onChange(typeof next === 'number' ? next : next === '' ? null : Number(next))}
        />
      );
    case 'select':
      return field.multiple ? (
        <MultiSelect
          {...common}
          data={choices}
          value={asList(value).filter((v): v is string => typeof v === 'string')}
          searchable
          onChange={(next) => onChange(next)}
        />
      ) : (
        <Select
          {...common}
          data={choices}
          value={asString(value) || null}
          clearable={!field.required}
          searchable={choices.length > 10}
          onChange={(next) => onChange(next)}
        />
      );
    case 'radio':
      return (
        <Radio.Group {...common} value={asString(value)} onChange={(next) => onChange(next)}>
          <Group mt="xs">
            {choices.map((choice) => (
              <Radio key={choice.value} value={choice.value} label={choice.label} />
            ))}
          </Group>
        </Radio.Group>
      );
    case 'checkbox':
      return (
        <Checkbox
          label={field.label}
          description={field.help_text}
          error={errors[path]}
          checked={value === true}
          onChange={(e) => onChange(e.currentTarget.checked)}
        />
      );
    case 'date':
      return (
        <TextInput
          {...common}
          type="date"
          value={asString(value)}
          min={typeof field.min === 'string' ? field.min : undefined}
          max={typeof field.max === 'string' ? field.max : undefined}
          onChange={(e) => text(e.currentTarget.value)}
        />
      );
    case 'datetime':
      return (
        <TextInput
          {...common}
          type="datetime-local"
          description={[field.help_text, t('editor.inZone', { zone })].filter(Boolean).join(' · ')}
          value={toWallClock(asString(value), zone)}
          onChange={(e) => onChange(fromWallClock(e.currentTarget.value, zone))}
        />
      );
    case 'color':
      return (
        <ColorInput
          {...common}
          format="hex"
          // Mantine's fix-on-blur can put back a stale value when focus leaves right after a paste;
          // what is typed stays, and the server says when it is not a colour.
          fixOnBlur={false}
          eyeDropperButtonProps={{ 'aria-label': t('editor.pickColour', { label: field.label }) }}
          value={asString(value)}
          onChange={(next) => text(next)}
        />
      );
    case 'file':
    case 'image':
      return (
        <MediaField
          {...common}
          ids={asIds(value)}
          multiple={field.multiple ?? false}
          kinds={field.type === 'image' ? ['image'] : field.mime_groups}
          onChange={(ids) => onChange(field.multiple ? ids : (ids[0] ?? null))}
        />
      );
    case 'relation':
      return (
        <RelationPicker
          {...common}
          target={field.target_type ?? ''}
          many={field.cardinality === 'many'}
          ids={asIds(value)}
          onChange={(ids) => onChange(field.cardinality === 'many' ? ids : (ids[0] ?? null))}
        />
      );
    case 'repeater':
      return (
        <RepeaterInput field={field} value={asList(value)} onChange={onChange} path={path} errors={errors} />
      );
    case 'json':
      return <JsonInput {...common} value={value} onChange={onChange} />;
  }
}

/**
 * JSON typed as text: the value changes only when the text parses; until then the text is kept
 * and the parse error shown beside it.
 */
function JsonInput(props: {
  label: string;
  description?: string;
  required: boolean;
  error?: string;
  value: unknown;
  onChange: (value: unknown) => void;
}) {
  const { t } = useTranslation();
  const [source, setSource] = useState(() =>
    props.value === undefined || props.value === null ? '' : JSON.stringify(props.value, null, 2),
  );
  const [invalid, setInvalid] = useState(false);
  return (
    <Stack gap={4}>
      <Textarea
        label={props.label}
        description={props.description}
        required={props.required}
        error={invalid ? t('editor.invalidJson') : props.error}
        autosize
        minRows={4}
        ff="monospace"
        value={source}
        onChange={(e) => {
          const next = e.currentTarget.value;
          setSource(next);
          if (next.trim() === '') {
            setInvalid(false);
            props.onChange(null);
            return;
          }
          try {
            props.onChange(JSON.parse(next));
            setInvalid(false);
          } catch {
            setInvalid(true);
          }
        }}
      />
    </Stack>
  );
}
