import { Alert, Badge, Button, Grid, Group, Stack, Text } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type ApiError, api, done, toApiError } from '../api.js';
import { languageName } from '../content/editor/TranslationsPanel.js';
import { useConfirm } from '../shell/confirm.js';
import { LeaveGuard } from '../shell/LeaveGuard.js';
import { useDateFormat } from '../site.js';
import type { CodeEditorHandle } from './CodeEditor.js';
import { LanguageChoice } from './LanguageChoice.js';
import { MailPreview, type RenderedMail } from './MailPreview.js';
import { PartField } from './PartField.js';
import { changed, type MailParts, PARTS, type Part, partProblems } from './parts.js';
import {
  EMAIL_TEMPLATES,
  EVENTS_QUERY,
  previewMail,
  saveTemplate,
  sendTestMail,
  templateQuery,
} from './queries.js';
import { liquidOutput, type MailVariable, VariableList } from './VariableList.js';

interface Template extends MailParts {
  locale: string;
  customised: boolean;
  updated_at: string | null;
}

/** The template as last saved (or reset): what the draft is compared with. */
interface Saved {
  parts: MailParts;
  customised: boolean;
  updated_at: string | null;
}

function savedOf(template: Template): Saved {
  const { subject, html, text, customised, updated_at } = template;
  return { parts: { subject, html, text }, customised, updated_at };
}

/** How long typing pauses before the preview asks the server again. */
const PREVIEW_DELAY = 400;

/**
 * A template's three parts in code editors, beside the event's variables, with the mail previewed
 * as it is typed; saved, reset to the default, or sent to oneself as a test. What the server refuses
 * (a Liquid error, an unknown variable) is shown beside the part and line it names, as soon as the
 * preview meets it.
 */
export function TemplateForm({
  event,
  locale,
  asked,
  languages,
  template,
  loading,
  onLanguage,
}: {
  event: { event: string; variables: MailVariable[] };
  /** The language of `template`, which saves and previews are for. */
  locale: string;
  /** The language chosen: another than `locale` while its template loads. */
  asked: string;
  languages: readonly string[];
  template: Template;
  loading: boolean;
  onLanguage: (language: string) => void;
}) {
  const { t, i18n } = useTranslation();
  const ask = useConfirm();
  const client = useQueryClient();
  const dates = useDateFormat();
  const [saved, setSaved] = useState(() => savedOf(template));
  const [draft, setDraft] = useState<MailParts>(saved.parts);
  const [activePart, setActivePart] = useState<Part>('html');
  const [outcome, setOutcome] = useState<string | null>(null);
  const [refusal, setRefusal] = useState<{ error: ApiError; saving: boolean } | null>(null);
  const editors = {
    subject: useRef<CodeEditorHandle>(null),
    html: useRef<CodeEditorHandle>(null),
    text: useRef<CodeEditorHandle>(null),
  };
  const dirty = changed(draft, saved.parts);

  const [previewed] = useDebouncedValue(draft, PREVIEW_DELAY);
  const preview = useQuery({
    queryKey: [...EMAIL_TEMPLATES, 'preview', event.event, locale, previewed],
    queryFn: () => previewMail(event.event, locale, previewed),
    retry: false,
    gcTime: 30_000,
  });
  const [lastMail, setLastMail] = useState<RenderedMail | null>(null);
  useEffect(() => {
    if (preview.data) setLastMail(preview.data);
  }, [preview.data]);
  const previewError = preview.error ? toApiError(preview.error) : null;
  const previewProblems = partProblems(previewError);
  const stale = Object.keys(previewProblems.byPart).length > 0;
  // A refusal of the draft as it is now; the preview's of what was last previewed meanwhile.
  const problems = refusal ? partProblems(refusal.error) : previewProblems;

  const edit = (part: Part, value: string) => {
    setDraft((current) => ({ ...current, [part]: value }));
    setRefusal(null);
    setOutcome(null);
  };
  const refused = (saving: boolean) => (failure: unknown) => {
    setRefusal({ error: toApiError(failure), saving });
    setOutcome(null);
  };
  const refreshList = () => void client.invalidateQueries({ queryKey: EVENTS_QUERY.queryKey });

  const save = useMutation({
    mutationFn: (parts: MailParts) => saveTemplate(event.event, locale, parts),
    onSuccess: (answer) => {
      setSaved(savedOf(answer));
      setRefusal(null);
      setOutcome(t('emailTemplates.saved'));
      client.setQueryData(templateQuery(event.event, locale).queryKey, answer);
      refreshList();
    },
    onError: refused(true),
  });
  const reset = useMutation({
    mutationFn: async () => {
      await done(
        api.DELETE('/api/email-templates/{event}', {
          params: { path: { event: event.event }, query: { locale } },
        }),
      );
      return client.fetchQuery({ ...templateQuery(event.event, locale), staleTime: 0 });
    },
    onSuccess: (fresh) => {
      const next = savedOf(fresh);
      setSaved(next);
      setDraft(next.parts);
      setRefusal(null);
      setOutcome(t('emailTemplates.resetDone'));
      refreshList();
    },
    onError: refused(false),
  });
  const test = useMutation({
    mutationFn: (parts: MailParts) => sendTestMail(event.event, locale, parts),
    onSuccess: ({ to }) => {
      setRefusal(null);
      setOutcome(t('emailTemplates.testSent', { to }));
    },
    onError: refused(false),
  });
  const busy = loading || save.isPending || reset.isPending;

  const chooseLanguage = async (language: string) => {
    if (language === asked) return;
    if (dirty) {
      const leave = await ask({
        title: t('app.leaveTitle'),
        text: t('app.leaveText'),
        confirm: t('app.leave'),
        danger: true,
      });
      if (!leave) return;
    }
    onLanguage(language);
  };
  const confirmReset = async () => {
    const yes = await ask({
      title: t('emailTemplates.resetTitle'),
      text: t('emailTemplates.resetText', { language: languageName(locale, i18n.language) }),
      confirm: t('emailTemplates.reset'),
      danger: true,
    });
    if (yes) reset.mutate();
  };
  const partLabel = t(`emailTemplates.${activePart}`);

  return (
    <Stack gap="md">
      <LeaveGuard dirty={dirty} />
      <Group justify="space-between" align="center" gap="sm">
        <LanguageChoice
          languages={languages}
          value={asked}
          onChange={(language) => void chooseLanguage(language)}
        />
        <Group gap="xs">
          <Badge
            variant={saved.customised ? 'light' : 'outline'}
            color={saved.customised ? 'teal' : 'gray'}
            tt="none"
          >
            {saved.customised ? t('emailTemplates.own') : t('emailTemplates.default')}
          </Badge>
          {saved.updated_at ? (
            <Text size="sm" c="dimmed">
              {t('emailTemplates.savedAt', { date: dates.format(new Date(saved.updated_at)) })}
            </Text>
          ) : null}
        </Group>
      </Group>
      <Grid gap="lg">
        <Grid.Col span={{ base: 12, md: 8 }}>
          <Stack gap="md">
            {PARTS.map((part) => (
              <PartField
                key={part}
                part={part}
                value={draft[part]}
                problems={problems.byPart[part]}
                onChange={(value) => edit(part, value)}
                onFocus={() => setActivePart(part)}
                editorRef={editors[part]}
              />
            ))}
            {refusal ? (
              <Alert color="red" role="alert">
                {[
                  Object.keys(problems.byPart).length > 0
                    ? refusal.saving
                      ? t('emailTemplates.notSaved')
                      : refusal.error.message
                    : null,
                  ...problems.other,
                ]
                  .filter(Boolean)
                  .join(' ')}
              </Alert>
            ) : outcome ? (
              <Alert color="green" role="status">
                {outcome}
              </Alert>
            ) : null}
            <Group gap="sm">
              <Button onClick={() => save.mutate(draft)} loading={save.isPending} disabled={!dirty || busy}>
                {t('emailTemplates.save')}
              </Button>
              <Button
                variant="default"
                onClick={() => test.mutate(draft)}
                loading={test.isPending}
                disabled={busy}
                aria-describedby="mail-test-help"
              >
                {t('emailTemplates.sendTest')}
              </Button>
              {saved.customised ? (
                <Button
                  variant="subtle"
                  color="red"
                  onClick={() => void confirmReset()}
                  loading={reset.isPending}
                  disabled={busy}
                >
                  {t('emailTemplates.reset')}
                </Button>
              ) : null}
            </Group>
            <Text id="mail-test-help" size="xs" c="dimmed">
              {t('emailTemplates.testHelp')}
            </Text>
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 4 }}>
          <VariableList
            event={event.event}
            variables={event.variables}
            partLabel={partLabel}
            onInsert={(name) => editors[activePart].current?.insert(liquidOutput(name))}
          />
        </Grid.Col>
      </Grid>
      <MailPreview
        mail={preview.data ?? lastMail}
        updating={preview.isFetching || previewed !== draft}
        stale={stale}
        failure={previewError && !stale ? previewProblems.other.join(' ') : null}
      />
    </Stack>
  );
}
