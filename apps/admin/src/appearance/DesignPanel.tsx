import { Alert, Button, Grid, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, type ReactNode, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type ApiError, api, data, toApiError } from '../api.js';
import { asApiError, fieldErrors, sayInLanguage } from '../forms.js';
import { ConfirmDialog } from '../shell/ConfirmDialog.js';
import { Pending } from '../shell/Shell.js';
import { ColorTokens, type Scheme } from './ColorTokens.js';
import { DesignPreview } from './DesignPreview.js';
import { changedTokens, type DesignDraft, designProblems, THEME_DEFAULTS, tokensFrom } from './design.js';
import { useUnsaved } from './dirty.js';
import { DESIGN } from './queries.js';
import { FontTokens, ShapeTokens, TypeTokens } from './ShapeTokens.js';

/**
 * The design tokens: read from the settings group `design`, edited beside a live sample. The
 * builder shows them beside its canvas instead (`onDraft`: the tokens as edited, null once saved).
 */
export function DesignPanel(props: { onDraft?: (draft: DesignDraft | null) => void } = {}) {
  const design = useQuery({
    queryKey: DESIGN,
    queryFn: () => data(api.GET('/api/settings/{group}', { params: { path: { group: 'design' } } })),
  });
  if (design.error || !design.data)
    return <Pending error={design.error} retry={() => void design.refetch()} />;
  return <DesignForm saved={tokensFrom(design.data)} onDraft={props.onDraft} />;
}

function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <Paper withBorder radius="md" p="sm" component="section" aria-labelledby={id}>
      <Title id={id} order={2} size="h4" mb="xs">
        {title}
      </Title>
      {children}
    </Paper>
  );
}

/**
 * The tokens' form: what changed is sent (PUT /api/settings/design, only those keys), the server's
 * 422 messages beside their fields; or everything set back to what lets the theme's own apply.
 */
function DesignForm({
  saved,
  onDraft,
}: {
  saved: DesignDraft;
  onDraft?: (draft: DesignDraft | null) => void;
}) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const [draft, setDraft] = useState<DesignDraft>(saved);
  const [base, setBase] = useState<DesignDraft>(saved);
  const [scheme, setScheme] = useState<Scheme>('colors');
  const [said, setSaid] = useState('');
  const [resetting, setResetting] = useState(false);
  const [local, setLocal] = useState<ApiError | null>(null);
  const changed = changedTokens(base, draft);
  const dirty = Object.keys(changed).length > 0;
  useUnsaved(dirty);
  const report = useRef(onDraft);
  report.current = onDraft;
  // Told a moment after the last change: a colour dragged across the picker is one preview.
  useEffect(() => {
    const timer = window.setTimeout(() => report.current?.(dirty ? draft : null), 250);
    return () => window.clearTimeout(timer);
  }, [draft, dirty]);

  const onSaved = (answer: Record<string, unknown>, message: string) => {
    client.setQueryData(DESIGN, answer);
    void client.invalidateQueries({ queryKey: ['settings'], exact: true });
    const next = tokensFrom(answer);
    setBase(next);
    setDraft(next);
    setSaid(message);
  };
  const save = useMutation({
    mutationFn: (body: Record<string, unknown>) =>
      data(api.PUT('/api/settings/{group}', { params: { path: { group: 'design' } }, body })),
    onSuccess: (answer) => onSaved(answer, t('appearance.design.saved')),
    onError: () => setSaid(''),
  });
  const reset = useMutation({
    mutationFn: () =>
      data(
        api.PUT('/api/settings/{group}', {
          params: { path: { group: 'design' } },
          body: { ...THEME_DEFAULTS },
        }),
      ),
    onSuccess: (answer) => {
      setResetting(false);
      onSaved(answer, t('appearance.design.resetDone'));
    },
  });
  const error = local ?? (save.error ? toApiError(save.error) : null);
  const all = fieldErrors(error);
  // `design.colors.primary` → the colours' `primary`; `design.radius` → `radius`.
  const errors: Record<string, string> = {};
  const colorErrors: Record<string, string> = {};
  for (const [key, message] of Object.entries(all)) {
    const path = key.replace(/^design\./, '');
    if (path === scheme || path.startsWith(`${scheme}.`))
      colorErrors[path.slice(scheme.length + 1)] = message;
    else errors[path] = message;
  }
  const otherScheme = scheme === 'colors' ? 'dark_colors' : 'colors';
  const hidden = Object.keys(errors).filter(
    (key) => key === otherScheme || key.startsWith(`${otherScheme}.`),
  );
  const unplaced = error && Object.keys(all).length === 0 ? error.message : null;

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setSaid('');
    const problems = asApiError(designProblems(changed, sayInLanguage));
    setLocal(problems);
    if (problems) return;
    save.mutate(changed);
  }
  const set = <K extends keyof DesignDraft>(key: K, value: DesignDraft[K]) =>
    setDraft((now) => ({ ...now, [key]: value }));

  return (
    <form onSubmit={submit} noValidate>
      <Stack>
        <Text size="sm" c="dimmed">
          {t('appearance.design.intro')}
        </Text>
        <Grid gap="lg">
          <Grid.Col span={{ base: 12, lg: onDraft ? 12 : 7 }}>
            <Stack>
              <Section id="design-colors" title={t('appearance.design.colors')}>
                <ColorTokens
                  scheme={scheme}
                  onScheme={setScheme}
                  palette={draft[scheme]}
                  onChange={(palette) => set(scheme, palette)}
                  errors={colorErrors}
                />
                {hidden.length > 0 ? (
                  <Text size="sm" c="red.9" role="alert" mt="xs">
                    {t(
                      scheme === 'colors' ? 'appearance.design.darkErrors' : 'appearance.design.lightErrors',
                    )}
                  </Text>
                ) : null}
              </Section>
              <Section id="design-fonts" title={t('appearance.design.fonts')}>
                <FontTokens draft={draft} onChange={set} errors={errors} />
              </Section>
              <Section id="design-type" title={t('appearance.design.type')}>
                <TypeTokens draft={draft} onChange={set} errors={errors} />
              </Section>
              <Section id="design-shape" title={t('appearance.design.shape')}>
                <ShapeTokens draft={draft} onChange={set} errors={errors} />
              </Section>
            </Stack>
          </Grid.Col>
          {onDraft ? null : (
            <Grid.Col span={{ base: 12, lg: 5 }}>
              <Stack style={{ position: 'sticky', top: 72 }}>
                <Section id="design-preview" title={t('appearance.design.preview')}>
                  <DesignPreview draft={draft} palette={draft[scheme]} />
                </Section>
              </Stack>
            </Grid.Col>
          )}
        </Grid>
        {unplaced ? (
          <Alert color="red" role="alert">
            {unplaced}
          </Alert>
        ) : error ? (
          <Alert color="red" role="alert">
            {t('appearance.design.notSaved')}
          </Alert>
        ) : null}
        <Group justify="space-between">
          <Button variant="default" onClick={() => setResetting(true)}>
            {t('appearance.design.reset')}
          </Button>
          <Group gap="sm">
            <Text size="sm" c="teal.9" role="status">
              {dirty ? '' : said}
            </Text>
            <Button type="submit" loading={save.isPending} disabled={!dirty}>
              {t('appearance.save')}
            </Button>
          </Group>
        </Group>
      </Stack>
      <ConfirmDialog
        opened={resetting}
        title={t('appearance.design.resetTitle')}
        text={t('appearance.design.resetText')}
        confirm={t('appearance.design.reset')}
        danger
        pending={reset.isPending}
        error={reset.error}
        onConfirm={() => reset.mutate()}
        onClose={() => {
          setResetting(false);
          reset.reset();
        }}
      />
    </form>
  );
}
