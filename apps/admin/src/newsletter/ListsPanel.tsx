import { Alert, Button, Checkbox, Group, Paper, Stack, Table, Text, TextInput } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api, data, done, toApiError } from '../api.js';
import { fieldErrors } from '../forms.js';
import { useConfirm } from '../shell/confirm.js';
import { Pending } from '../shell/Shell.js';
import { FormFooter } from './FormFooter.js';
import { LISTS_QUERY, NEWSLETTER, type NewsletterList } from './queries.js';

/**
 * The site's lists: each one's name, description, whether visitors may choose it (on the subscribe
 * block and their own page), and how many subscribe to it; added, renamed or deleted here.
 */
export function ListsPanel() {
  const { t } = useTranslation();
  const ask = useConfirm();
  const client = useQueryClient();
  const lists = useQuery(LISTS_QUERY);
  const [editing, setEditing] = useState<NewsletterList | 'new' | null>(null);
  const remove = useMutation({
    mutationFn: (id: number) => done(api.DELETE('/api/newsletter/lists/{id}', { params: { path: { id } } })),
    onSettled: () => void client.invalidateQueries({ queryKey: NEWSLETTER }),
  });
  const items = lists.data ?? [];
  return (
    <Stack maw={900}>
      <Group justify="space-between">
        <Text c="dimmed">{t('newsletter.lists.intro')}</Text>
        <Button onClick={() => setEditing('new')}>{t('newsletter.lists.add')}</Button>
      </Group>
      {remove.error ? (
        <Alert color="red" role="alert">
          {toApiError(remove.error).message}
        </Alert>
      ) : null}
      {editing ? (
        <ListForm list={editing === 'new' ? null : editing} onDone={() => setEditing(null)} />
      ) : null}
      {lists.error || lists.isPending ? (
        <Pending error={lists.error} retry={() => void lists.refetch()} />
      ) : items.length === 0 ? (
        <Text c="dimmed">{t('newsletter.lists.empty')}</Text>
      ) : (
        <Table.ScrollContainer minWidth={600} type="native">
          <Table striped>
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">{t('newsletter.lists.name')}</Table.Th>
                <Table.Th scope="col">{t('newsletter.lists.public')}</Table.Th>
                <Table.Th scope="col">{t('newsletter.lists.subscribers')}</Table.Th>
                <Table.Th scope="col">{t('newsletter.actions')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {items.map((list) => (
                <Table.Tr key={list.id}>
                  <Table.Td>
                    <Text size="sm" fw={500}>
                      {list.name}
                    </Text>
                    {list.description ? (
                      <Text size="xs" c="dimmed">
                        {list.description}
                      </Text>
                    ) : null}
                  </Table.Td>
                  <Table.Td>{list.public ? t('newsletter.yes') : t('newsletter.no')}</Table.Td>
                  <Table.Td>{list.subscriber_count}</Table.Td>
                  <Table.Td>
                    <Group gap={4} wrap="nowrap">
                      <Button
                        size="compact-sm"
                        variant="subtle"
                        onClick={() => setEditing(list)}
                        aria-label={t('newsletter.lists.editLabel', { name: list.name })}
                      >
                        {t('newsletter.edit')}
                      </Button>
                      <Button
                        size="compact-sm"
                        variant="subtle"
                        color="red"
                        loading={remove.isPending && remove.variables === list.id}
                        aria-label={t('newsletter.lists.deleteLabel', { name: list.name })}
                        onClick={async () => {
                          const yes = await ask({
                            title: t('newsletter.lists.deleteTitle'),
                            text: t('newsletter.lists.deleteText', { name: list.name }),
                            confirm: t('newsletter.delete'),
                            danger: true,
                          });
                          if (yes) remove.mutate(list.id);
                        }}
                      >
                        {t('newsletter.delete')}
                      </Button>
                    </Group>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </Stack>
  );
}

function ListForm({ list, onDone }: { list: NewsletterList | null; onDone: () => void }) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const save = useMutation({
    mutationFn: (body: { name: string; description: string; public: boolean }) =>
      list
        ? data(api.PATCH('/api/newsletter/lists/{id}', { params: { path: { id: list.id } }, body }))
        : data(api.POST('/api/newsletter/lists', { body })),
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: NEWSLETTER });
      onDone();
    },
  });
  const errors = fieldErrors(save.error ? toApiError(save.error) : null);
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    save.mutate({
      name: String(form.get('name') ?? '').trim(),
      description: String(form.get('description') ?? '').trim(),
      public: form.get('public') === 'on',
    });
  };
  return (
    <Paper withBorder p="md" radius="md" component="form" onSubmit={submit} noValidate>
      <Stack gap="sm">
        <TextInput
          name="name"
          label={t('newsletter.lists.name')}
          defaultValue={list?.name ?? ''}
          required
          maxLength={100}
          error={errors.name}
          data-autofocus
        />
        <TextInput
          name="description"
          label={t('newsletter.lists.description')}
          defaultValue={list?.description ?? ''}
          maxLength={500}
          error={errors.description}
        />
        <Checkbox
          name="public"
          label={t('newsletter.lists.publicLabel')}
          description={t('newsletter.lists.publicHelp')}
          defaultChecked={list ? Boolean(list.public) : true}
        />
        <FormFooter error={save.error} fieldErrors={errors} pending={save.isPending} onCancel={onDone} />
      </Stack>
    </Paper>
  );
}
