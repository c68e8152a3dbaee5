import { ActionIcon, Box, Button, Fieldset, Group, Input, Stack, Text, TextInput } from '@mantine/core';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type ChoiceDraft, type FieldDraft, newUid } from './model.js';

/**
 * The choices of a select or radio field, in order: a label shown to editors and the value
 * stored, the value following the label until typed. Moved with buttons, added, removed.
 */
export function ChoicesEditor(props: {
  field: FieldDraft;
  choices: ChoiceDraft[];
  errors: Record<string, string>;
  onChange: (choices: ChoiceDraft[]) => void;
}) {
  const { t } = useTranslation();
  const { choices, errors, onChange } = props;
  const [added, setAdded] = useState<string | null>(null);
  const focus = useRef<HTMLInputElement>(null);
  // A choice just added is named at once.
  useEffect(() => {
    if (added) focus.current?.focus();
  }, [added]);
  const update = (uid: string, patch: Partial<ChoiceDraft>) =>
    onChange(choices.map((choice) => (choice.uid === uid ? { ...choice, ...patch } : choice)));
  const move = (from: number, to: number) => {
    const next = [...choices];
    const [choice] = next.splice(from, 1);
    if (choice) next.splice(to, 0, choice);
    onChange(next);
  };
  const add = () => {
    const uid = newUid();
    setAdded(uid);
    onChange([...choices, { uid, label: '', value: '', valueTouched: false }]);
  };

  return (
    <Fieldset legend={t('contentTypes.choices')} variant="unstyled">
      <Text size="xs" c="dimmed" mb="xs">
        {t('contentTypes.choicesHelp')}
      </Text>
      {errors.choices ? <Input.Error mb="xs">{errors.choices}</Input.Error> : null}
      <Stack gap="xs">
        {choices.length === 0 ? (
          <Text size="sm" c="dimmed">
            {t('contentTypes.noChoices')}
          </Text>
        ) : (
          // Each input is named for screen readers; these headings are for the eye.
          <Group gap="xs" wrap="wrap" justify="flex-end" aria-hidden mb={-4}>
            <Group gap="xs" wrap="nowrap" style={{ flex: '1 1 240px' }}>
              <Text size="xs" fw={500} style={{ flex: 1 }}>
                {t('contentTypes.label')}
              </Text>
              <Text size="xs" fw={500} style={{ flex: 1 }}>
                {t('contentTypes.value')}
              </Text>
            </Group>
            {/* The width of the buttons of the rows below, so the headings sit over the inputs. */}
            <Box w={92} />
          </Group>
        )}
        {choices.map((choice, index) => {
          const number = index + 1;
          const name = choice.label || t('contentTypes.choiceName', { number });
          return (
            <Group key={choice.uid} gap="xs" align="flex-start" wrap="wrap" justify="flex-end">
              <Group gap="xs" align="flex-start" wrap="nowrap" style={{ flex: '1 1 240px' }}>
                <TextInput
                  ref={added === choice.uid ? focus : undefined}
                  aria-label={t('contentTypes.choiceLabel', { number })}
                  placeholder={t('contentTypes.label')}
                  maxLength={200}
                  value={choice.label}
                  onChange={(event) => {
                    const label = event.currentTarget.value;
                    update(choice.uid, { label, ...(choice.valueTouched ? {} : { value: label.trim() }) });
                  }}
                  error={errors[`choices[${index}].label`]}
                  style={{ flex: 1, minWidth: 0 }}
                />
                <TextInput
                  aria-label={t('contentTypes.choiceValue', { number })}
                  placeholder={t('contentTypes.value')}
                  maxLength={200}
                  value={choice.value}
                  onChange={(event) =>
                    update(choice.uid, { value: event.currentTarget.value, valueTouched: true })
                  }
                  error={errors[`choices[${index}].value`]}
                  style={{ flex: 1, minWidth: 0 }}
                  styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)' } }}
                />
              </Group>
              <Group gap={4} wrap="nowrap" pt={4}>
                <ActionIcon
                  variant="default"
                  aria-label={t('contentTypes.moveUp', { name })}
                  disabled={index === 0}
                  onClick={() => move(index, index - 1)}
                >
                  ↑
                </ActionIcon>
                <ActionIcon
                  variant="default"
                  aria-label={t('contentTypes.moveDown', { name })}
                  disabled={index === choices.length - 1}
                  onClick={() => move(index, index + 1)}
                >
                  ↓
                </ActionIcon>
                <ActionIcon
                  variant="default"
                  aria-label={t('contentTypes.remove', { name })}
                  onClick={() => onChange(choices.filter((each) => each.uid !== choice.uid))}
                >
                  ×
                </ActionIcon>
              </Group>
            </Group>
          );
        })}
        <Button
          variant="subtle"
          size="compact-sm"
          onClick={add}
          style={{ alignSelf: 'flex-start' }}
          aria-label={`${t('contentTypes.addChoice')}: ${props.field.label || t('contentTypes.untitled')}`}
        >
          {t('contentTypes.addChoice')}
        </Button>
      </Stack>
    </Fieldset>
  );
}
