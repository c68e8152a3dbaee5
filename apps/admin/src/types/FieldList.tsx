import { Button, Fieldset, Input, Paper, Stack, Text, Title } from '@mantine/core';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FieldRow, hasErrors } from './FieldRow.js';
import { FieldTypePicker } from './FieldTypePicker.js';
import {
  emptyField,
  type FieldDraft,
  type FieldType,
  type ContentType as ListedType,
  MAX_REPEATER_DEPTH,
} from './model.js';

export interface FieldListProps {
  fields: FieldDraft[];
  onChange: (fields: FieldDraft[]) => void;
  /** 1 for the type's own fields, 2 for a repeater's, and so on. */
  depth: number;
  /** The server's messages by field uid and option path. */
  errors: Record<string, Record<string, string>>;
  /** The site's content types, for relation targets. */
  types: readonly ListedType[];
  /** The repeater whose sub-fields these are; null for the type's own fields. */
  owner: FieldDraft | null;
  /** The server's message on the list as a whole (a repeater without sub-fields). */
  error?: string | undefined;
}

/**
 * An ordered list of fields: added by type, opened to edit their options, moved up and down with
 * buttons (the keyboard's way), removed. A repeater's sub-fields are such a list too, one level
 * deeper; the deepest level offers no repeater.
 */
export function FieldList(props: FieldListProps) {
  const { t } = useTranslation();
  const { fields, onChange, depth, owner } = props;
  const [open, setOpen] = useState<ReadonlySet<string>>(new Set());
  const [picking, setPicking] = useState(false);
  const [added, setAdded] = useState<string | null>(null);
  const addButton = useRef<HTMLButtonElement>(null);

  const toggle = (uid: string) =>
    setOpen((current) => {
      const next = new Set(current);
      if (next.has(uid)) next.delete(uid);
      else next.add(uid);
      return next;
    });
  const move = (from: number, to: number) => {
    const next = [...fields];
    const [field] = next.splice(from, 1);
    if (field) next.splice(to, 0, field);
    onChange(next);
  };
  const add = (type: FieldType) => {
    const field = emptyField(type);
    setPicking(false);
    setOpen((current) => new Set(current).add(field.uid));
    setAdded(field.uid);
    onChange([...fields, field]);
  };
  const ownerName = owner ? owner.label || t('contentTypes.untitled') : '';

  const list = (
    <Stack gap="sm">
      {props.error ? <Input.Error>{props.error}</Input.Error> : null}
      {fields.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t('contentTypes.noFields')}
        </Text>
      ) : (
        <Stack gap="xs" component="ol" style={{ padding: 0, margin: 0 }}>
          {fields.map((field, index) => (
            <FieldRow
              key={field.uid}
              field={field}
              index={index}
              count={fields.length}
              depth={depth}
              open={open.has(field.uid) || hasErrors(field, props.errors)}
              autoFocus={added === field.uid}
              errors={props.errors}
              types={props.types}
              onToggle={() => toggle(field.uid)}
              onMove={(to) => move(index, to)}
              onRemove={() => onChange(fields.filter((each) => each.uid !== field.uid))}
              onChange={(next) => onChange(fields.map((each) => (each.uid === field.uid ? next : each)))}
            />
          ))}
        </Stack>
      )}
      <Button
        ref={addButton}
        variant="light"
        onClick={() => setPicking(true)}
        style={{ alignSelf: 'flex-start' }}
        aria-label={owner ? t('contentTypes.addSubfield', { name: ownerName }) : undefined}
      >
        {t('contentTypes.addField')}
      </Button>
      <FieldTypePicker
        opened={picking}
        allowRepeater={depth <= MAX_REPEATER_DEPTH}
        onPick={add}
        onClose={() => {
          setPicking(false);
          addButton.current?.focus();
        }}
      />
    </Stack>
  );

  if (owner)
    return (
      <Fieldset legend={t('contentTypes.subfields', { name: ownerName })} variant="filled">
        <Text size="xs" c="dimmed" mb="xs">
          {t('contentTypes.subfieldsHelp')}
        </Text>
        {list}
      </Fieldset>
    );
  return (
    <Paper withBorder p="md" component="section" aria-labelledby="type-fields">
      <Title id="type-fields" order={2} size="h4">
        {t('contentTypes.fields')}
      </Title>
      <Text size="sm" c="dimmed" mb="sm">
        {t('contentTypes.fieldsHelp')}
      </Text>
      {list}
    </Paper>
  );
}
