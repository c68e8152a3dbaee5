import {
  Alert,
  Anchor,
  Badge,
  Button,
  Grid,
  Group,
  List,
  Stack,
  Tabs,
  Text,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AdminContext } from '@tessera/plugin/admin';
import { useMemo, useRef, useState } from 'react';
import { Link } from 'react-router';
import { LeaveGuard } from './dialogs.js';
import { type Draft, definitionOf, formDraft, withFieldChanged, withFieldRemoved } from './draft.js';
import { FieldEditor } from './FieldEditor.js';
import { FieldList } from './FieldList.js';
import { FieldPalette } from './FieldPalette.js';
import { FormPreview } from './FormPreview.js';
import { inserted, moved, newField } from './field-model.js';
import { formKey, formQuery, formsKey, formsPath, siteQuery, submissionsPath } from './queries.js';
import type { FieldType, Form, FormDefinition, SiteInfo } from './records.js';
import { SettingsEditor } from './SettingsEditor.js';
import { countErrors, NO_ERRORS, type PlacedErrors, placeErrors } from './save-errors.js';
import { codeOf, fieldErrorsOf, LoadFailed, Loading, messageOf } from './states.js';
import { TranslationsEditor } from './TranslationsEditor.js';

type Section = 'fields' | 'settings' | 'translations';

/** /admin/plugins/forms/forms/:id, for users holding forms.manage: the form, loaded, in the builder. */
export function FormBuilder({ admin, id }: { admin: AdminContext; id: number }) {
  const { t } = admin.useTranslation();
  const form = useQuery(formQuery(admin, id));
  const site = useQuery(siteQuery(admin));
  if (form.error)
    return (form.error as { status?: number }).status === 404 ? (
      <Stack align="flex-start">
        <Text>{t('builder.notFound')}</Text>
        <Anchor component={Link} to={formsPath}>
          {t('builder.allForms')}
        </Anchor>
      </Stack>
    ) : (
      <LoadFailed
        text={t('builder.failed', { message: form.error.message })}
        retry={() => void form.refetch()}
        t={t}
      />
    );
  if (form.isPending || site.isPending) return <Loading text={t('builder.loading')} />;
  // Without the site's languages the form is still built; only its translations wait.
  return <BuilderEditor key={id} admin={admin} form={form.data} site={site.data ?? null} />;
}

/**
 * The builder of one form: the palette, its fields and the selected field's editor; its settings;
 * its words in the site's other languages; a live preview below. Saved as a whole with Save (the
 * server's messages beside their inputs), and not left unsaved by accident.
 */
function BuilderEditor({ admin, form, site }: { admin: AdminContext; form: Form; site: SiteInfo | null }) {
  const { t, language } = admin.useTranslation();
  const can = admin.useCan();
  const client = useQueryClient();
  const counter = useRef(0);
  const nextKey = () => {
    counter.current += 1;
    return `f${counter.current}`;
  };
  const [draft, setDraft] = useState<Draft>(() => formDraft(form, nextKey));
  const [baseline, setBaseline] = useState(() => JSON.stringify(definitionOf(formDraft(form, () => ''))));
  const current = useRef(draft);
  current.current = draft;
  const [selected, setSelected] = useState<string | null>(draft.fields[0]?.key ?? null);
  const [section, setSection] = useState<Section>('fields');
  const [errors, setErrors] = useState<PlacedErrors>(NO_ERRORS);
  const [announcement, setAnnouncement] = useState('');
  const defaultLocale = site?.default_locale ?? language;
  const locales = site?.locales.length ? site.locales : [defaultLocale];
  const others = locales.filter((locale) => locale !== defaultLocale);
  const [translationLocale, setTranslationLocale] = useState<string | null>(others[0] ?? null);
  const [previewLocale, setPreviewLocale] = useState(defaultLocale);

  const definition = useMemo(() => definitionOf(draft), [draft]);
  const dirty = JSON.stringify(definition) !== baseline;

  const save = useMutation({
    mutationFn: (sent: { body: FormDefinition; keys: string[] }) =>
      admin.api.put<Form>(`/forms/${form.id}`, sent.body),
    onSuccess: (saved, sent) => {
      client.setQueryData(formKey(form.id), saved);
      void client.invalidateQueries({ queryKey: formsKey });
      const stored = formDraft(saved, (index) => sent.keys[index] ?? nextKey());
      setBaseline(JSON.stringify(definitionOf(stored)));
      // What was typed while the save was on its way stays, unsaved; otherwise the form is as stored
      // (the names of its fields no longer follow their labels).
      const now = current.current;
      if (JSON.stringify(definitionOf(now)) === JSON.stringify(sent.body)) setDraft(stored);
      else
        setDraft({
          ...now,
          fields: now.fields.map((field) =>
            sent.keys.includes(field.key) ? { ...field, nameFollowsLabel: false } : field,
          ),
        });
      setErrors(NO_ERRORS);
      setAnnouncement(t('builder.saved'));
    },
    onError: (error, sent) => {
      const messages = fieldErrorsOf(error);
      if (codeOf(error) === 'form_slug_taken') messages.slug = [messageOf(error)];
      const placed = placeErrors(messages, sent.keys);
      setErrors(placed);
      // The first problem is shown: its field selected, or its section opened.
      const faulty = current.current.fields.find((field) => placed.fields[field.key]);
      if (faulty) {
        setSection('fields');
        setSelected(faulty.key);
      } else if (Object.keys(placed.form).length > 0) setSection('settings');
      else {
        const [path] = Object.keys(placed.translations);
        if (path) {
          setSection('translations');
          setTranslationLocale(path.split('.')[0] ?? null);
        }
      }
    },
  });

  const words = (type: FieldType) => ({
    label: t(`types.${type}`),
    option: (n: number) => t('defaults.option', { n }),
    consent: t('defaults.consent'),
  });
  const labelOf = (label: string) => label || t('fields.untitled');

  const addField = (type: FieldType, at?: number) => {
    const now = current.current;
    const field = newField(
      type,
      words(type),
      now.fields.map((each) => each.name),
      nextKey(),
    );
    const after = now.fields.findIndex((each) => each.key === selected);
    const index = at ?? (after >= 0 ? after + 1 : now.fields.length);
    setDraft({ ...now, fields: inserted(now.fields, index, field) });
    setSelected(field.key);
    setAnnouncement(
      t('announce.added', {
        label: field.label,
        n: Math.min(index, now.fields.length) + 1,
        count: now.fields.length + 1,
      }),
    );
  };
  const moveField = (key: string, to: number) => {
    const now = current.current;
    const from = now.fields.findIndex((field) => field.key === key);
    if (from < 0 || from === to) return;
    const fields = moved(now.fields, from, to);
    setDraft({ ...now, fields });
    const landed = fields.findIndex((field) => field.key === key);
    setAnnouncement(
      t('announce.moved', {
        label: labelOf(fields[landed]?.label ?? ''),
        n: landed + 1,
        count: fields.length,
      }),
    );
  };
  const removeField = (key: string) => {
    const now = current.current;
    const index = now.fields.findIndex((field) => field.key === key);
    const gone = now.fields[index];
    if (!gone) return;
    const next = withFieldRemoved(now, key);
    setDraft(next);
    if (selected === key) setSelected(next.fields[Math.min(index, next.fields.length - 1)]?.key ?? null);
    setAnnouncement(t('announce.removed', { label: labelOf(gone.label) }));
  };

  const field = draft.fields.find((each) => each.key === selected) ?? null;
  const problems = countErrors(errors);
  const sectionProblems: Record<Section, number> = {
    fields: Object.values(errors.fields).reduce((n, bucket) => n + Object.keys(bucket).length, 0),
    settings: Object.keys(errors.form).length,
    translations: Object.keys(errors.translations).length,
  };
  const tab = (value: Section) => (
    <Tabs.Tab
      value={value}
      rightSection={
        sectionProblems[value] > 0 ? (
          <Badge size="xs" color="red" aria-label={t('builder.problems', { count: sectionProblems[value] })}>
            {sectionProblems[value]}
          </Badge>
        ) : null
      }
    >
      {t(`builder.${value}`)}
    </Tabs.Tab>
  );

  return (
    <Stack>
      <LeaveGuard dirty={dirty && !save.isPending} t={t} />
      <Group justify="space-between" align="flex-end">
        <Stack gap={2}>
          <Anchor component={Link} to={formsPath} size="sm">
            {t('builder.allForms')}
          </Anchor>
          <Title order={2} size="h3">
            {draft.title || t('builder.untitled')}
          </Title>
          <Text size="sm" c="dimmed">
            {t('builder.meta', { path: `/forms/${form.slug}`, version: form.version })}
          </Text>
        </Stack>
        <Group gap="sm">
          <Text size="sm" c={dirty ? 'orange.9' : 'dimmed'} role="status">
            {dirty ? t('builder.unsaved') : t('builder.allSaved')}
          </Text>
          {can('forms.submissions') ? (
            <Button component={Link} to={submissionsPath(form.id)} variant="default">
              {t('builder.submissions', { count: form.submission_count })}
            </Button>
          ) : null}
          <Button
            onClick={() => save.mutate({ body: definition, keys: draft.fields.map((each) => each.key) })}
            loading={save.isPending}
          >
            {t('builder.save')}
          </Button>
        </Group>
      </Group>
      {save.error && !save.isPending ? (
        <Alert color="red" variant="light" role="alert" title={t('builder.notSaved')}>
          {problems > 0 ? (
            <Stack gap={4}>
              <Text size="sm">{t('builder.problemsShown', { count: problems })}</Text>
              {errors.unplaced.length > 0 ? (
                <List size="sm">
                  {errors.unplaced.map((each) => (
                    <List.Item key={each.path}>{each.messages.join(' ')}</List.Item>
                  ))}
                </List>
              ) : null}
            </Stack>
          ) : (
            <Text size="sm">{messageOf(save.error)}</Text>
          )}
        </Alert>
      ) : null}
      <Tabs value={section} onChange={(value) => value && setSection(value as Section)} keepMounted={false}>
        <Tabs.List aria-label={t('builder.sections')}>
          {tab('fields')}
          {tab('settings')}
          {tab('translations')}
        </Tabs.List>
        <Tabs.Panel value="fields" pt="md">
          <Grid gap="lg">
            <Grid.Col span={{ base: 12, md: 3 }}>
              <FieldPalette onAdd={(type) => addField(type)} t={t} />
            </Grid.Col>
            <Grid.Col span={{ base: 12, md: 4 }}>
              <FieldList
                fields={draft.fields}
                selected={selected}
                faulty={new Set(Object.keys(errors.fields))}
                onSelect={setSelected}
                onMove={moveField}
                onRemove={removeField}
                onAdd={addField}
                t={t}
              />
            </Grid.Col>
            <Grid.Col span={{ base: 12, md: 5 }}>
              {field ? (
                <FieldEditor
                  key={field.key}
                  field={field}
                  otherNames={draft.fields.filter((each) => each.key !== field.key).map((each) => each.name)}
                  errors={errors.fields[field.key]}
                  onChange={(next) => setDraft((now) => withFieldChanged(now, next.key, next))}
                  t={t}
                />
              ) : (
                <Text size="sm" c="dimmed">
                  {draft.fields.length === 0 ? t('editor.none') : t('editor.select')}
                </Text>
              )}
            </Grid.Col>
          </Grid>
        </Tabs.Panel>
        <Tabs.Panel value="settings" pt="md">
          <SettingsEditor draft={draft} errors={errors.form} onChange={setDraft} t={t} />
        </Tabs.Panel>
        <Tabs.Panel value="translations" pt="md">
          <TranslationsEditor
            draft={draft}
            locales={others}
            locale={translationLocale}
            onLocale={(locale) => {
              setTranslationLocale(locale);
              setPreviewLocale(locale);
            }}
            errors={errors.translations}
            onChange={setDraft}
            language={language}
            t={t}
          />
        </Tabs.Panel>
      </Tabs>
      <FormPreview
        admin={admin}
        definition={definition}
        locales={locales}
        locale={previewLocale}
        onLocale={setPreviewLocale}
      />
      <VisuallyHidden role="status" aria-live="polite">
        {announcement}
      </VisuallyHidden>
    </Stack>
  );
}
