import { Button, Fieldset, Group, Stack, Text, TextInput } from '@mantine/core';
import type { AdminTranslate } from '@tessera/plugin/admin';
import { GlyphButton, MONOSPACE } from './controls.js';
import { moved, optionRelabelled, valueFromLabel } from './field-model.js';
import { type FieldOption, MOST_OPTIONS } from './records.js';
import { messagesAt } from './save-errors.js';

/**
 * A choice field's options: each its label (what people see) and value (what is stored, made from
 * the label until typed apart), added, removed and moved up or down.
 */
export function OptionsEditor(props: {
  options: readonly FieldOption[];
  onChange: (options: FieldOption[]) => void;
  errors: Readonly<Record<string, readonly string[]>> | undefined;
  /** A checkbox without options is a single box: its options may all go. */
  optional: boolean;
  t: AdminTranslate;
}) {
  const { options, t } = props;
  const add = () => {
    const label = t('defaults.option', { n: options.length + 1 });
    props.onChange([
      ...options,
      {
        label,
        value: valueFromLabel(
          label,
          options.map((option) => option.value),
        ),
      },
    ]);
  };
  const own = messagesAt(
    Object.fromEntries(Object.entries(props.errors ?? {}).filter(([path]) => path === 'options')),
    'options',
  );
  return (
    <Fieldset legend={t('options.title')} variant="filled" p="sm">
      <Stack gap="xs">
        <Text size="xs" c="dimmed">
          {props.optional ? t('options.helpCheckbox') : t('options.help')}
        </Text>
        {own ? (
          <Text size="sm" c="red" role="alert">
            {own}
          </Text>
        ) : null}
        {options.map((option, index) => {
          const n = index + 1;
          return (
            // Options have no key of their own but their place (a value changes as it is typed).
            <Group key={index} gap="xs" align="flex-start" wrap="nowrap">
              <TextInput
                label={t('options.label', { n })}
                size="xs"
                style={{ flex: 1 }}
                value={option.label}
                onChange={(event) =>
                  props.onChange(optionRelabelled(options, index, event.currentTarget.value))
                }
                error={messagesAt(props.errors, `options.${index}.label`)}
              />
              <TextInput
                label={t('options.value', { n })}
                size="xs"
                styles={MONOSPACE}
                style={{ flex: 1 }}
                value={option.value}
                onChange={(event) =>
                  props.onChange(
                    options.map((each, at) =>
                      at === index ? { ...each, value: event.currentTarget.value } : each,
                    ),
                  )
                }
                error={messagesAt(props.errors, `options.${index}.value`)}
              />
              <Group gap={0} wrap="nowrap" mt={22}>
                <GlyphButton
                  glyph="↑"
                  label={t('options.moveUp', { n })}
                  disabled={index === 0}
                  onClick={() => props.onChange(moved(options, index, index - 1))}
                />
                <GlyphButton
                  glyph="↓"
                  label={t('options.moveDown', { n })}
                  disabled={index === options.length - 1}
                  onClick={() => props.onChange(moved(options, index, index + 1))}
                />
                <GlyphButton
                  glyph="×"
                  label={t('options.remove', { n })}
                  disabled={!props.optional && options.length <= 1}
                  onClick={() => props.onChange(options.filter((_, at) => at !== index))}
                />
              </Group>
            </Group>
          );
        })}
        <Button
          variant="default"
          size="compact-sm"
          onClick={add}
          disabled={options.length >= MOST_OPTIONS}
          style={{ alignSelf: 'flex-start' }}
        >
          {t('options.add')}
        </Button>
      </Stack>
    </Fieldset>
  );
}
