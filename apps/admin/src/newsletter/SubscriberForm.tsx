import { MultiSelect, Paper, Select, Stack, Text, TextInput } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api, data, toApiError } from '../api.js';
import { fieldErrors } from '../forms.js';
import { Pending } from '../shell/Shell.js';
import { useSite } from '../site.js';
import { FormFooter } from './FormFooter.js';
import { LISTS_QUERY, NEWSLETTER, SUBSCRIBER_STATUSES } from './queries.js';

/**
 * One subscriber added (an address given with consent: subscribed at once, or pending to be mailed
 * the confirmation) or changed: name, language, status, lists.
 */
export function SubscriberForm({ id, onDone }: { id: number | null; onDone: () => void }) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const locales = useSite().data?.locales ?? [];
  const lists = useQuery(LISTS_QUERY);
  const existing = useQuery({
    queryKey: [...NEWSLETTER, 'subscriber', id],
    queryFn: () => data(api.GET('/api/newsletter/subscribers/{id}', { params: { path: { id: id ?? 0 } } })),
    enabled: id !== null,
  });
  const subscriber = existing.data ?? null;
  const [chosen, setChosen] = useState<string[] | null>(null);
  const memberOf = chosen ?? (subscriber?.lists ?? []).map(String);
  const save = useMutation({
    mutationFn: (form: FormData) => {
      const common = {
        name: String(form.get('name') ?? '').trim(),
        language: String(form.get('language') ?? '') || null,
        lists: memberOf.map(Number),
      };
      const status = String(form.get('status') ?? 'subscribed') as (typeof SUBSCRIBER_STATUSES)[number];
      return id === null
        ? data(
            api.POST('/api/newsletter/subscribers', {
              body: {
                ...common,
                email: String(form.get('email') ?? '').trim(),
                status: status === 'pending' ? 'pending' : 'subscribed',
              },
            }),
          )
        : data(
            api.PATCH('/api/newsletter/subscribers/{id}', {
              params: { path: { id } },
              body: { ...common, status },
            }),
          );
    },
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: NEWSLETTER });
      onDone();
    },
  });
  if (id !== null && !subscriber)
    return <Pending error={existing.error} retry={() => void existing.refetch()} />;
  const errors = fieldErrors(save.error ? toApiError(save.error) : null);
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    save.mutate(new FormData(event.currentTarget));
  };
  const statuses = id === null ? (['subscribed', 'pending'] as const) : SUBSCRIBER_STATUSES;
  return (
    <Paper withBorder p="md" radius="md" component="form" onSubmit={submit} noValidate maw={640}>
      <Stack gap="sm">
        <Text fw={600}>{subscriber ? subscriber.email : t('newsletter.subscribers.addTitle')}</Text>
        {id === null ? (
          <TextInput
            name="email"
            type="email"
            label={t('newsletter.subscribers.email')}
            required
            maxLength={254}
            error={errors.email}
            data-autofocus
          />
        ) : null}
        <TextInput
          name="name"
          label={t('newsletter.subscribers.name')}
          defaultValue={subscriber?.name ?? ''}
          maxLength={200}
          error={errors.name}
        />
        <Select
          name="language"
          label={t('newsletter.subscribers.language')}
          placeholder={t('newsletter.subscribers.siteLanguage')}
          clearable
          defaultValue={subscriber?.language ?? null}
          data={locales}
          error={errors.language}
        />
        <Select
          name="status"
          label={t('newsletter.subscribers.status')}
          description={id === null ? t('newsletter.subscribers.statusHelp') : undefined}
          defaultValue={subscriber?.status ?? 'subscribed'}
          allowDeselect={false}
          data={statuses.map((value) => ({ value, label: t(`newsletter.statuses.${value}`) }))}
          error={errors.status}
        />
        <MultiSelect
          searchable
          label={t('newsletter.subscribers.lists')}
          value={memberOf}
          onChange={setChosen}
          data={(lists.data ?? []).map((list) => ({ value: String(list.id), label: list.name }))}
          error={errors.lists}
        />
        <FormFooter error={save.error} fieldErrors={errors} pending={save.isPending} onCancel={onDone} />
      </Stack>
    </Paper>
  );
}
