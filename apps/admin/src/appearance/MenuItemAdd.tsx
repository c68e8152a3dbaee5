import {
  Alert,
  Button,
  Checkbox,
  Group,
  Paper,
  SegmentedControl,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type ApiError, api, data, toApiError } from '../api.js';
import { fieldErrors, formProblems, withProblem } from '../forms.js';
import { useUnsaved } from './dirty.js';
import { type ChosenEntry, EntrySearch } from './EntrySearch.js';
import { MENU_ITEM_PATTERNS } from './menu-item-rules.js';
import { MENUS, type SiteMenu } from './queries.js';
import { TermChoice } from './TermChoice.js';

const KINDS = ['entry', 'term', 'custom'] as const;
type Kind = (typeof KINDS)[number];

interface ItemBody {
  kind: Kind;
  entry_id?: number;
  term_id?: number;
  url?: string;
  label: string;
  target: '_self' | '_blank';
}

/** Adds a link at the end of the menu: to an entry, to a category or tag, or to any address. */
export function MenuItemAdd({ menu }: { menu: SiteMenu }) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const [kind, setKind] = useState<Kind>('entry');
  const [entry, setEntry] = useState<ChosenEntry | null>(null);
  const [term, setTerm] = useState<{ id: number; name: string } | null>(null);
  const [url, setUrl] = useState('');
  const [label, setLabel] = useState('');
  const [blank, setBlank] = useState(false);
  const [said, setSaid] = useState('');
  const [local, setLocal] = useState<ApiError | null>(null);
  // The form restarts (a new key) after each addition.
  const [round, setRound] = useState(0);
  const dirty = entry !== null || term !== null || url.trim() !== '' || label.trim() !== '';
  useUnsaved(dirty);

  const add = useMutation({
    mutationFn: (body: ItemBody) =>
      data(api.POST('/api/menus/{id}/items', { params: { path: { id: menu.id } }, body })),
    onSuccess: (answer, body) => {
      client.setQueryData<SiteMenu[]>(MENUS, (all) =>
        all?.map((each) => (each.id === answer.id ? answer : each)),
      );
      void client.invalidateQueries({ queryKey: MENUS });
      const name = body.label || entry?.title || term?.name || '';
      setSaid(t('appearance.menus.added', { name, menu: menu.name }));
      setEntry(null);
      setTerm(null);
      setUrl('');
      setLabel('');
      setBlank(false);
      setRound((n) => n + 1);
    },
    onError: () => setSaid(''),
  });
  const error = local ?? (add.error ? toApiError(add.error) : null);
  const errors = fieldErrors(error);
  const shown = ['entry_id', 'term_id', 'url', 'label'];

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const problems = formProblems(event.currentTarget);
    // The entry and term pickers are no inputs the browser checks.
    const unchosen = kind === 'entry' && !entry ? 'entry_id' : kind === 'term' && !term ? 'term_id' : null;
    const found = unchosen ? withProblem(problems, unchosen, t('server.required')) : problems;
    setLocal(found);
    if (found) return;
    const base = { label: label.trim(), target: blank ? '_blank' : '_self' } as const;
    if (kind === 'entry') add.mutate({ ...base, kind, ...(entry ? { entry_id: entry.id } : {}) });
    else if (kind === 'term') add.mutate({ ...base, kind, ...(term ? { term_id: term.id } : {}) });
    else add.mutate({ ...base, kind, url: url.trim() });
  }

  return (
    <Paper withBorder radius="md" p="sm" component="section" aria-labelledby="menu-add-title">
      <Title id="menu-add-title" order={2} size="h4" mb="xs">
        {t('appearance.menus.add')}
      </Title>
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          <SegmentedControl
            value={kind}
            onChange={(next) => {
              setKind(next as Kind);
              add.reset();
              setLocal(null);
            }}
            data={KINDS.map((value) => ({ value, label: t(`appearance.menus.kind.${value}`) }))}
            aria-label={t('appearance.menus.kindLabel')}
            fullWidth
          />
          {error && !Object.keys(error.errors).some((field) => shown.includes(field)) ? (
            <Alert color="red" role="alert">
              {error.message}
            </Alert>
          ) : null}
          {kind === 'entry' ? (
            <EntrySearch key={round} value={entry} onChange={setEntry} error={errors.entry_id} />
          ) : kind === 'term' ? (
            <TermChoice
              key={round}
              value={term?.id ?? null}
              onChange={(id, name) => setTerm(id === null ? null : { id, name })}
              error={errors.term_id}
            />
          ) : (
            <TextInput
              name="url"
              label={t('appearance.menus.url')}
              description={t('appearance.menus.urlHelp')}
              required
              maxLength={2000}
              pattern={MENU_ITEM_PATTERNS.url}
              value={url}
              onChange={(event) => setUrl(event.currentTarget.value)}
              error={errors.url}
            />
          )}
          <TextInput
            name="label"
            label={t('appearance.menus.label')}
            description={kind === 'custom' ? undefined : t('appearance.menus.labelHelp')}
            required={kind === 'custom'}
            maxLength={200}
            value={label}
            onChange={(event) => setLabel(event.currentTarget.value)}
            error={errors.label}
          />
          <Checkbox
            label={t('appearance.menus.newTab')}
            checked={blank}
            onChange={(event) => setBlank(event.currentTarget.checked)}
          />
          <Group justify="space-between">
            <Text size="sm" c="teal.9" role="status">
              {said}
            </Text>
            <Button type="submit" loading={add.isPending}>
              {t('appearance.menus.addButton')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}
