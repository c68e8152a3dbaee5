import { Alert, Button, Group, Modal, Stack, TextInput } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type ApiError, api, data, toApiError } from '../api.js';
import { fieldErrors, formProblems } from '../forms.js';
import { LocationSelect } from './LocationSelect.js';
import { type ActiveTheme, MENUS, type SiteMenu } from './queries.js';

/** Makes a menu in a dialog: its name, and the theme location it shows in, if any. */
export function NewMenuForm(props: {
  opened: boolean;
  menus: SiteMenu[];
  theme: ActiveTheme;
  onClose: () => void;
  onCreated: (menu: SiteMenu) => void;
}) {
  const { t } = useTranslation();
  return (
    <Modal
      opened={props.opened}
      onClose={props.onClose}
      title={t('appearance.menus.new')}
      closeButtonProps={{ 'aria-label': t('appearance.close') }}
    >
      {props.opened ? <NewMenuFields {...props} /> : null}
    </Modal>
  );
}

function NewMenuFields(props: {
  menus: SiteMenu[];
  theme: ActiveTheme;
  onClose: () => void;
  onCreated: (menu: SiteMenu) => void;
}) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const [name, setName] = useState('');
  const [location, setLocation] = useState<string | null>(null);
  const [local, setLocal] = useState<ApiError | null>(null);
  const create = useMutation({
    mutationFn: (body: { name: string; location?: string | null }) => data(api.POST('/api/menus', { body })),
    onSuccess: async (menu) => {
      await client.invalidateQueries({ queryKey: MENUS });
      props.onCreated(menu);
    },
  });
  const error = local ?? (create.error ? toApiError(create.error) : null);
  const errors = fieldErrors(error);

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const problems = formProblems(event.currentTarget);
    setLocal(problems);
    if (problems) return;
    create.mutate({ name: name.trim(), ...(location ? { location } : {}) });
  }

  return (
    <form onSubmit={submit} noValidate>
      <Stack>
        {error && !errors.name && !errors.location ? (
          <Alert color="red" role="alert">
            {error.message}
          </Alert>
        ) : null}
        <TextInput
          name="name"
          label={t('appearance.menus.name')}
          required
          maxLength={100}
          value={name}
          onChange={(event) => setName(event.currentTarget.value)}
          error={errors.name}
          data-autofocus
        />
        <LocationSelect
          theme={props.theme}
          menus={props.menus}
          self={null}
          value={location}
          onChange={setLocation}
          error={errors.location}
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={props.onClose}>
            {t('appearance.cancel')}
          </Button>
          <Button type="submit" loading={create.isPending}>
            {t('appearance.menus.create')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
