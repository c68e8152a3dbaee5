import { Button, Group, Modal, Select, Stack, Text, TextInput } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type ApiError, api, data, done, toApiError } from '../api.js';
import { fieldErrors, formProblems } from '../forms.js';
import { subtreeOf } from './drops.js';
import type { FlatFolder } from './model.js';
import { useMediaAccess } from './queries.js';

type Dialog = 'create' | 'rename' | 'delete' | null;

/**
 * New folder (inside the one shown), and for the folder shown: rename or move it, delete it. A
 * folder that still holds something is refused by the server; its words are shown, with the way
 * out it offers (moving the contents up).
 */
export function FolderActions(props: {
  folders: readonly FlatFolder[];
  current: FlatFolder | null;
  onFolder: (id: number | null) => void;
}) {
  const { t } = useTranslation();
  const access = useMediaAccess();
  const client = useQueryClient();
  const [dialog, setDialog] = useState<Dialog>(null);
  const [error, setError] = useState<ApiError | null>(null);
  const { current } = props;
  const open = (which: Dialog) => {
    setError(null);
    setDialog(which);
  };
  const close = () => setDialog(null);
  const refresh = () => client.invalidateQueries({ queryKey: ['media'] });

  const save = useMutation({
    mutationFn: (body: { name: string; parent_id: number | null }) =>
      dialog === 'rename' && current
        ? data(api.PUT('/api/media/folders/{id}', { params: { path: { id: current.id } }, body }))
        : data(api.POST('/api/media/folders', { body })),
    onSuccess: (folder) => {
      close();
      void refresh();
      props.onFolder(folder.id);
    },
    onError: (failure) => setError(toApiError(failure)),
  });
  const remove = useMutation({
    mutationFn: ({ id, moveUp }: { id: number; moveUp: boolean }) =>
      done(
        api.DELETE('/api/media/folders/{id}', {
          params: { path: { id }, query: { move_to_parent: moveUp } },
        }),
      ),
    onSuccess: () => {
      close();
      void refresh();
      props.onFolder(current?.parentId ?? null);
    },
    onError: (failure) => setError(toApiError(failure)),
  });

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const local = formProblems(event.currentTarget);
    if (local) {
      setError(local);
      return;
    }
    const form = new FormData(event.currentTarget);
    const parent = String(form.get('parent') ?? '');
    save.mutate({
      name: String(form.get('name') ?? '').trim(),
      parent_id: parent && parent !== 'top' ? Number(parent) : null,
    });
  }

  const excluded = dialog === 'rename' && current ? subtreeOf(props.folders, current.id) : new Set<number>();
  const parents = [
    { value: 'top', label: t('media.folders.top') },
    ...props.folders
      .filter((folder) => !excluded.has(folder.id))
      .map((folder) => ({ value: String(folder.id), label: `${'– '.repeat(folder.depth)}${folder.name}` })),
  ];
  const defaultParent =
    dialog === 'rename' ? (current?.parentId ?? null) : dialog === 'create' ? (current?.id ?? null) : null;
  const errors = fieldErrors(error);
  const refusedInUse = error?.code === 'folder_not_empty';

  return (
    <>
      <Group gap="xs">
        {access.createFolder ? (
          <Button variant="default" onClick={() => open('create')}>
            {t('media.folders.create')}
          </Button>
        ) : null}
        {current && access.editFolder ? (
          <Button
            variant="default"
            onClick={() => open('rename')}
            aria-label={t('media.folders.renameNamed', { name: current.name })}
          >
            {t('media.folders.rename')}
          </Button>
        ) : null}
        {current && access.deleteFolder ? (
          <Button
            variant="light"
            color="red"
            onClick={() => open('delete')}
            aria-label={t('media.folders.deleteNamed', { name: current.name })}
          >
            {t('media.folders.delete')}
          </Button>
        ) : null}
      </Group>

      <Modal
        opened={dialog === 'create' || dialog === 'rename'}
        onClose={close}
        closeButtonProps={{ 'aria-label': t('media.close') }}
        title={
          dialog === 'rename' && current
            ? t('media.folders.renameTitle', { name: current.name })
            : t('media.folders.createTitle')
        }
      >
        <form onSubmit={submit} noValidate>
          <Stack>
            <TextInput
              name="name"
              label={t('media.folders.name')}
              required
              maxLength={120}
              defaultValue={dialog === 'rename' ? current?.name : ''}
              error={errors.name}
              data-autofocus
            />
            <Select
              name="parent"
              label={t('media.folders.parent')}
              data={parents}
              defaultValue={defaultParent === null ? 'top' : String(defaultParent)}
              allowDeselect={false}
              error={errors.parent_id}
            />
            {error && !errors.name && !errors.parent_id ? (
              <Text c="red.9" size="sm" role="alert">
                {error.message}
              </Text>
            ) : null}
            <Group justify="flex-end">
              <Button variant="default" onClick={close}>
                {t('media.cancel')}
              </Button>
              <Button type="submit" loading={save.isPending}>
                {dialog === 'rename' ? t('media.save') : t('media.folders.createSubmit')}
              </Button>
            </Group>
          </Stack>
        </form>
      </Modal>

      <Modal
        opened={dialog === 'delete' && current !== null}
        onClose={close}
        closeButtonProps={{ 'aria-label': t('media.close') }}
        title={t('media.folders.deleteTitle', { name: current?.name ?? '' })}
      >
        <Stack>
          <Text size="sm">{t('media.folders.deleteText')}</Text>
          {error ? (
            <Text c="red.9" size="sm" role="alert">
              {error.message}
            </Text>
          ) : null}
          <Group justify="flex-end">
            <Button variant="default" onClick={close}>
              {t('media.cancel')}
            </Button>
            {current ? (
              <Button
                color="red"
                loading={remove.isPending}
                onClick={() => remove.mutate({ id: current.id, moveUp: refusedInUse })}
              >
                {refusedInUse ? t('media.folders.deleteMovingUp') : t('media.folders.deleteConfirm')}
              </Button>
            ) : null}
          </Group>
        </Stack>
      </Modal>
    </>
  );
}
