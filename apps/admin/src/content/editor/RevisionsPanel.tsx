import { Badge, Button, Group, Modal, Stack, Text, Title, VisuallyHidden } from '@mantine/core';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api, data, page } from '../../api.js';
import { useConfirm } from '../../shell/confirm.js';
import { Pending } from '../../shell/Shell.js';
import { useDateFormat } from '../../site.js';
import type { Comparison, Entry } from './model.js';
import { wordDiff } from './word-diff.js';

const PER_PAGE = 8;

/**
 * The entry's revisions, newest first: each compared with the newest (what changed since) and
 * restored as the working copy (itself a new revision, so nothing is ever lost).
 */
export function RevisionsPanel(props: {
  type: string;
  entry: Entry;
  /** Unsaved changes would be replaced by the restored revision: the user is asked first. */
  dirty: boolean;
  readOnly: boolean;
  onRestored: (entry: Entry) => void;
  /** The builder lists and restores a page's revisions through the spec's builder endpoints (4.1). */
  builder?: boolean;
  /** Shows a revision as it was (the builder's canvas), without restoring it. */
  onPreview?: (revision: { id: number; label: string }) => void;
}) {
  const { t } = useTranslation();
  const ask = useConfirm();
  const { type, entry } = props;
  const when = useDateFormat();
  const [shown, setShown] = useState(PER_PAGE);
  const [comparing, setComparing] = useState<{ from: number; to: number; label: string } | null>(null);
  const list = useQuery({
    queryKey: ['revisions', type, entry.id, entry.version, shown],
    queryFn: () =>
      props.builder
        ? page(
            api.GET('/api/builder/page/{id}/revisions', {
              params: { path: { id: entry.id }, query: { page: 1, limit: shown } },
            }),
          )
        : page(
            api.GET('/api/content/{type}/{id}/revisions', {
              params: { path: { type, id: entry.id }, query: { page: 1, limit: shown } },
            }),
          ),
  });
  const restore = useMutation({
    mutationFn: (revision: number) =>
      props.builder
        ? data(
            api.POST('/api/builder/page/{id}/restore/{revisionId}', {
              params: { path: { id: entry.id, revisionId: revision } },
            }),
          )
        : data(
            api.POST('/api/content/{type}/{id}/revisions/{revision}/restore', {
              params: { path: { type, id: entry.id, revision } },
            }),
          ),
    onSuccess: (restored) => props.onRestored(restored),
  });

  if (!list.data) return <Pending error={list.error} retry={() => void list.refetch()} />;
  const items = list.data.items;
  const newest = items[0];
  return (
    <Stack gap="xs">
      {restore.error ? (
        <Text c="red" size="sm" role="alert">
          {restore.error.message}
        </Text>
      ) : null}
      {items.map((revision) => {
        const label = t('editor.revision', {
          version: revision.version,
          date: when.format(new Date(revision.created_at)),
        });
        return (
          <Stack key={revision.id} gap={2}>
            <Group gap="xs" justify="space-between" wrap="nowrap">
              <Text size="sm">{when.format(new Date(revision.created_at))}</Text>
              {revision.live ? (
                <Badge size="xs" color="teal.9">
                  {t('editor.live')}
                </Badge>
              ) : null}
            </Group>
            <Text size="xs" c="dimmed">
              {revision.note}
            </Text>
            {newest && revision.id !== newest.id ? (
              <Group gap="xs">
                {props.onPreview ? (
                  <Button
                    size="compact-xs"
                    variant="light"
                    aria-label={t('editor.previewRevision', { label })}
                    onClick={() => props.onPreview?.({ id: revision.id, label })}
                  >
                    {t('editor.preview')}
                  </Button>
                ) : null}
                <Button
                  size="compact-xs"
                  variant="light"
                  aria-label={t('editor.compareWith', { label })}
                  onClick={() => setComparing({ from: revision.id, to: newest.id, label })}
                >
                  {t('editor.compare')}
                </Button>
                {props.readOnly ? null : (
                  <Button
                    size="compact-xs"
                    variant="default"
                    aria-label={t('editor.restoreLabel', { label })}
                    loading={restore.isPending && restore.variables === revision.id}
                    onClick={async () => {
                      // Nothing is lost unless unsaved changes are replaced: only then is it a red question.
                      const yes = await ask({
                        title: t('editor.restoreTitle'),
                        text: props.dirty ? t('editor.restoreDirty') : t('editor.restoreConfirm'),
                        confirm: t('editor.restore'),
                        danger: props.dirty,
                      });
                      if (yes) restore.mutate(revision.id);
                    }}
                  >
                    {t('editor.restore')}
                  </Button>
                )}
              </Group>
            ) : null}
          </Stack>
        );
      })}
      {list.data.meta.total > items.length ? (
        <Button size="compact-sm" variant="subtle" onClick={() => setShown((n) => n + PER_PAGE)}>
          {t('editor.moreRevisions')}
        </Button>
      ) : null}
      <Modal
        opened={comparing !== null}
        onClose={() => setComparing(null)}
        title={comparing ? t('editor.changesSince', { label: comparing.label }) : ''}
        size="xl"
      >
        {comparing ? (
          <ComparisonView type={type} id={entry.id} from={comparing.from} to={comparing.to} />
        ) : null}
      </Modal>
    </Stack>
  );
}

function ComparisonView(props: { type: string; id: number; from: number; to: number }) {
  const { t } = useTranslation();
  const comparison = useQuery({
    queryKey: ['revision-compare', props.type, props.id, props.from, props.to],
    queryFn: () =>
      data(
        api.GET('/api/content/{type}/{id}/revisions/compare', {
          params: { path: { type: props.type, id: props.id }, query: { from: props.from, to: props.to } },
        }),
      ),
  });
  if (!comparison.data) return <Pending error={comparison.error} retry={() => void comparison.refetch()} />;
  const { properties, fields, blocks } = comparison.data as Comparison;
  if (properties.length + fields.length + blocks.length === 0) return <Text>{t('editor.noChanges')}</Text>;
  return (
    <Stack>
      {[...properties, ...fields.map((change) => ({ ...change, path: `fields.${change.path}` }))].map(
        (change) => (
          <Stack key={change.path} gap={4}>
            <Title order={4} size="sm">
              {change.path.startsWith('fields.')
                ? change.path.slice(7)
                : t(`editor.property.${change.path}`, { defaultValue: change.path })}
            </Title>
            <DiffText before={change.before} after={change.after} />
          </Stack>
        ),
      )}
      {blocks.length > 0 ? (
        <Stack gap={4}>
          <Title order={4} size="sm">
            {t('editor.blocks')}
          </Title>
          {blocks.map((block) => (
            <Text key={`${block.id}-${block.change}`} size="sm">
              {t(`editor.blockChange.${block.change}`, {
                type: t(`builder.type.${block.type}`, { defaultValue: block.type }),
                defaultValue: `${block.type}: ${block.change}`,
              })}
              {block.props?.length ? ` (${block.props.map((prop) => prop.key).join(', ')})` : ''}
            </Text>
          ))}
        </Stack>
      ) : null}
    </Stack>
  );
}

/** Text as read: tags of richtext dropped; other values as JSON. */
function readable(value: unknown): string {
  if (value === undefined || value === null) return '';
  if (typeof value === 'string')
    return /<[a-z][\s\S]*>/i.test(value)
      ? (new DOMParser().parseFromString(value, 'text/html').body.textContent ?? '')
      : value;
  return JSON.stringify(value);
}

/** Removed words struck through in red, added ones underlined in green: the visual diff. */
function DiffText(props: { before: unknown; after: unknown }) {
  const { t } = useTranslation();
  return (
    <Text size="sm" className="diff" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
      {wordDiff(readable(props.before), readable(props.after)).map((part, index) =>
        part.change === 'same' ? (
          // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one diff never move
          <span key={index}>{part.text}</span>
        ) : part.change === 'removed' ? (
          // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one diff never move
          <del key={index}>
            <VisuallyHidden>{t('editor.removed')}</VisuallyHidden>
            {part.text}
          </del>
        ) : (
          // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one diff never move
          <ins key={index}>
            <VisuallyHidden>{t('editor.added')}</VisuallyHidden>
            {part.text}
          </ins>
        ),
      )}
    </Text>
  );
}
