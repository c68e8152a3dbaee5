import { Alert, Button, Card, Code, Group, Modal, Stack, Table, Text, Title } from '@mantine/core';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type ApiError, api, data, done, page, toApiError } from '../api.js';
import { useConfirm } from '../shell/confirm.js';
import { ListPagination } from '../shell/lists.js';
import { Pending } from '../shell/Shell.js';
import { useDateFormat } from '../site.js';
import { type RedirectDraft, RedirectForm, type RedirectStatus } from './RedirectForm.js';

interface Redirect {
  id: number;
  from: string;
  to: string | null;
  status: number;
  hits: number;
  last_hit_at: string | null;
}

/** The site's redirects (redirects.manage): added, changed and deleted, with how often each was followed. */
export function RedirectsPanel() {
  const { t } = useTranslation();
  const ask = useConfirm();
  const client = useQueryClient();
  const when = useDateFormat();
  const [current, setCurrent] = useState(1);
  const [added, setAdded] = useState<string | null>(null);
  const [createError, setCreateError] = useState<ApiError | null>(null);
  const [editing, setEditing] = useState<Redirect | null>(null);
  const [editError, setEditError] = useState<ApiError | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  // A new form after each success: it starts empty again.
  const [formKey, setFormKey] = useState(0);
  const list = useQuery({
    queryKey: ['redirects', current],
    queryFn: () => page(api.GET('/api/redirects', { params: { query: { page: current, limit: 20 } } })),
    placeholderData: keepPreviousData,
  });
  const refresh = () => client.invalidateQueries({ queryKey: ['redirects'] });
  const create = useMutation({
    mutationFn: (body: RedirectDraft) => data(api.POST('/api/redirects', { body })),
    onSuccess: (redirect) => {
      setAdded(redirect.from);
      setCreateError(null);
      setFormKey((key) => key + 1);
      void refresh();
    },
    onError: (error) => {
      setCreateError(toApiError(error));
      setAdded(null);
    },
  });
  const update = useMutation({
    mutationFn: ({ id, body }: { id: number; body: RedirectDraft }) =>
      data(api.PUT('/api/redirects/{id}', { params: { path: { id } }, body })),
    onSuccess: () => {
      setEditing(null);
      setEditError(null);
      void refresh();
    },
    onError: (error) => setEditError(toApiError(error)),
  });
  const remove = useMutation({
    mutationFn: (id: number) => done(api.DELETE('/api/redirects/{id}', { params: { path: { id } } })),
    onSuccess: () => setFailure(null),
    onError: (error) => setFailure(toApiError(error).message),
    onSettled: () => void refresh(),
  });
  const items: Redirect[] = list.data?.items ?? [];

  return (
    <Stack>
      <Text c="dimmed">{t('settings.about.redirects')}</Text>
      <Card withBorder radius="md" component="section" aria-labelledby="redirect-new">
        <Title id="redirect-new" order={2} size="h4" mb="sm">
          {t('settings.redirects.newTitle')}
        </Title>
        <RedirectForm
          key={formKey}
          submitLabel={t('settings.redirects.add')}
          pending={create.isPending}
          error={createError}
          onSubmit={(draft) => create.mutate(draft)}
        />
        {createError && Object.keys(createError.errors).length === 0 ? (
          <Text c="red" size="sm" role="alert" mt="xs">
            {createError.message}
          </Text>
        ) : null}
        {added ? (
          <Alert color="green" mt="sm" role="status">
            {t('settings.redirects.added', { from: added })}
          </Alert>
        ) : null}
      </Card>
      {failure ? (
        <Text c="red" role="alert">
          {failure}
        </Text>
      ) : null}
      {list.error || (list.isPending && !list.data) ? (
        <Pending error={list.error} retry={() => void list.refetch()} />
      ) : items.length === 0 ? (
        <Text c="dimmed">{t('settings.redirects.empty')}</Text>
      ) : (
        <>
          <Table.ScrollContainer minWidth={560}>
            <Table striped>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th scope="col">{t('settings.redirects.from')}</Table.Th>
                  <Table.Th scope="col">{t('settings.redirects.to')}</Table.Th>
                  <Table.Th scope="col">{t('settings.redirects.status')}</Table.Th>
                  <Table.Th scope="col">{t('settings.redirects.hits')}</Table.Th>
                  <Table.Th scope="col">
                    <span className="visually-hidden">{t('settings.redirects.actions')}</span>
                  </Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {items.map((redirect) => (
                  <Table.Tr key={redirect.id}>
                    <Table.Td>
                      <Code>{redirect.from}</Code>
                    </Table.Td>
                    <Table.Td style={{ wordBreak: 'break-all' }}>
                      {redirect.to ?? <Text size="sm">{t('settings.redirects.gone')}</Text>}
                    </Table.Td>
                    <Table.Td>{redirect.status}</Table.Td>
                    <Table.Td>
                      <Text size="sm">{redirect.hits}</Text>
                      <Text size="xs" c="dimmed">
                        {redirect.last_hit_at
                          ? t('settings.redirects.lastHit', {
                              when: when.format(new Date(redirect.last_hit_at)),
                            })
                          : t('settings.redirects.never')}
                      </Text>
                    </Table.Td>
                    <Table.Td>
                      <Group gap={4} wrap="nowrap">
                        <Button
                          size="compact-sm"
                          variant="subtle"
                          onClick={() => {
                            setEditError(null);
                            setEditing(redirect);
                          }}
                          aria-label={t('settings.redirects.editLabel', { from: redirect.from })}
                        >
                          {t('settings.redirects.edit')}
                        </Button>
                        <Button
                          size="compact-sm"
                          variant="subtle"
                          color="red"
                          loading={remove.isPending && remove.variables === redirect.id}
                          onClick={async () => {
                            const yes = await ask({
                              title: t('settings.redirects.deleteTitle'),
                              text: t('settings.redirects.deleteConfirm', { from: redirect.from }),
                              confirm: t('settings.redirects.delete'),
                              danger: true,
                            });
                            if (yes) remove.mutate(redirect.id);
                          }}
                          aria-label={t('settings.redirects.deleteLabel', { from: redirect.from })}
                        >
                          {t('settings.redirects.delete')}
                        </Button>
                      </Group>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
          <ListPagination lastPage={list.data?.meta.last_page} value={current} onChange={setCurrent} />
        </>
      )}
      <Modal
        opened={editing !== null}
        onClose={() => setEditing(null)}
        title={editing ? t('settings.redirects.editTitle', { from: editing.from }) : ''}
        size="lg"
        closeButtonProps={{ 'aria-label': t('settings.redirects.cancel') }}
      >
        {editing ? (
          <>
            <RedirectForm
              initial={{ from: editing.from, to: editing.to, status: editing.status as RedirectStatus }}
              submitLabel={t('settings.redirects.save')}
              pending={update.isPending}
              error={editError}
              onSubmit={(body) => update.mutate({ id: editing.id, body })}
              onCancel={() => setEditing(null)}
            />
            {editError && Object.keys(editError.errors).length === 0 ? (
              <Text c="red" size="sm" role="alert" mt="xs">
                {editError.message}
              </Text>
            ) : null}
          </>
        ) : null}
      </Modal>
    </Stack>
  );
}
