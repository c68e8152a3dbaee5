import { Checkbox, Group, NumberInput, Radio, Select, SimpleGrid, Stack, TextInput } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useSite } from '../site.js';
import { fromWallClock, toWallClock } from '../zoned.js';
import { ChoicesEditor } from './ChoicesEditor.js';
import { optionError } from './field-errors.js';
import {
  type FieldDraft,
  type ContentType as ListedType,
  MIME_GROUPS,
  type MimeGroup,
  OPTIONS_OF,
  takesItemCounts,
} from './model.js';

/** A number input's value as an option: unset when emptied. */
const asNumber = (value: number | string): number | undefined =>
  typeof value === 'number' ? value : undefined;
const asText = (value: unknown): string => (typeof value === 'string' ? value : '');

/** The options a field's type takes (the server's OPTIONS_OF), each with the input its value calls for. */
export function TypeOptions(props: {
  field: FieldDraft;
  errors: Record<string, string>;
  types: readonly ListedType[];
  onChange: (patch: Partial<FieldDraft>) => void;
}) {
  const { t } = useTranslation();
  const zone = useSite().data?.time_zone ?? 'UTC';
  const { field, errors, onChange } = props;
  const takes = new Set(OPTIONS_OF[field.type]);
  const error = (option: string) => optionError(errors, option);
  const parts: ReactNode[] = [];

  if (takes.has('min_length') || takes.has('max_length'))
    parts.push(
      <SimpleGrid key="length" cols={{ base: 1, xs: 2 }}>
        {takes.has('min_length') ? (
          <NumberInput
            label={t('contentTypes.minLength')}
            min={0}
            allowDecimal={false}
            allowNegative={false}
            value={field.min_length ?? ''}
            onChange={(value) => onChange({ min_length: asNumber(value) })}
            error={error('min_length')}
          />
        ) : null}
        <NumberInput
          label={t('contentTypes.maxLength')}
          min={1}
          allowDecimal={false}
          allowNegative={false}
          value={field.max_length ?? ''}
          onChange={(value) => onChange({ max_length: asNumber(value) })}
          error={error('max_length')}
        />
      </SimpleGrid>,
    );
  if (takes.has('pattern'))
    parts.push(
      <TextInput
        key="pattern"
        label={t('contentTypes.pattern')}
        description={t('contentTypes.patternHelp')}
        maxLength={200}
        value={field.pattern}
        onChange={(event) => onChange({ pattern: event.currentTarget.value })}
        error={error('pattern')}
        styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)' } }}
      />,
    );
  if (takes.has('integer'))
    parts.push(
      <Group key="number" align="flex-end" gap="md">
        <Checkbox
          label={t('contentTypes.integer')}
          checked={field.integer}
          onChange={(event) => onChange({ integer: event.currentTarget.checked })}
          error={error('integer')}
          mb={8}
        />
        {field.integer ? null : (
          <NumberInput
            label={t('contentTypes.decimals')}
            description={t('contentTypes.decimalsHelp')}
            min={0}
            max={10}
            allowDecimal={false}
            allowNegative={false}
            value={field.decimals ?? ''}
            onChange={(value) => onChange({ decimals: asNumber(value) })}
            error={error('decimals')}
            w={160}
          />
        )}
      </Group>,
    );
  if (takes.has('min'))
    parts.push(<Bounds key="bounds" field={field} zone={zone} errors={errors} onChange={onChange} />);
  if (takes.has('choices'))
    parts.push(
      <ChoicesEditor
        key="choices"
        field={field}
        choices={field.choices}
        errors={errors}
        onChange={(choices) => onChange({ choices })}
      />,
    );
  if (takes.has('target_type'))
    parts.push(
      <SimpleGrid key="relation" cols={{ base: 1, xs: 2 }}>
        <Select
          label={t('contentTypes.targetType')}
          required
          data={props.types.map((type) => ({
            value: type.slug,
            label: type.builtin
              ? t(`content.plural.${type.slug}`, { defaultValue: type.plural_label })
              : type.plural_label,
          }))}
          value={field.target_type || null}
          onChange={(target) => onChange({ target_type: target ?? '' })}
          error={error('target_type')}
        />
        <Radio.Group
          label={t('contentTypes.cardinality')}
          value={field.cardinality}
          onChange={(value) => onChange({ cardinality: value === 'many' ? 'many' : 'one' })}
          error={error('cardinality')}
        >
          <Group mt="xs">
            <Radio value="one" label={t('contentTypes.one')} />
            <Radio value="many" label={t('contentTypes.many')} />
          </Group>
        </Radio.Group>
      </SimpleGrid>,
    );
  if (takes.has('mime_groups'))
    parts.push(
      <Checkbox.Group
        key="mime"
        label={t('contentTypes.mimeGroups')}
        description={t('contentTypes.mimeGroupsHelp')}
        value={field.mime_groups}
        onChange={(groups) => onChange({ mime_groups: groups as MimeGroup[] })}
        error={error('mime_groups')}
      >
        <Group mt="xs">
          {MIME_GROUPS.map((group) => (
            <Checkbox key={group} value={group} label={t(`contentTypes.mime.${group}`)} />
          ))}
        </Group>
      </Checkbox.Group>,
    );
  if (takes.has('multiple'))
    parts.push(
      <Checkbox
        key="multiple"
        label={t('contentTypes.multiple')}
        description={
          field.type === 'select' ? t('contentTypes.multipleChoices') : t('contentTypes.multipleFiles')
        }
        checked={field.multiple}
        onChange={(event) =>
          onChange({
            multiple: event.currentTarget.checked,
            ...(field.type === 'select' ? { default: undefined } : {}),
          })
        }
        error={error('multiple')}
      />,
    );
  if (takesItemCounts(field))
    parts.push(
      <SimpleGrid key="items" cols={{ base: 1, xs: 2 }}>
        <NumberInput
          label={t('contentTypes.minItems')}
          min={0}
          allowDecimal={false}
          allowNegative={false}
          value={field.min_items ?? ''}
          onChange={(value) => onChange({ min_items: asNumber(value) })}
          error={error('min_items')}
        />
        <NumberInput
          label={t('contentTypes.maxItems')}
          min={1}
          allowDecimal={false}
          allowNegative={false}
          value={field.max_items ?? ''}
          onChange={(value) => onChange({ max_items: asNumber(value) })}
          error={error('max_items')}
        />
      </SimpleGrid>,
    );
  if (takes.has('max_bytes'))
    parts.push(
      <NumberInput
        key="bytes"
        label={t('contentTypes.maxBytes')}
        description={t('contentTypes.maxBytesHelp')}
        min={2}
        max={1_000_000}
        allowDecimal={false}
        allowNegative={false}
        value={field.max_bytes ?? ''}
        onChange={(value) => onChange({ max_bytes: asNumber(value) })}
        error={error('max_bytes')}
        maw={240}
      />,
    );
  return parts.length > 0 ? <Stack gap="sm">{parts}</Stack> : null;
}

/** Smallest and largest values: numbers, days, or instants typed on the site's wall clock. */
function Bounds(props: {
  field: FieldDraft;
  zone: string;
  errors: Record<string, string>;
  onChange: (patch: Partial<FieldDraft>) => void;
}) {
  const { t } = useTranslation();
  const { field, zone, errors, onChange } = props;
  if (field.type === 'number')
    return (
      <SimpleGrid cols={{ base: 1, xs: 2 }}>
        {(['min', 'max'] as const).map((bound) => (
          <NumberInput
            key={bound}
            label={t(bound === 'min' ? 'contentTypes.minNumber' : 'contentTypes.maxNumber')}
            value={typeof field[bound] === 'number' ? (field[bound] as number) : ''}
            onChange={(value) => onChange({ [bound]: asNumber(value) })}
            error={errors[bound]}
          />
        ))}
      </SimpleGrid>
    );
  const datetime = field.type === 'datetime';
  return (
    <SimpleGrid cols={{ base: 1, xs: 2 }}>
      {(['min', 'max'] as const).map((bound) => (
        <TextInput
          key={bound}
          type={datetime ? 'datetime-local' : 'date'}
          label={t(bound === 'min' ? 'contentTypes.minDate' : 'contentTypes.maxDate')}
          description={datetime ? t('contentTypes.inZone', { zone }) : undefined}
          value={datetime ? toWallClock(asText(field[bound]), zone) : asText(field[bound])}
          onChange={(event) => {
            const value = event.currentTarget.value;
            onChange({ [bound]: (datetime ? fromWallClock(value, zone) : value) || undefined });
          }}
          error={errors[bound]}
        />
      ))}
    </SimpleGrid>
  );
}
