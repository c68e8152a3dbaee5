import { Anchor, Button, Stack, Table, Text, Textarea, TextInput } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import type { AdminContext, AdminTranslate } from '@tessera/plugin/admin';
import { useState } from 'react';
import { Link } from 'react-router';
import { entryPath, type StoredEntry, type StoredScore } from './queries.js';
import { StatusBadge, toneOf } from './rating.js';
import { failureOf, type RowValues, type SaveFailure, saveBody, storedValues } from './row-save.js';

type Said = { kind: 'saved' } | SaveFailure | null;

/**
 * One entry of the bulk editor: its stored score, and its SEO title and description edited in
 * place and saved on their own. The typed text stays the row's until saved, through a reload of
 * the entry after a conflict too.
 */
export function BulkRow(props: {
  admin: AdminContext;
  entry: StoredEntry;
  /** undefined while the scores load; null: the entry has none yet. */
  score: StoredScore | null | undefined;
  /** The entry as stored now (after a save, or reloaded after a conflict). */
  onStored: (entry: StoredEntry) => void;
  t: AdminTranslate;
}) {
  const { admin, entry, score, t } = props;
  const stored = storedValues(entry);
  const [values, setValues] = useState<RowValues>(stored);
  const [said, setSaid] = useState<Said>(null);
  const name = entry.title || t('bulk.untitled');
  const save = useMutation({
    mutationFn: () => admin.core.put<StoredEntry>(entryPath(entry.type, entry.id), saveBody(entry, values)),
    onSuccess: (saved) => {
      props.onStored(saved);
      setValues(storedValues(saved));
      setSaid({ kind: 'saved' });
    },
    onError: async (error) => {
      const failure = failureOf(error);
      setSaid(failure);
      if (failure.kind !== 'conflict') return;
      // Unreadable now (deleted since?): the conflict stays said, and saving again says the rest.
      const fresh = await admin.core.get<StoredEntry>(entryPath(entry.type, entry.id)).catch(() => null);
      if (fresh) props.onStored(fresh);
    },
  });
  const dirty = values.title.trim() !== stored.title || values.description.trim() !== stored.description;
  const change = (patch: Partial<RowValues>) => {
    setValues((before) => ({ ...before, ...patch }));
    if (said?.kind === 'saved') setSaid(null);
  };
  const invalid = said?.kind === 'invalid' ? said : null;

  return (
    <Table.Tr data-entry={entry.id}>
      <Table.Th scope="row" fw={400} style={{ verticalAlign: 'top' }}>
        <Anchor component={Link} to={`/content/${entry.type}/${entry.id}`} size="sm" fw={500}>
          {name}
        </Anchor>
        <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
          {entry.url}
        </Text>
      </Table.Th>
      <Table.Td style={{ verticalAlign: 'top' }}>
        {score ? (
          <StatusBadge status={score.rating}>
            {t('bulk.scoreBadge', { score: score.score, rating: t(`rating.${score.rating}`) })}
          </StatusBadge>
        ) : score === null ? (
          <Text size="xs" c="dimmed">
            {t('bulk.notScored')}
          </Text>
        ) : null}
      </Table.Td>
      <Table.Td style={{ verticalAlign: 'top' }}>
        <TextInput
          aria-label={t('bulk.titleOf', { title: name })}
          value={values.title}
          // Empty, the page gets its template's title: what it was given at its last save.
          placeholder={score?.title}
          maxLength={200}
          error={invalid?.title ?? undefined}
          onChange={(event) => change({ title: event.currentTarget.value })}
        />
      </Table.Td>
      <Table.Td style={{ verticalAlign: 'top' }}>
        <Textarea
          aria-label={t('bulk.descriptionOf', { title: name })}
          value={values.description}
          placeholder={score?.description}
          maxLength={400}
          autosize
          minRows={2}
          maxRows={6}
          error={invalid?.description ?? undefined}
          onChange={(event) => change({ description: event.currentTarget.value })}
        />
      </Table.Td>
      <Table.Td style={{ verticalAlign: 'top' }}>
        <Stack gap={4} align="flex-start">
          <Button
            size="compact-sm"
            aria-label={t('bulk.saveNamed', { title: name })}
            disabled={!dirty}
            loading={save.isPending}
            onClick={() => save.mutate()}
          >
            {t('bulk.save')}
          </Button>
          <RowMessage said={said} t={t} />
        </Stack>
      </Table.Td>
    </Table.Tr>
  );
}

/** What became of the row's last save; a failure is an alert, a success a status. */
function RowMessage(props: { said: Said; t: AdminTranslate }) {
  const { said, t } = props;
  if (said === null) return <Text size="xs" role="status" />;
  if (said.kind === 'saved')
    return (
      <Text size="xs" role="status" style={{ color: toneOf('good') }}>
        {t('bulk.saved')}
      </Text>
    );
  const message =
    said.kind === 'conflict'
      ? t('bulk.conflict')
      : said.kind === 'invalid'
        ? [t('bulk.invalid'), ...said.others].join(' ')
        : t('bulk.notSaved', { message: said.message });
  return (
    <Text size="xs" role="alert" style={{ color: toneOf('problem') }}>
      {message}
    </Text>
  );
}
