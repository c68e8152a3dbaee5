import { Alert, Button, Group, Modal, Select, Stack, Textarea, TextInput } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type ApiError, api, data, toApiError } from '../api.js';
import { fieldErrors, formProblems } from '../forms.js';
import { descendantsOf, flatten } from '../shell/tree.js';
import { isDefaultTerm, type TaxonomyLabels, type Term, termsKey } from './queries.js';

const TOP = 'top';

type TermBody = {
  name?: string;
  slug?: string;
  description?: string;
  parent_id?: number | null;
  position?: number;
};

/** Adds a term (`term` null) or changes one, in a dialog: name, slug, parent when terms nest, description. */
export function TermForm(props: {
  taxonomy: string;
  hierarchical: boolean;
  labels: TaxonomyLabels;
  terms: Term[];
  term: Term | null;
  opened: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  return (
    <Modal
      closeButtonProps={{ 'aria-label': t('taxonomies.close') }}
      opened={props.opened}
      onClose={props.onClose}
      title={
        props.term
          ? t('taxonomies.editTerm', { name: props.term.name })
          : t('taxonomies.newTerm', { label: props.labels.singular.toLowerCase() })
      }
    >
      {props.opened ? <TermFields key={props.term?.id ?? 'new'} {...props} /> : null}
    </Modal>
  );
}

function TermFields(props: {
  taxonomy: string;
  hierarchical: boolean;
  terms: Term[];
  term: Term | null;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const { term, taxonomy } = props;
  const [name, setName] = useState(term?.name ?? '');
  const [slug, setSlug] = useState(term?.slug ?? '');
  const [description, setDescription] = useState(term?.description ?? '');
  const [parent, setParent] = useState(term?.parent_id ? String(term.parent_id) : TOP);
  const [local, setLocal] = useState<ApiError | null>(null);
  const rows = useMemo(() => flatten(props.terms), [props.terms]);
  // A term cannot go under itself or one of its own descendants.
  const parents = useMemo(() => {
    const excluded = term ? descendantsOf(rows, term.id).add(term.id) : new Set<number>();
    return [
      { value: TOP, label: t('taxonomies.noParent') },
      ...rows
        .filter((row) => !excluded.has(row.node.id))
        .map((row) => ({ value: String(row.node.id), label: `${'— '.repeat(row.depth)}${row.node.name}` })),
    ];
  }, [rows, term, t]);

  const save = useMutation({
    mutationFn: (body: TermBody) =>
      term
        ? data(
            api.PUT('/api/taxonomies/{taxonomy}/terms/{id}', {
              params: { path: { taxonomy, id: term.id } },
              body,
            }),
          )
        : data(
            api.POST('/api/taxonomies/{taxonomy}/terms', {
              params: { path: { taxonomy } },
              body: body as TermBody & { name: string },
            }),
          ),
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: termsKey(taxonomy) });
      props.onClose();
    },
  });
  const error = local ?? (save.error ? toApiError(save.error) : null);
  const errors = fieldErrors(error);
  const shown = ['name', 'slug', 'description', 'parent_id'];

  /** The end of the new parent's children: a term made or moved there goes last, as it was added. */
  function lastPosition(parentId: number | null): number {
    const siblings = props.terms.filter((each) => each.parent_id === parentId && each.id !== term?.id);
    return siblings.reduce((max, each) => Math.max(max, each.position + 1), 0);
  }

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const problems = formProblems(event.currentTarget);
    setLocal(problems);
    if (problems) return;
    const parentId = props.hierarchical && parent !== TOP ? Number(parent) : null;
    const body: TermBody = {};
    if (!term || name.trim() !== term.name) body.name = name.trim();
    if (slug.trim() && slug.trim() !== term?.slug) body.slug = slug.trim();
    if (description !== (term?.description ?? '')) body.description = description;
    // Tags keep to alphabetical order (all at position 0); categories go where they are put.
    if (props.hierarchical && (!term || parentId !== term.parent_id)) {
      body.parent_id = parentId;
      body.position = lastPosition(parentId);
    }
    if (term && Object.keys(body).length === 0) props.onClose();
    else save.mutate(body);
  }

  const fixedSlug = term !== null && isDefaultTerm(taxonomy, term);
  return (
    <form onSubmit={submit} noValidate>
      <Stack>
        {error && !Object.keys(error.errors).some((field) => shown.includes(field)) ? (
          <Alert color="red" role="alert">
            {error.message}
          </Alert>
        ) : null}
        <TextInput
          name="name"
          label={t('taxonomies.name')}
          required
          maxLength={200}
          value={name}
          onChange={(event) => setName(event.currentTarget.value)}
          error={errors.name}
          data-autofocus
        />
        <TextInput
          name="slug"
          label={t('taxonomies.slug')}
          description={fixedSlug ? t('taxonomies.defaultSlug') : t('taxonomies.slugHelp')}
          maxLength={200}
          // The server's TermSlug (taxonomies/routes.ts), around the spaces it trims.
          pattern={String.raw`\s*[a-z0-9]+(?:-[a-z0-9]+)*\s*`}
          value={slug}
          onChange={(event) => setSlug(event.currentTarget.value)}
          error={errors.slug}
          disabled={fixedSlug}
        />
        {props.hierarchical ? (
          <Select
            label={t('taxonomies.parent')}
            data={parents}
            value={parent}
            onChange={(value) => setParent(value ?? TOP)}
            allowDeselect={false}
            searchable
            error={errors.parent_id}
            comboboxProps={{ withinPortal: true }}
          />
        ) : null}
        <Textarea
          name="description"
          label={t('taxonomies.description')}
          maxLength={5000}
          autosize
          minRows={2}
          maxRows={6}
          value={description}
          onChange={(event) => setDescription(event.currentTarget.value)}
          error={errors.description}
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={props.onClose}>
            {t('taxonomies.cancel')}
          </Button>
          <Button type="submit" loading={save.isPending}>
            {term ? t('taxonomies.save') : t('taxonomies.add')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
