import { Button, Group, Modal, Stack, TextInput } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AdminContext } from '@tessera/plugin/admin';
import { type FormEvent, useState } from 'react';
import { useNavigate } from 'react-router';
import { builderPath, formKey, formsKey } from './queries.js';
import type { Form } from './records.js';
import { codeOf, fieldErrorsOf, messageOf } from './states.js';

/**
 * New form: its title (and, if wished, its address), created at once and opened in the builder,
 * where its fields are added.
 */
export function NewFormButton({ admin }: { admin: AdminContext }) {
  const { t } = admin.useTranslation();
  const client = useQueryClient();
  const navigate = useNavigate();
  const [opened, setOpened] = useState(false);
  const [title, setTitle] = useState('');
  const [slug, setSlug] = useState('');
  const create = useMutation({
    mutationFn: () =>
      admin.api.post<Form>('/forms', { title: title.trim(), ...(slug.trim() ? { slug: slug.trim() } : {}) }),
    onSuccess: async (form) => {
      client.setQueryData(formKey(form.id), form);
      await client.invalidateQueries({ queryKey: formsKey });
      navigate(builderPath(form.id));
    },
  });
  const errors = fieldErrorsOf(create.error);
  const slugTaken = codeOf(create.error) === 'form_slug_taken' ? messageOf(create.error) : undefined;
  const general =
    create.error && Object.keys(errors).length === 0 && !slugTaken ? messageOf(create.error) : undefined;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    create.mutate();
  };
  return (
    <>
      <Button
        onClick={() => {
          create.reset();
          setTitle('');
          setSlug('');
          setOpened(true);
        }}
      >
        {t('list.new')}
      </Button>
      <Modal opened={opened} onClose={() => setOpened(false)} title={t('create.title')}>
        <form onSubmit={submit} noValidate>
          <Stack>
            <TextInput
              label={t('create.formTitle')}
              required
              maxLength={200}
              value={title}
              onChange={(event) => setTitle(event.currentTarget.value)}
              error={errors.title?.join(' ') ?? general}
              data-autofocus
            />
            <TextInput
              label={t('create.slug')}
              description={t('create.slugHelp')}
              maxLength={60}
              value={slug}
              onChange={(event) => setSlug(event.currentTarget.value)}
              error={errors.slug?.join(' ') ?? slugTaken}
            />
            <Group justify="flex-end">
              <Button variant="default" onClick={() => setOpened(false)}>
                {t('common.cancel')}
              </Button>
              <Button type="submit" loading={create.isPending}>
                {t('create.submit')}
              </Button>
            </Group>
          </Stack>
        </form>
      </Modal>
    </>
  );
}
