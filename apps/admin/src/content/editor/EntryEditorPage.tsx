import {
  Alert,
  Anchor,
  Badge,
  Button,
  Grid,
  Group,
  Paper,
  Stack,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Fragment, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate, useParams } from 'react-router';
import { api, data } from '../../api.js';
import { type Block, OutlineEditor } from '../../builder/OutlineEditor.js';
import { EditorPanels } from '../../extensions/EditorPanels.js';
import { useCan, useSession } from '../../session.js';
import { useConfirm } from '../../shell/confirm.js';
import { LeaveGuard } from '../../shell/LeaveGuard.js';
import { Pending } from '../../shell/Shell.js';
import { useDocumentTitle, useSite } from '../../site.js';
import { TermsPicker } from '../../taxonomies/TermsPicker.js';
import { builtinWord } from '../builtin-words.js';
import { areaOf } from '../types.js';
import { AuthorField } from './AuthorField.js';
import { BodySizeAlert } from './BodySizeAlert.js';
import { bodySizeOf, heaviestField } from './body-size.js';
import { FieldInput } from './FieldInput.js';
import { LockBanner } from './LockBanner.js';
import { MediaField } from './MediaField.js';
import { type ContentType, type Draft, draftOf, type Entry, emptyDraft, urlWithSlug } from './model.js';
import { PreviewLinksPanel, previewLinksKey } from './PreviewLinksPanel.js';
import { RelationPicker } from './RelationPicker.js';
import { RevisionsPanel } from './RevisionsPanel.js';
import { TranslationsPanel } from './TranslationsPanel.js';
import { useBodyLimit } from './useBodyLimit.js';
import { useEditLock } from './useEditLock.js';
import { useEntrySave } from './useEntrySave.js';
import { WorkflowPanel } from './WorkflowPanel.js';

/** /content/:type/new and /content/:type/:id: the type is loaded first, the entry then. */
export function EntryEditorPage() {
  const params = useParams();
  const type = params.type ?? 'post';
  const id = params.id === undefined || params.id === 'new' ? null : Number(params.id);
  const contentType = useQuery({
    queryKey: ['content-type', type],
    queryFn: () => data(api.GET('/api/content-types/{type}', { params: { path: { type } } })),
    staleTime: 60_000,
  });
  const entry = useQuery({
    queryKey: ['entry', type, id],
    queryFn: () => data(api.GET('/api/content/{type}/{id}', { params: { path: { type, id: id ?? 0 } } })),
    enabled: id !== null && Number.isInteger(id),
    // Opened, the entry is asked afresh, and the editor waits for that answer: a copy cached before
    // (the builder has saved since) would show old blocks and call one's own next save a conflict.
    refetchOnMount: 'always',
  });
  if (!contentType.data)
    return <Pending error={contentType.error} retry={() => void contentType.refetch()} />;
  if (id !== null && (!entry.data || !entry.isFetchedAfterMount))
    return <Pending error={entry.error} retry={() => void entry.refetch()} />;
  // Keyed by entry: another entry (a translation opened from the panel) starts a fresh editor.
  return <EntryEditor key={id ?? 'new'} type={contentType.data} entry={entry.data ?? null} />;
}

function EntryEditor(props: { type: ContentType; entry: Entry | null }) {
  const { t } = useTranslation();
  const ask = useConfirm();
  const navigate = useNavigate();
  const client = useQueryClient();
  const can = useCan();
  const me = useSession();
  const site = useSite().data;
  const { type } = props;
  const area = areaOf(type.slug);
  const [entry, setEntry] = useState<Entry | null>(props.entry);
  const [saved, setSaved] = useState<Draft>(() => (props.entry ? draftOf(props.entry) : emptyDraft(type)));
  const [draft, setDraft] = useState<Draft>(saved);
  // A new entry's address once it is saved: gone to after the render that cleared the changes.
  const [created, setCreated] = useState<number | null>(null);
  useEffect(() => {
    if (created !== null) navigate(`/content/${type.slug}/${created}`, { replace: true });
  }, [created, navigate, type.slug]);
  const mine = !entry || entry.author_id === me.id;
  const mayEdit = entry ? can(mine ? `${area}.edit` : `${area}.edit_others`) : can(`${area}.create`);
  const { lock, takeOver, retake, lost } = useEditLock(
    type.slug,
    entry?.id ?? null,
    mayEdit && !entry?.deleted_at,
  );
  const readOnly = !mayEdit || Boolean(entry?.deleted_at) || lock.kind === 'theirs' || lock.kind === 'lost';
  // Serialized once per change, not per render: on a long post each copy is most of a megabyte.
  const draftJson = useMemo(() => JSON.stringify(draft), [draft]);
  const savedJson = useMemo(() => JSON.stringify(saved), [saved]);
  const dirty = savedJson !== draftJson;
  const bodyLimit = useBodyLimit();
  const size = useMemo(() => bodySizeOf(draftJson, bodyLimit), [draftJson, bodyLimit]);
  const sizeBeside = size && size.state !== 'fits' ? heaviestField(draft.fields) : null;
  const heading = entry ? entry.title : t('editor.newTitle', { type: builtinWord(t, type.singular_label) });
  useDocumentTitle(heading);

  /** The server's answer is the truth from now on: what is saved, and what the editor shows. */
  const accept = (next: Entry) => {
    setEntry(next);
    const nextDraft = draftOf(next);
    setSaved(nextDraft);
    setDraft(nextDraft);
    client.setQueryData(['entry', type.slug, next.id], next);
    void client.invalidateQueries({ queryKey: ['entries', type.slug] });
  };
  const save = useEntrySave({
    type: type.slug,
    entry,
    saved,
    draft,
    fields: type.fields,
    bodyLimit,
    onSaved: (next, created) => {
      accept(next);
      if (created) setCreated(next.id);
    },
    onLocked: lost,
  });
  const set = <K extends keyof Draft>(key: K, value: Draft[K]) =>
    setDraft((current) => ({ ...current, [key]: value }));
  // From the current draft, not this render's: inputs may report twice before the next render.
  const setField = (key: string, value: unknown) =>
    setDraft((current) => ({ ...current, fields: { ...current.fields, [key]: value } }));
  const setTerms = (taxonomy: string, ids: number[]) =>
    setDraft((current) => ({ ...current, terms: { ...current.terms, [taxonomy]: ids } }));
  const errors = save.errors;

  // The save as of the latest render, for the key handler below.
  const saveIfChanged = useRef(() => {});
  saveIfChanged.current = () => {
    if (!readOnly && (dirty || !entry)) void save.run();
  };
  useEffect(() => {
    // Ctrl/Cmd+S saves, as in every editor people know. In the next task: a rich text hands over
    // its last keystrokes on this same key, and the draft has them once React has rendered.
    const onKey = (event: KeyboardEvent) => {
      if ((event.ctrlKey || event.metaKey) && event.key.toLowerCase() === 's') {
        event.preventDefault();
        setTimeout(() => saveIfChanged.current(), 0);
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  });

  const preview = async () => {
    if (!entry) return;
    // Opened at once, in the click: a window opened after the call would be blocked as a pop-up.
    const win = window.open('', '_blank');
    const link = await data(
      api.POST('/api/preview-links', { body: { type: type.slug, id: entry.id } }),
    ).catch(() => null);
    if (link && win) win.location.href = link.url;
    else win?.close();
    void client.invalidateQueries({ queryKey: previewLinksKey(type.slug, entry.id) });
  };
  const trash = async () => {
    if (!entry) return;
    const yes = await ask({
      title: t('editor.trashTitle'),
      text: t('editor.trashConfirm', { title: entry.title }),
      confirm: t('editor.moveToTrash'),
      danger: true,
    });
    if (!yes) return;
    const { response } = await api.DELETE('/api/content/{type}/{id}', {
      params: { path: { type: type.slug, id: entry.id } },
    });
    if (response.ok) {
      setDraft(saved);
      void client.invalidateQueries({ queryKey: ['entries', type.slug] });
      navigate(`/content/${type.slug}`);
    }
  };

  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        void save.run();
      }}
    >
      <LeaveGuard dirty={dirty && !save.pending} />
      <Stack gap="md">
        <Group justify="space-between" align="flex-start">
          <Stack gap={4}>
            <Anchor component={RouterLink} to={`/content/${type.slug}`} size="sm">
              ← {builtinWord(t, type.plural_label)}
            </Anchor>
            <Title order={1} size="h2">
              {heading}
            </Title>
          </Stack>
          <Group gap="xs">
            {entry ? (
              <Badge variant="light" size="lg">
                {t(`status.${entry.status}`)}
              </Badge>
            ) : null}
            {dirty ? (
              <Text size="sm" c="dimmed" role="status">
                {t('editor.unsaved')}
              </Text>
            ) : null}
          </Group>
        </Group>
        <LockBanner
          lock={lock}
          canTakeOver={can(`${area}.edit_others`)}
          onTakeOver={takeOver}
          onRetry={retake}
        />
        {entry?.deleted_at ? <Alert color="gray">{t('editor.inTrash')}</Alert> : null}
        {!mayEdit ? <Alert color="gray">{t('editor.readOnly')}</Alert> : null}
        {save.error ? (
          <Alert color="red" role="alert" title={t('editor.notSaved')}>
            {save.error}
          </Alert>
        ) : null}
        <Grid gap="lg">
          <Grid.Col span={{ base: 12, md: 8 }}>
            <fieldset disabled={readOnly} className="plain-fieldset">
              <Stack gap="md">
                <TextInput
                  label={t('editor.title')}
                  required
                  size="md"
                  value={draft.title}
                  maxLength={300}
                  error={errors.title}
                  onChange={(e) => set('title', e.currentTarget.value)}
                />
                <TextInput
                  label={t('editor.slug')}
                  description={
                    entry ? (
                      <>
                        {t('editor.address')} <code>{urlWithSlug(entry, draft.slug)}</code>
                      </>
                    ) : (
                      t('editor.slugFromTitle')
                    )
                  }
                  value={draft.slug}
                  maxLength={200}
                  error={errors.slug}
                  onChange={(e) =>
                    set('slug', e.currentTarget.value.toLowerCase().replace(/[^a-z0-9-]/g, '-'))
                  }
                />
                {type.fields.map((field) => (
                  <Fragment key={field.key}>
                    <FieldInput
                      field={field}
                      value={draft.fields[field.key]}
                      path={`fields.${field.key}`}
                      errors={errors}
                      onChange={(value) => setField(field.key, value)}
                    />
                    {field.key === sizeBeside ? <BodySizeAlert size={size} /> : null}
                  </Fragment>
                ))}
                {size && size.state !== 'fits' && sizeBeside === null ? <BodySizeAlert size={size} /> : null}
                {type.uses_builder ? (
                  <Paper withBorder p="md" component="section" aria-label={t('editor.blocks')}>
                    <Title order={2} size="h5" mb="sm">
                      {t('editor.blocks')}
                    </Title>
                    <OutlineEditor
                      value={draft.blocks as Block[]}
                      onChange={(blocks) => set('blocks', blocks)}
                      readOnly={readOnly}
                      errors={errors}
                    />
                  </Paper>
                ) : null}
                <Textarea
                  label={t('editor.excerpt')}
                  description={t('editor.excerptHelp')}
                  autosize
                  minRows={2}
                  maxLength={5000}
                  value={draft.excerpt}
                  error={errors.excerpt}
                  onChange={(e) => set('excerpt', e.currentTarget.value)}
                />
              </Stack>
            </fieldset>
          </Grid.Col>
          <Grid.Col span={{ base: 12, md: 4 }}>
            <Stack gap="md">
              <Panel title={t('editor.publishing')}>
                <Group gap="xs">
                  <Button
                    type="submit"
                    disabled={readOnly || (!dirty && entry !== null)}
                    loading={save.pending}
                  >
                    {entry ? t('editor.save') : t('editor.create')}
                  </Button>
                  {entry ? (
                    <Button variant="default" onClick={() => void preview()}>
                      {t('editor.preview')}
                    </Button>
                  ) : null}
                  {entry && type.slug === 'page' && !entry.deleted_at ? (
                    <Button variant="default" component={RouterLink} to={`/builder/page/${entry.id}`}>
                      {t('editor.openBuilder')}
                    </Button>
                  ) : null}
                </Group>
                {entry && !entry.deleted_at ? (
                  <WorkflowPanel
                    type={type.slug}
                    entry={entry}
                    disabled={readOnly}
                    saveFirst={async () => (dirty ? save.run() : entry)}
                    onDone={accept}
                  />
                ) : null}
                {entry && !entry.deleted_at && can(mine ? `${area}.delete` : `${area}.delete_others`) ? (
                  <Button
                    variant="subtle"
                    color="red"
                    size="xs"
                    onClick={() => void trash()}
                    disabled={readOnly}
                  >
                    {t('editor.moveToTrash')}
                  </Button>
                ) : null}
              </Panel>
              <EditorPanels type={type} entry={entry} draft={draft} readOnly={readOnly} setField={setField} />
              {type.taxonomies.length > 0 ? (
                <Panel title={t('editor.terms')}>
                  <fieldset disabled={readOnly} className="plain-fieldset">
                    <Stack gap="sm">
                      {type.taxonomies.map((taxonomy) => (
                        <TermsPicker
                          key={taxonomy}
                          taxonomy={taxonomy}
                          value={draft.terms[taxonomy] ?? []}
                          onChange={(ids) => setTerms(taxonomy, ids)}
                        />
                      ))}
                    </Stack>
                  </fieldset>
                </Panel>
              ) : null}
              <Panel title={t('editor.featuredImage')}>
                <fieldset disabled={readOnly} className="plain-fieldset">
                  <MediaField
                    label={t('editor.featuredImage')}
                    labelHidden
                    required={false}
                    error={errors.featured_media_id}
                    ids={draft.featured_media_id === null ? [] : [draft.featured_media_id]}
                    multiple={false}
                    kinds={['image']}
                    onChange={(ids) => set('featured_media_id', ids[0] ?? null)}
                  />
                </fieldset>
              </Panel>
              {can(`${area}.edit_others`) && can('users.view') ? (
                <Panel title={t('editor.author')}>
                  <fieldset disabled={readOnly} className="plain-fieldset">
                    <AuthorField
                      value={draft.author_id}
                      error={errors.author_id}
                      onChange={(id) => set('author_id', id)}
                    />
                  </fieldset>
                </Panel>
              ) : null}
              {type.hierarchical ? (
                <Panel title={t('editor.parent')}>
                  <fieldset disabled={readOnly} className="plain-fieldset">
                    <RelationPicker
                      label={t('editor.parent')}
                      labelHidden
                      required={false}
                      error={errors.parent_id}
                      target={type.slug}
                      many={false}
                      ids={draft.parent_id === null ? [] : [draft.parent_id]}
                      onChange={(ids) => set('parent_id', ids.find((id) => id !== entry?.id) ?? null)}
                    />
                  </fieldset>
                </Panel>
              ) : null}
              {entry && (site?.locales.length ?? 0) > 1 ? (
                <Panel title={t('editor.languages')}>
                  <TranslationsPanel type={type.slug} entry={entry} canCreate={can(`${area}.create`)} />
                </Panel>
              ) : null}
              {entry ? (
                <Panel title={t('editor.previewLinks.title')}>
                  <PreviewLinksPanel type={type.slug} area={area} entryId={entry.id} />
                </Panel>
              ) : null}
              {entry ? (
                <Panel title={t('editor.revisions')}>
                  <RevisionsPanel
                    type={type.slug}
                    entry={entry}
                    dirty={dirty}
                    readOnly={readOnly}
                    onRestored={accept}
                  />
                </Panel>
              ) : null}
            </Stack>
          </Grid.Col>
        </Grid>
      </Stack>
    </form>
  );
}

function Panel(props: { title: string; children: React.ReactNode }) {
  return (
    <Paper withBorder p="md" component="section" aria-label={props.title}>
      <Title order={2} size="h5" mb="sm">
        {props.title}
      </Title>
      <Stack gap="sm">{props.children}</Stack>
    </Paper>
  );
}
