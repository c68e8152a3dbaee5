import { Button, Group, Stack, Switch, Text, TextInput } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { type FormEvent, type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type ApiError, api, data } from '../api.js';
import { fieldErrors, formProblems, withProblem } from '../forms.js';
import { Pending } from '../shell/Shell.js';
import { EventPicker } from './EventPicker.js';

export interface WebhookDraft {
  url: string;
  description: string;
  events: string[];
  active: boolean;
}

/** The events a webhook of this site can subscribe to (GET /api/webhooks/events). */
export function useWebhookEvents() {
  return useQuery({
    queryKey: ['webhooks', 'events'],
    queryFn: () => data(api.GET('/api/webhooks/events')),
    staleTime: 5 * 60_000,
  });
}

/** A webhook's address, description, active switch and events; the server's words on each. */
export function WebhookForm(props: {
  initial?: WebhookDraft;
  submitLabel: string;
  pending: boolean;
  error: ApiError | null;
  onSubmit: (draft: WebhookDraft) => void;
  /** Beside the submit button: a saved notice. */
  footer?: ReactNode;
}) {
  const { t } = useTranslation();
  const events = useWebhookEvents();
  const [url, setUrl] = useState(props.initial?.url ?? '');
  const [description, setDescription] = useState(props.initial?.description ?? '');
  const [active, setActive] = useState(props.initial?.active ?? true);
  const [chosen, setChosen] = useState<string[]>(props.initial?.events ?? []);
  const [local, setLocal] = useState<ApiError | null>(null);
  const error = local ?? props.error;
  const errors = fieldErrors(error);
  // `events.3` names one refused pattern: shown with the picker, like `events`.
  const eventErrors = Object.entries(errors)
    .filter(([key]) => key === 'events' || key.startsWith('events.'))
    .map(([, message]) => message);

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const problems = formProblems(event.currentTarget);
    // The events are checkboxes without a name: webhooks/service.ts wants one at least.
    const found =
      chosen.length === 0 ? withProblem(problems, 'events', t('server.minItems', { limit: 1 })) : problems;
    setLocal(found);
    if (found) return;
    props.onSubmit({ url: url.trim(), description: description.trim(), events: chosen, active });
  }

  return (
    <form onSubmit={submit} noValidate>
      <Stack>
        <TextInput
          name="url"
          label={t('webhooks.url')}
          description={t('webhooks.urlHelp')}
          type="url"
          required
          maxLength={2000}
          placeholder="https://"
          pattern="[Hh][Tt][Tt][Pp][Ss]?://.*"
          value={url}
          onChange={(event) => setUrl(event.currentTarget.value)}
          error={errors.url}
        />
        <TextInput
          name="description"
          label={t('webhooks.description')}
          description={t('webhooks.descriptionHelp')}
          maxLength={500}
          value={description}
          onChange={(event) => setDescription(event.currentTarget.value)}
          error={errors.description}
        />
        <Switch
          label={t('webhooks.active')}
          description={t('webhooks.activeHelp')}
          checked={active}
          onChange={(event) => setActive(event.currentTarget.checked)}
        />
        {events.data ? (
          <EventPicker
            events={events.data}
            value={chosen}
            onChange={setChosen}
            error={eventErrors.length > 0 ? eventErrors.join(' ') : undefined}
          />
        ) : (
          <Pending error={events.error} retry={() => void events.refetch()} />
        )}
        {error && !['url', 'description', 'events'].some((key) => errors[key]) && eventErrors.length === 0 ? (
          <Text c="red" size="sm" role="alert">
            {error.message}
          </Text>
        ) : null}
        <Group>
          <Button type="submit" loading={props.pending}>
            {props.submitLabel}
          </Button>
          {props.footer}
        </Group>
      </Stack>
    </form>
  );
}
