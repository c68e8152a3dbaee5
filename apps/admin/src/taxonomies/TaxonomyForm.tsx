import { Alert, Button, Group, Modal, Stack, Switch, TextInput } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type ApiError, api, data, toApiError } from '../api.js';
import { fieldErrors, formProblems } from '../forms.js';
import { TAXONOMIES, type Taxonomy } from './queries.js';

/**
 * Creates a custom taxonomy (`taxonomy` null) or changes one: its labels and whether its terms nest.
 * The slug is fixed once made (it names the API path); a built-in taxonomy keeps its structure.
 */
export function TaxonomyForm(props: { taxonomy: Taxonomy | null; opened: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <Modal
      closeButtonProps={{ 'aria-label': t('taxonomies.close') }}
      opened={props.opened}
      onClose={props.onClose}
      title={
        props.taxonomy
          ? t('taxonomies.editTaxonomy', { name: props.taxonomy.plural_label })
          : t('taxonomies.newTaxonomy')
      }
    >
      {props.opened ? <TaxonomyFields key={props.taxonomy?.slug ?? 'new'} {...props} /> : null}
    </Modal>
  );
}

function TaxonomyFields(props: { taxonomy: Taxonomy | null; onClose: () => void }) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const { taxonomy } = props;
  const [slug, setSlug] = useState(taxonomy?.slug ?? '');
  const [singular, setSingular] = useState(taxonomy?.singular_label ?? '');
  const [plural, setPlural] = useState(taxonomy?.plural_label ?? '');
  const [hierarchical, setHierarchical] = useState(taxonomy?.hierarchical ?? false);
  const [local, setLocal] = useState<ApiError | null>(null);
  const save = useMutation({
    mutationFn: () => {
      const labels = { singular_label: singular.trim(), plural_label: plural.trim(), hierarchical };
      return taxonomy
        ? data(
            api.PUT('/api/taxonomies/{taxonomy}', {
              params: { path: { taxonomy: taxonomy.slug } },
              body: labels,
            }),
          )
        : data(api.POST('/api/taxonomies', { body: { slug: slug.trim(), ...labels } }));
    },
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: TAXONOMIES });
      props.onClose();
    },
  });
  const error = local ?? (save.error ? toApiError(save.error) : null);
  const errors = fieldErrors(error);
  const shown = ['slug', 'singular_label', 'plural_label', 'hierarchical'];

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const problems = formProblems(event.currentTarget);
    setLocal(problems);
    if (problems) return;
    save.mutate();
  }

  return (
    <form onSubmit={submit} noValidate>
      <Stack>
        {error && !Object.keys(error.errors).some((field) => shown.includes(field)) ? (
          <Alert color="red" role="alert">
            {error.message}
          </Alert>
        ) : null}
        <TextInput
          name="singular_label"
          label={t('taxonomies.singular')}
          description={t('taxonomies.singularHelp')}
          required
          maxLength={80}
          value={singular}
          onChange={(event) => setSingular(event.currentTarget.value)}
          error={errors.singular_label}
          data-autofocus
        />
        <TextInput
          name="plural_label"
          label={t('taxonomies.plural')}
          description={t('taxonomies.pluralHelp')}
          required
          maxLength={80}
          value={plural}
          onChange={(event) => setPlural(event.currentTarget.value)}
          error={errors.plural_label}
        />
        <TextInput
          name="slug"
          label={t('taxonomies.slug')}
          description={taxonomy ? t('taxonomies.slugFixed') : t('taxonomies.taxonomySlugHelp')}
          required={!taxonomy}
          maxLength={40}
          // content/types/content-type.ts TaxonomySlug
          pattern="[a-z][a-z0-9_]{1,39}"
          value={slug}
          onChange={(event) => setSlug(event.currentTarget.value)}
          error={errors.slug}
          disabled={taxonomy !== null}
        />
        <Switch
          label={t('taxonomies.hierarchical')}
          description={
            taxonomy?.builtin ? t('taxonomies.builtinStructure') : t('taxonomies.hierarchicalHelp')
          }
          checked={hierarchical}
          onChange={(event) => setHierarchical(event.currentTarget.checked)}
          disabled={taxonomy?.builtin ?? false}
          error={errors.hierarchical}
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={props.onClose}>
            {t('taxonomies.cancel')}
          </Button>
          <Button type="submit" loading={save.isPending}>
            {taxonomy ? t('taxonomies.save') : t('taxonomies.create')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
