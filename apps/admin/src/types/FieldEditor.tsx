import { Alert, Checkbox, Group, Select, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { DefaultInput } from './DefaultInput.js';
import { FieldList } from './FieldList.js';
import {
  FIELD_TYPES,
  type FieldDraft,
  type FieldType,
  keyFromLabel,
  type ContentType as ListedType,
  MAX_REPEATER_DEPTH,
  TAKES_DEFAULT,
} from './model.js';
import { TypeOptions } from './TypeOptions.js';

/**
 * A field's options: those every field has (label, key made from the label until typed, type,
 * required, help, translation), then exactly those its type takes, its default, and a repeater's
 * sub-fields.
 */
export function FieldEditor(props: {
  field: FieldDraft;
  depth: number;
  autoFocus: boolean;
  errors: Record<string, Record<string, string>>;
  types: readonly ListedType[];
  onChange: (field: FieldDraft) => void;
}) {
  const { t } = useTranslation();
  const { field, depth } = props;
  const errors = props.errors[field.uid] ?? {};
  const set = (patch: Partial<FieldDraft>) => props.onChange({ ...field, ...patch });
  const label = useRef<HTMLInputElement>(null);
  // A field just added is named first.
  useEffect(() => {
    if (props.autoFocus) label.current?.focus();
  }, [props.autoFocus]);
  const renamed =
    field.savedKey !== null && field.key.trim() !== field.savedKey && field.type === field.savedType;
  const retyped = field.savedType !== null && field.type !== field.savedType;
  const types = FIELD_TYPES.filter(
    (type) => type !== 'repeater' || depth <= MAX_REPEATER_DEPTH || field.type === type,
  );

  return (
    <Stack gap="sm">
      {errors[''] ? (
        <Alert color="red" role="alert" p="xs">
          {errors['']}
        </Alert>
      ) : null}
      <SimpleGrid cols={{ base: 1, sm: 3 }}>
        <TextInput
          ref={label}
          label={t('contentTypes.label')}
          required
          maxLength={120}
          value={field.label}
          onChange={(event) => {
            const value = event.currentTarget.value;
            set({ label: value, ...(field.keyTouched ? {} : { key: keyFromLabel(value) }) });
          }}
          error={errors.label}
        />
        <TextInput
          label={t('contentTypes.key')}
          description={
            renamed ? t('contentTypes.renamed', { key: field.savedKey }) : t('contentTypes.keyHelp')
          }
          required
          maxLength={64}
          value={field.key}
          onChange={(event) => set({ key: event.currentTarget.value, keyTouched: true })}
          error={errors.key}
          // Below the input: the three inputs of the row stay level.
          inputWrapperOrder={['label', 'input', 'description', 'error']}
          styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)' } }}
        />
        <Select
          label={t('contentTypes.type')}
          description={retyped ? t('contentTypes.typeChanged') : undefined}
          inputWrapperOrder={['label', 'input', 'description', 'error']}
          data={types.map((type) => ({ value: type, label: t(`contentTypes.fieldType.${type}`) }))}
          value={field.type}
          allowDeselect={false}
          onChange={(type) =>
            type && type !== field.type && set({ type: type as FieldType, default: undefined })
          }
          error={errors.type}
        />
      </SimpleGrid>
      <TextInput
        label={t('contentTypes.helpText')}
        description={t('contentTypes.helpTextHelp')}
        maxLength={500}
        value={field.help_text}
        onChange={(event) => set({ help_text: event.currentTarget.value })}
        error={errors.help_text}
      />
      <Group gap="xl" align="flex-start">
        <Checkbox
          label={t('contentTypes.required')}
          description={t('contentTypes.requiredHelp')}
          checked={field.required}
          onChange={(event) => set({ required: event.currentTarget.checked })}
          error={errors.required}
        />
        <Checkbox
          label={t('contentTypes.localized')}
          description={t('contentTypes.localizedHelp')}
          checked={field.localized}
          onChange={(event) => set({ localized: event.currentTarget.checked })}
          error={errors.localized}
        />
      </Group>
      <TypeOptions field={field} errors={errors} types={props.types} onChange={set} />
      {TAKES_DEFAULT.has(field.type) ? (
        <DefaultInput field={field} error={errors.default} onChange={(value) => set({ default: value })} />
      ) : null}
      {field.type === 'repeater' ? (
        <FieldList
          fields={field.fields}
          onChange={(fields) => set({ fields })}
          depth={depth + 1}
          errors={props.errors}
          types={props.types}
          owner={field}
          error={errors.fields}
        />
      ) : null}
    </Stack>
  );
}
