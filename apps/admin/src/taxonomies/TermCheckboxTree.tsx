import { Box, Button, Checkbox, Group, ScrollArea, Select, Stack, Text, TextInput } from '@mantine/core';
import { type KeyboardEvent, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toApiError } from '../api.js';
import { fieldErrors } from '../forms.js';
import { useCan } from '../session.js';
import { flatten, INDENT } from '../shell/tree.js';
import { type TaxonomyLabels, type Term, termName, useCreateTerm } from './queries.js';

const TOP = 'top';

/**
 * A hierarchical taxonomy's terms as ticked boxes, indented under their parents (WordPress's
 * category box), and for those who manage terms a line to add one, ticked at once. It is no form of
 * its own: the entry editor around it has one, and Enter here must not send that.
 */
export function TermCheckboxTree(props: {
  taxonomy: string;
  labels: TaxonomyLabels;
  terms: Term[];
  value: number[];
  onChange: (ids: number[]) => void;
}) {
  const { t } = useTranslation();
  const canCreate = useCan()('taxonomies.manage');
  const rows = useMemo(() => flatten(props.terms), [props.terms]);
  const [adding, setAdding] = useState(false);
  const [name, setName] = useState('');
  const [parent, setParent] = useState(TOP);
  const create = useCreateTerm(props.taxonomy);
  const errors = fieldErrors(create.error ? toApiError(create.error) : null);
  const singular = props.labels.singular.toLowerCase();
  const nameInput = useRef<HTMLInputElement>(null);
  // The line to add a term opens where the user asked for it: the focus goes to its name.
  useEffect(() => {
    if (adding) nameInput.current?.focus();
  }, [adding]);

  const toggle = (id: number) =>
    props.onChange(
      props.value.includes(id) ? props.value.filter((each) => each !== id) : [...props.value, id],
    );

  function add() {
    const parentId = parent === TOP ? null : Number(parent);
    const position = props.terms
      .filter((term) => term.parent_id === parentId)
      .reduce((max, term) => Math.max(max, term.position + 1), 0);
    create.mutate(
      { name: name.trim(), parent_id: parentId, position },
      {
        onSuccess: (term) => {
          props.onChange([...props.value, term.id]);
          setName('');
        },
      },
    );
  }

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key !== 'Enter') return;
    event.preventDefault();
    if (name.trim()) add();
  }

  return (
    <Stack gap="xs">
      {rows.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t('taxonomies.empty', { label: props.labels.plural.toLowerCase() })}
        </Text>
      ) : (
        <ScrollArea.Autosize mah={260} type="auto" offsetScrollbars>
          <Stack gap={6} component="ul" style={{ listStyle: 'none', margin: 0, padding: 0 }}>
            {rows.map((row) => (
              <Box component="li" key={row.node.id} style={{ marginInlineStart: row.depth * (INDENT - 8) }}>
                <Checkbox
                  label={termName(t, props.taxonomy, row.node)}
                  checked={props.value.includes(row.node.id)}
                  onChange={() => toggle(row.node.id)}
                />
              </Box>
            ))}
          </Stack>
        </ScrollArea.Autosize>
      )}
      {canCreate && !adding ? (
        <Group>
          <Button variant="subtle" size="compact-sm" onClick={() => setAdding(true)}>
            {t('taxonomies.newTerm', { label: singular })}
          </Button>
        </Group>
      ) : null}
      {canCreate && adding ? (
        <Stack gap="xs">
          <TextInput
            label={t('taxonomies.newTermName', { label: singular })}
            value={name}
            onChange={(event) => setName(event.currentTarget.value)}
            onKeyDown={onKeyDown}
            error={
              errors.name ??
              (create.error && !errors.name && !errors.parent_id
                ? toApiError(create.error).message
                : undefined)
            }
            maxLength={200}
            ref={nameInput}
          />
          <Select
            label={t('taxonomies.parent')}
            data={[
              { value: TOP, label: t('taxonomies.noParent') },
              ...rows.map((row) => ({
                value: String(row.node.id),
                label: `${'— '.repeat(row.depth)}${row.node.name}`,
              })),
            ]}
            value={parent}
            onChange={(value) => setParent(value ?? TOP)}
            allowDeselect={false}
            searchable
            error={errors.parent_id}
          />
          <Group gap="xs">
            <Button size="xs" onClick={add} loading={create.isPending} disabled={!name.trim()}>
              {t('taxonomies.add')}
            </Button>
            <Button size="xs" variant="default" onClick={() => setAdding(false)}>
              {t('taxonomies.cancel')}
            </Button>
          </Group>
        </Stack>
      ) : null}
    </Stack>
  );
}
