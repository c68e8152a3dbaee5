import {
  Checkbox,
  Group,
  MultiSelect,
  NumberInput,
  Select,
  SimpleGrid,
  Stack,
  TagsInput,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import type { AdminTranslate } from '@tessera/plugin/admin';
import type { ReactNode } from 'react';
import { LabelledChoice, MONOSPACE } from './controls.js';
import { type DraftField, type FieldInput, inputsOf, relabelled } from './field-model.js';
import { OptionsEditor } from './OptionsEditor.js';
import { isMultiValued } from './records.js';
import { messagesAt } from './save-errors.js';

const FILE_KINDS = ['image', 'document', 'audio', 'video', 'archive'];

/** A NumberInput's value as a rule: empty is no rule. */
const ruleOf = (value: number | string): number | null =>
  typeof value === 'number' && Number.isFinite(value) ? value : null;

/**
 * The selected field's settings: only the inputs its type has (field-model's inputsOf), each with
 * the server's message of the last save beside it.
 */
export function FieldEditor(props: {
  field: DraftField;
  /** The form's other fields' names: a name made from the label stays unlike them. */
  otherNames: readonly string[];
  errors: Readonly<Record<string, readonly string[]>> | undefined;
  onChange: (next: DraftField) => void;
  t: AdminTranslate;
}) {
  const { field, t } = props;
  const shown = new Set(inputsOf(field));
  const has = (input: FieldInput) => shown.has(input);
  const error = (path: string) => messagesAt(props.errors, path);
  const change = (patch: Partial<DraftField>) => props.onChange({ ...field, ...patch });
  const numberRule = (
    input: FieldInput & keyof DraftField,
    label: string,
    options: { min?: number; decimals?: boolean } = {},
  ) =>
    has(input) ? (
      <NumberInput
        label={label}
        value={(field[input] as number | null) ?? ''}
        onChange={(value) => change({ [input]: ruleOf(value) })}
        min={options.min}
        allowDecimal={options.decimals ?? false}
        allowNegative={options.min === undefined}
        error={error(input)}
      />
    ) : null;

  return (
    <Stack gap="sm" component="section" aria-labelledby="forms-editor">
      <Title id="forms-editor" order={3} size="h5">
        {t('editor.title', { type: t(`types.${field.type}`) })}
      </Title>
      <TextInput
        label={t('editor.label')}
        description={field.type === 'hidden' ? t('editor.labelHiddenHelp') : undefined}
        required
        maxLength={200}
        value={field.label}
        onChange={(event) => props.onChange(relabelled(field, event.currentTarget.value, props.otherNames))}
        error={error('label')}
      />
      <TextInput
        label={t('editor.name')}
        description={field.nameFollowsLabel ? t('editor.nameFollows') : t('editor.nameHelp')}
        required
        maxLength={40}
        styles={MONOSPACE}
        value={field.name}
        onChange={(event) =>
          change({ name: event.currentTarget.value.toLowerCase(), nameFollowsLabel: false })
        }
        error={error('name')}
      />
      {has('help') ? (
        <Textarea
          label={t('editor.help')}
          description={t('editor.helpHelp')}
          maxLength={500}
          autosize
          minRows={2}
          value={field.help}
          onChange={(event) => change({ help: event.currentTarget.value })}
          error={error('help')}
        />
      ) : null}
      {has('placeholder') ? (
        <TextInput
          label={t('editor.placeholder')}
          description={t('editor.placeholderHelp')}
          maxLength={200}
          value={field.placeholder}
          onChange={(event) => change({ placeholder: event.currentTarget.value })}
          error={error('placeholder')}
        />
      ) : null}
      {has('consent_text') ? (
        <Textarea
          label={t('editor.consentText')}
          description={t('editor.consentTextHelp')}
          required
          autosize
          minRows={2}
          value={field.consent_text}
          onChange={(event) => change({ consent_text: event.currentTarget.value })}
          error={error('consent_text')}
        />
      ) : null}
      {has('consent_url') ? (
        <TextInput
          label={t('editor.consentUrl')}
          description={t('editor.consentUrlHelp')}
          value={field.consent_url ?? ''}
          onChange={(event) => change({ consent_url: event.currentTarget.value || null })}
          error={error('consent_url')}
        />
      ) : null}
      {has('options') ? (
        <OptionsEditor
          options={field.options}
          onChange={(options) => change({ options })}
          errors={props.errors}
          optional={field.type === 'checkbox'}
          t={t}
        />
      ) : null}
      <Group gap="lg">
        {has('required') ? (
          <Checkbox
            label={t('editor.required')}
            checked={field.required}
            onChange={(event) => change({ required: event.currentTarget.checked })}
          />
        ) : null}
        {has('multiple') ? (
          <Checkbox
            label={field.type === 'file' ? t('editor.multipleFiles') : t('editor.multipleChoices')}
            checked={field.multiple}
            onChange={(event) => change({ multiple: event.currentTarget.checked })}
          />
        ) : null}
      </Group>
      {has('width') ? (
        <LabelledChoice
          label={t('editor.width')}
          value={field.width}
          onChange={(width) => change({ width })}
          data={[
            { value: 'full', label: t('editor.full') },
            { value: 'half', label: t('editor.half') },
          ]}
        />
      ) : null}
      {has('default') ? <DefaultInput {...props} error={error('default')} /> : null}
      <Rules>
        {numberRule('min_length', t('editor.minLength'), { min: 0 })}
        {numberRule('max_length', t('editor.maxLength'), { min: 1 })}
        {numberRule('min', t('editor.min'), { decimals: true })}
        {numberRule('max', t('editor.max'), { decimals: true })}
        {has('min_date') ? (
          <TextInput
            type="date"
            label={t('editor.minDate')}
            value={field.min_date ?? ''}
            onChange={(event) => change({ min_date: event.currentTarget.value || null })}
            error={error('min_date')}
          />
        ) : null}
        {has('max_date') ? (
          <TextInput
            type="date"
            label={t('editor.maxDate')}
            value={field.max_date ?? ''}
            onChange={(event) => change({ max_date: event.currentTarget.value || null })}
            error={error('max_date')}
          />
        ) : null}
        {numberRule('max_size_mb', t('editor.maxSize'), { min: 1 })}
        {numberRule('max_files', t('editor.maxFiles'), { min: 1 })}
      </Rules>
      {has('pattern') ? (
        <TextInput
          label={t('editor.pattern')}
          description={t('editor.patternHelp')}
          styles={MONOSPACE}
          value={field.pattern ?? ''}
          onChange={(event) => change({ pattern: event.currentTarget.value || null })}
          error={error('pattern')}
        />
      ) : null}
      {has('accept') ? (
        <TagsInput
          label={t('editor.accept')}
          description={t('editor.acceptHelp')}
          data={FILE_KINDS}
          value={field.accept}
          onChange={(accept) => change({ accept })}
          error={error('accept')}
        />
      ) : null}
    </Stack>
  );
}

/** The rules' inputs two by two, where there are any. */
function Rules({ children }: { children: ReactNode[] }) {
  if (children.every((child) => child === null)) return null;
  return (
    <SimpleGrid cols={2} spacing="sm">
      {children}
    </SimpleGrid>
  );
}

/** The value shown at first, in the shape the field takes: a choice among its options, a date... */
function DefaultInput(props: {
  field: DraftField;
  onChange: (next: DraftField) => void;
  error: string | undefined;
  t: AdminTranslate;
}) {
  const { field, t } = props;
  const common = { label: t('editor.default'), description: t('editor.defaultHelp'), error: props.error };
  const set = (value: string | null) => props.onChange({ ...field, default: value === '' ? null : value });
  const choices = field.options.map((option) => ({
    value: option.value,
    label: option.label || option.value,
  }));
  if (isMultiValued(field))
    return (
      <MultiSelect
        {...common}
        data={choices}
        value={(field.default ?? '')
          .split('\n')
          .filter((value) => choices.some((choice) => choice.value === value))}
        onChange={(values) => set(values.join('\n'))}
        clearable
      />
    );
  if (field.type === 'select' || field.type === 'radio')
    return <Select {...common} data={choices} value={field.default} onChange={set} clearable />;
  if (field.type === 'textarea')
    return (
      <Textarea
        {...common}
        autosize
        minRows={2}
        value={field.default ?? ''}
        onChange={(event) => set(event.currentTarget.value)}
      />
    );
  const type = field.type === 'date' ? 'date' : field.type === 'number' ? 'number' : 'text';
  return (
    <TextInput
      {...common}
      type={type}
      value={field.default ?? ''}
      onChange={(event) => set(event.currentTarget.value)}
    />
  );
}
