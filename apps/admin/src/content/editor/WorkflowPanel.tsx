import { Anchor, Button, Group, Modal, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type ApiError, api, data } from '../../api.js';
import { fieldErrors, formProblems } from '../../forms.js';
import { useDateFormat, useSite } from '../../site.js';
import { fromWallClock, toWallClock } from '../../zoned.js';
import type { Entry } from './model.js';

type Transition =
  | 'submit'
  | 'approve'
  | 'request_changes'
  | 'publish'
  | 'schedule'
  | 'unschedule'
  | 'unpublish';
const ORDER: Transition[] = [
  'publish',
  'schedule',
  'submit',
  'approve',
  'request_changes',
  'unschedule',
  'unpublish',
];
/** Taking an entry off the site or back from review is not the main action: shown quieter. */
const QUIET = new Set<Transition>(['unschedule', 'unpublish', 'request_changes']);

/**
 * The workflow buttons: exactly the transitions the server says this user may take now. Unsaved
 * changes are saved first, so what is published is what the user sees.
 */
export function WorkflowPanel(props: {
  type: string;
  entry: Entry;
  disabled: boolean;
  /** Saves unsaved changes; the saved entry, or null when saving failed (its errors are shown). */
  saveFirst: () => Promise<Entry | null>;
  onDone: (entry: Entry) => void;
  /** Publishes another way than the content API's route (the builder's POST /api/builder/page/{id}/publish). */
  publish?: (id: number) => Promise<Entry>;
}) {
  const { t } = useTranslation();
  const zone = useSite().data?.time_zone ?? 'UTC';
  const when = useDateFormat();
  const [asking, setAsking] = useState<'schedule' | 'request_changes' | null>(null);
  const [publishAt, setPublishAt] = useState('');
  const [comment, setComment] = useState('');
  const [local, setLocal] = useState<ApiError | null>(null);
  /** The public address of what was just published: the notice's "View post" link. */
  const [published, setPublished] = useState<string | null>(null);
  const take = useMutation({
    mutationFn: async (input: { name: Transition; body?: object }) => {
      const saved = await props.saveFirst();
      if (!saved) return null;
      if (input.name === 'publish' && props.publish) return props.publish(saved.id);
      const path =
        `/api/content/{type}/{id}/${input.name.replace('_', '-')}` as '/api/content/{type}/{id}/publish';
      return data(
        api.POST(path, {
          params: { path: { type: props.type, id: saved.id } },
          ...(input.body ? { body: input.body as never } : {}),
        }),
      );
    },
    onMutate: () => setPublished(null),
    onSuccess: (entry, input) => {
      if (!entry) return;
      setAsking(null);
      if (input.name === 'publish' && entry.status === 'published') setPublished(entry.url);
      props.onDone(entry);
    },
  });
  const errors = fieldErrors(local ?? (take.error as ApiError | null));
  /** False, and the problems shown beside their inputs, when the form's inputs break the server's rules. */
  const checked = (form: HTMLFormElement) => {
    const problems = formProblems(form);
    setLocal(problems);
    return problems === null;
  };
  const { entry } = props;
  const available = ORDER.filter((name) => entry.transitions.includes(name));
  const label = (name: Transition) =>
    name === 'publish' && entry.status === 'published'
      ? t('editor.transition.republish')
      : t(`editor.transition.${name}`);

  return (
    <Stack gap="xs">
      {entry.status === 'scheduled' && entry.publish_at ? (
        <Text size="sm">{t('editor.scheduledFor', { date: when.format(new Date(entry.publish_at)) })}</Text>
      ) : null}
      {entry.review_note && entry.status === 'draft' ? (
        <Text size="sm" c="orange.9">
          {t('editor.reviewNote', { note: entry.review_note })}
        </Text>
      ) : null}
      {entry.has_unpublished_changes ? <Text size="sm">{t('editor.unpublishedChanges')}</Text> : null}
      {published ? (
        <Text size="sm" role="status">
          {t('editor.publishedNotice')}{' '}
          <Anchor href={published} target="_blank" rel="noopener" inherit>
            {t('editor.viewPost')}
          </Anchor>
        </Text>
      ) : null}
      {take.error ? (
        <Text size="sm" c="red" role="alert">
          {take.error.message}
        </Text>
      ) : null}
      <Group gap="xs">
        {available.map((name) => (
          <Button
            key={name}
            size="xs"
            variant={QUIET.has(name) ? 'default' : name === available[0] ? 'filled' : 'light'}
            disabled={props.disabled}
            loading={take.isPending && take.variables?.name === name}
            onClick={() => {
              if (name === 'schedule') {
                const soon = new Date(Date.now() + 3_600_000);
                soon.setMinutes(0, 0, 0);
                setPublishAt(toWallClock(entry.publish_at ?? soon.toISOString(), zone));
                setAsking('schedule');
              } else if (name === 'request_changes') {
                setComment('');
                setAsking('request_changes');
              } else take.mutate({ name });
            }}
          >
            {label(name)}
          </Button>
        ))}
      </Group>
      {available.length === 0 ? (
        <Text size="xs" c="dimmed">
          {t('editor.noTransitions')}
        </Text>
      ) : null}
      <Modal
        opened={asking === 'schedule'}
        onClose={() => setAsking(null)}
        title={t('editor.transition.schedule')}
      >
        <form
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            if (!checked(event.currentTarget)) return;
            const at = fromWallClock(publishAt, zone);
            if (at) take.mutate({ name: 'schedule', body: { publish_at: at } });
          }}
        >
          <Stack>
            <TextInput
              name="publish_at"
              type="datetime-local"
              label={t('editor.publishAt')}
              description={t('editor.inZone', { zone })}
              required
              value={publishAt}
              onChange={(e) => setPublishAt(e.currentTarget.value)}
              error={errors.publish_at}
            />
            <Group justify="flex-end">
              <Button type="submit" loading={take.isPending}>
                {t('editor.transition.schedule')}
              </Button>
            </Group>
          </Stack>
        </form>
      </Modal>
      <Modal
        opened={asking === 'request_changes'}
        onClose={() => setAsking(null)}
        title={t('editor.transition.request_changes')}
      >
        <form
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            if (!checked(event.currentTarget)) return;
            take.mutate({ name: 'request_changes', body: comment.trim() ? { comment: comment.trim() } : {} });
          }}
        >
          <Stack>
            <Textarea
              name="comment"
              label={t('editor.reviewComment')}
              autosize
              minRows={3}
              maxLength={5000}
              value={comment}
              onChange={(e) => setComment(e.currentTarget.value)}
              error={errors.comment}
            />
            <Group justify="flex-end">
              <Button type="submit" loading={take.isPending}>
                {t('editor.sendBack')}
              </Button>
            </Group>
          </Stack>
        </form>
      </Modal>
    </Stack>
  );
}
