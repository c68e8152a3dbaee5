import {
  Alert,
  Autocomplete,
  Button,
  Group,
  Paper,
  Stack,
  Switch,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { type ApiError, api, data, done, toApiError } from '../api.js';
import { useUnsaved } from '../appearance/dirty.js';
import { type Block, OutlineEditor } from '../builder/OutlineEditor.js';
import { fieldErrors, formProblems } from '../forms.js';
import { ConfirmDialog } from '../shell/ConfirmDialog.js';
import { useDateFormat } from '../site.js';
import { PATTERNS, type Pattern, patternProblems } from './queries.js';

// Offered beside the site's own categories: the usual sections of a page.
const USUAL_CATEGORIES = [
  'general',
  'hero',
  'features',
  'call-to-action',
  'testimonials',
  'pricing',
  'footer',
];
// A pattern placing a synced pattern could end up placing itself: the server refuses it, so the
// palette does not offer it.
const NOT_IN_PATTERNS = ['pattern'];

/** One pattern (or a new one): its name, category, whether it is synced, and its blocks. */
export function PatternEditor(props: {
  pattern: Pattern | null;
  categories: string[];
  onSaved: (pattern: Pattern) => void;
  onDeleted: () => void;
}) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const when = useDateFormat();
  const { pattern } = props;
  const [name, setName] = useState(pattern?.name ?? '');
  const [category, setCategory] = useState(pattern?.category ?? 'general');
  const [synced, setSynced] = useState(pattern?.synced ?? false);
  const [blocks, setBlocks] = useState<Block[]>((pattern?.blocks as Block[] | undefined) ?? []);
  const [tried, setTried] = useState(false);
  // The selected block's props, as its inputs say them (patternProblems has the pattern's own fields).
  const [blockProblems, setBlockProblems] = useState<ApiError | null>(null);
  const [deleting, setDeleting] = useState(false);
  // The version this editor's changes are made from: a save from an older one is refused (409).
  const version = useRef(pattern?.version ?? 1);
  const dirty = pattern
    ? name !== pattern.name ||
      category !== pattern.category ||
      synced !== pattern.synced ||
      JSON.stringify(blocks) !== JSON.stringify(pattern.blocks)
    : name !== '' || blocks.length > 0;

  const save = useMutation({
    mutationFn: () => {
      const body = { name: name.trim(), category: category.trim(), synced, blocks };
      return pattern
        ? data(
            api.PUT('/api/patterns/{id}', {
              params: { path: { id: pattern.id } },
              body: { ...body, version: version.current },
            }),
          )
        : data(api.POST('/api/patterns', { body }));
    },
    onSuccess: async (saved) => {
      // What the server stored (its block ids, defaults) is what is now clean.
      version.current = saved.version;
      setName(saved.name);
      setCategory(saved.category);
      setSynced(saved.synced);
      setBlocks(saved.blocks as Block[]);
      await client.invalidateQueries({ queryKey: PATTERNS });
      props.onSaved(saved);
    },
  });
  const remove = useMutation({
    mutationFn: (id: number) => done(api.DELETE('/api/patterns/{id}', { params: { path: { id } } })),
    onSuccess: async () => {
      await client.invalidateQueries({ queryKey: PATTERNS });
      setDeleting(false);
      props.onDeleted();
    },
  });
  useUnsaved(dirty && !save.isPending);

  // Someone saved the pattern since it was opened: take their version, or save this one over it.
  const current = () => data(api.GET('/api/patterns/{id}', { params: { path: { id: pattern?.id ?? 0 } } }));
  const loadTheirs = async () => {
    const theirs = await current();
    version.current = theirs.version;
    setName(theirs.name);
    setCategory(theirs.category);
    setSynced(theirs.synced);
    setBlocks(theirs.blocks as Block[]);
    save.reset();
    await client.invalidateQueries({ queryKey: PATTERNS });
  };
  const keepMine = async () => {
    version.current = (await current()).version;
    save.mutate();
  };

  const problem = save.error ? toApiError(save.error) : null;
  const server = fieldErrors(problem);
  const stale = problem?.code === 'stale_version';
  const local = tried ? patternProblems({ name, category, blocks }) : {};
  const errorOf = (field: 'name' | 'category' | 'blocks') => {
    const key = local[field];
    return key ? t(`patterns.${key}`) : server[field];
  };

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setTried(true);
    const inBlock = formProblems(event.currentTarget);
    setBlockProblems(inBlock);
    if (!inBlock && Object.keys(patternProblems({ name, category, blocks })).length === 0) save.mutate();
  }

  const categories = [...new Set([...props.categories, ...USUAL_CATEGORIES])];
  const blocksError = errorOf('blocks');
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby="pattern-title">
      <form onSubmit={submit} noValidate>
        <Stack>
          <Group justify="space-between">
            <Title id="pattern-title" order={2} size="h4">
              {pattern?.name ?? t('patterns.untitled')}
            </Title>
            {pattern ? (
              <Group gap="sm">
                <Text size="sm" c="dimmed">
                  {t('patterns.updated', { date: when.format(new Date(pattern.updated_at)) })}
                </Text>
                <Button component={Link} to={`/builder/pattern/${pattern.id}`} size="xs" variant="default">
                  {t('patterns.openBuilder')}
                </Button>
              </Group>
            ) : null}
          </Group>
          {stale ? (
            <Alert color="red" role="alert">
              <Stack gap="xs">
                <Text size="sm">{t('patterns.stale')}</Text>
                <Group gap="xs">
                  <Button size="xs" onClick={() => void loadTheirs()}>
                    {t('patterns.loadTheirs')}
                  </Button>
                  <Button size="xs" variant="default" onClick={() => void keepMine()}>
                    {t('patterns.keepMine')}
                  </Button>
                </Group>
              </Stack>
            </Alert>
          ) : problem && Object.keys(server).length === 0 ? (
            <Alert color="red" role="alert">
              {problem.message}
            </Alert>
          ) : null}
          <Group grow align="flex-start">
            <TextInput
              label={t('patterns.name')}
              required
              maxLength={100}
              value={name}
              onChange={(event) => setName(event.currentTarget.value)}
              error={errorOf('name')}
            />
            <Autocomplete
              label={t('patterns.category')}
              description={t('patterns.categoryHelp')}
              required
              maxLength={40}
              data={categories}
              value={category}
              onChange={setCategory}
              error={errorOf('category')}
            />
          </Group>
          <Switch
            label={t('patterns.syncedLabel')}
            checked={synced}
            onChange={(event) => setSynced(event.currentTarget.checked)}
          />
          <Stack gap={4}>
            <Text fw={500} size="sm">
              {t('patterns.blocks')}
            </Text>
            {blocksError ? (
              <Text c="red.9" size="sm" role="alert">
                {blocksError}
              </Text>
            ) : null}
            <OutlineEditor
              value={blocks}
              onChange={setBlocks}
              errors={{ ...server, ...fieldErrors(blockProblems) }}
              exclude={NOT_IN_PATTERNS}
            />
          </Stack>
          <Group justify="space-between">
            <Group gap="xs">
              <Button type="submit" disabled={pattern !== null && !dirty} loading={save.isPending}>
                {pattern ? t('patterns.save') : t('patterns.create')}
              </Button>
              {save.isSuccess && !dirty ? (
                <Text size="sm" role="status">
                  {t('patterns.saved')}
                </Text>
              ) : null}
            </Group>
            {pattern ? (
              <Button variant="subtle" color="red" onClick={() => setDeleting(true)}>
                {t('patterns.delete')}
              </Button>
            ) : null}
          </Group>
        </Stack>
      </form>
      {pattern ? (
        <ConfirmDialog
          opened={deleting}
          title={t('patterns.deleteTitle', { name: pattern.name })}
          text={pattern.synced ? t('patterns.deleteSyncedText') : t('patterns.deleteText')}
          confirm={t('appearance.delete')}
          danger
          pending={remove.isPending}
          error={remove.error}
          onConfirm={() => remove.mutate(pattern.id)}
          onClose={() => setDeleting(false)}
        />
      ) : null}
    </Paper>
  );
}
