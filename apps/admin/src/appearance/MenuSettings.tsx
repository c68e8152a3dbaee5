import { Alert, Button, Group, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type ApiError, api, data, done, toApiError } from '../api.js';
import { fieldErrors, formProblems } from '../forms.js';
import { ConfirmDialog } from '../shell/ConfirmDialog.js';
import { useUnsaved } from './dirty.js';
import { LocationSelect } from './LocationSelect.js';
import { type ActiveTheme, MENUS, type SiteMenu } from './queries.js';

/** A menu's name and theme location, saved together; and deleting the menu, asked first. */
export function MenuSettings(props: {
  menu: SiteMenu;
  menus: SiteMenu[];
  theme: ActiveTheme;
  onDeleted: () => void;
}) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const { menu } = props;
  const [name, setName] = useState(menu.name);
  const [location, setLocation] = useState<string | null>(menu.location);
  const [saved, setSaved] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const [local, setLocal] = useState<ApiError | null>(null);
  const dirty = name.trim() !== menu.name || location !== menu.location;
  useUnsaved(dirty);

  const save = useMutation({
    mutationFn: (body: { name?: string; location?: string | null }) =>
      data(api.PUT('/api/menus/{id}', { params: { path: { id: menu.id } }, body })),
    onSuccess: (answer) => {
      // The menu that had the location gave it up: the list is fetched again for it.
      client.setQueryData<SiteMenu[]>(MENUS, (all) =>
        all?.map((each) => (each.id === answer.id ? answer : each)),
      );
      void client.invalidateQueries({ queryKey: MENUS });
      setName(answer.name);
      setLocation(answer.location);
      setSaved(true);
    },
    onError: () => setSaved(false),
  });
  const remove = useMutation({
    mutationFn: () => done(api.DELETE('/api/menus/{id}', { params: { path: { id: menu.id } } })),
    onSuccess: async () => {
      setDeleting(false);
      await client.invalidateQueries({ queryKey: MENUS });
      props.onDeleted();
    },
  });
  const error = local ?? (save.error ? toApiError(save.error) : null);
  const errors = fieldErrors(error);

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const problems = formProblems(event.currentTarget);
    setLocal(problems);
    if (problems) return;
    const body: { name?: string; location?: string | null } = {};
    if (name.trim() !== menu.name) body.name = name.trim();
    if (location !== menu.location) body.location = location;
    if (Object.keys(body).length > 0) save.mutate(body);
  }

  return (
    <Paper withBorder radius="md" p="sm" component="section" aria-labelledby="menu-settings-title">
      <Title id="menu-settings-title" order={2} size="h4" mb="xs">
        {t('appearance.menus.settings')}
      </Title>
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
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
            onChange={(event) => {
              setName(event.currentTarget.value);
              setSaved(false);
            }}
            error={errors.name}
          />
          <LocationSelect
            theme={props.theme}
            menus={props.menus}
            self={menu.id}
            value={location}
            onChange={(next) => {
              setLocation(next);
              setSaved(false);
            }}
            error={errors.location}
          />
          <Group justify="space-between">
            <Button variant="subtle" color="red" onClick={() => setDeleting(true)}>
              {t('appearance.menus.delete')}
            </Button>
            <Group gap="sm">
              {saved && !dirty ? (
                <Text size="sm" c="teal.9" role="status">
                  {t('appearance.saved')}
                </Text>
              ) : null}
              <Button type="submit" loading={save.isPending} disabled={!dirty}>
                {t('appearance.save')}
              </Button>
            </Group>
          </Group>
        </Stack>
      </form>
      <ConfirmDialog
        opened={deleting}
        title={t('appearance.menus.deleteTitle', { name: menu.name })}
        text={t('appearance.menus.deleteText')}
        confirm={t('appearance.delete')}
        danger
        pending={remove.isPending}
        error={remove.error}
        onConfirm={() => remove.mutate()}
        onClose={() => {
          setDeleting(false);
          remove.reset();
        }}
      />
    </Paper>
  );
}
