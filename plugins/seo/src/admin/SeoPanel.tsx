import { Alert, Checkbox, Loader, Stack, Text, Textarea, TextInput, Title } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import type { AdminContext, AdminTranslate, EditorPanelProps } from '@tessera/plugin/admin';
import { useMemo } from 'react';
import { scoreOfEntry, shownAs } from '../entry-score.js';
import {
  DESCRIPTION_MOST,
  displayedAddress,
  measured,
  previewPath,
  scoredEntryOf,
  TITLE_MOST,
  writtenDescription,
} from './preview.js';
import { contentTypesQuery, contextQuery, duplicatesQuery, storedEntryQuery } from './queries.js';
import { CheckList, ScoreSummary } from './ScoreView.js';
import { type PreviewText, SearchPreview } from './SearchPreview.js';

/**
 * A body this long takes tens of milliseconds to score (300 KB: about 40 ms): past it the score
 * waits for typing to pause instead of following each key.
 */
const LONG_BODY = 50_000;
const PAUSE_MS = 300;

/**
 * Beside the entry editor, for every type: the plugin's fields, set in the editor's unsaved state
 * (its Save stores them), how the entry may show in search results, and its SEO score, computed in
 * the browser from the entry as it is on screen with the same code the server stores scores with.
 *
 * The editor does not say the entry's language: a saved entry's is read from the API, an entry not
 * saved yet is in the site's default language (as a new entry is created). The checks' messages are
 * in the interface's language.
 */
export function seoPanel(admin: AdminContext) {
  return function SeoPanel({ entry, fields, definitions, setField, readOnly }: EditorPanelProps) {
    const { t, language } = admin.useTranslation();
    const context = useQuery(contextQuery(admin));
    const stored = useQuery({
      ...storedEntryQuery(admin, entry.type, entry.id ?? 0),
      enabled: entry.id !== null,
    });
    const types = useQuery({ ...contentTypesQuery(admin), enabled: entry.id === null });
    const locale = stored.data?.locale ?? context.data?.default_locale ?? language;

    const body = entry.fields.content;
    const [settled] = useDebouncedValue(entry, PAUSE_MS);
    const onScreen = typeof body === 'string' && body.length > LONG_BODY ? settled : entry;
    const scored = useMemo(() => scoredEntryOf(onScreen, locale), [onScreen, locale]);
    const site = context.data;
    // The duplicate checks ask the server for the site's other titles and descriptions equal to
    // these, once the typing pauses; until the answer, the score leaves them out.
    const question = useMemo(
      () =>
        site
          ? {
              locale,
              title: shownAs(scored, site).title,
              entryTitle: scored.title,
              description: writtenDescription(scored, site) ?? '',
              id: entry.id,
            }
          : null,
      [scored, site, locale, entry.id],
    );
    const [asked] = useDebouncedValue(question, PAUSE_MS);
    const duplicates = useQuery({
      ...duplicatesQuery(admin, asked ?? { locale, title: '', entryTitle: '', description: '', id: null }),
      enabled: asked !== null,
    });
    const score = useMemo(
      () => (site ? scoreOfEntry(scored, site, language, duplicates.data) : null),
      [scored, site, language, duplicates.data],
    );
    const preview = useMemo((): PreviewText | null => {
      if (!site) return null;
      const shown = shownAs(scored, site);
      const written = writtenDescription(scored, site);
      const pattern = types.data?.find((type) => type.slug === entry.type)?.route_pattern ?? null;
      const saved = stored.data ? { slug: stored.data.slug, url: stored.data.url } : null;
      return {
        address: displayedAddress(site.site.origin, previewPath(scored.slug, saved, pattern, new Date())),
        title: shown.title,
        description: shown.description,
        titleLength: { ...measured(shown.title, TITLE_MOST), most: TITLE_MOST },
        descriptionLength:
          written === null ? null : { ...measured(written, DESCRIPTION_MOST), most: DESCRIPTION_MOST },
      };
    }, [scored, site, types.data, stored.data, entry.type]);

    if (definitions.length === 0)
      return (
        <Text size="sm" c="dimmed">
          {t('panel.noFields')}
        </Text>
      );
    const has = (key: string) => definitions.some((field) => field.key === key);
    const text = (key: string) => (typeof fields[key] === 'string' ? (fields[key] as string) : '');
    const image = fields['seo.image'];

    return (
      <Stack gap="md">
        {context.error ? (
          <Alert color="red" variant="light" role="alert">
            {t('panel.noScore', { message: context.error.message })}
          </Alert>
        ) : !score || !preview ? (
          <Stack gap={4} align="flex-start">
            <Loader size="sm" aria-hidden />
            <Text size="sm" c="dimmed">
              {t('panel.loading')}
            </Text>
          </Stack>
        ) : (
          <>
            <ScoreSummary score={score} t={t} />
            <SearchPreview preview={preview} t={t} />
          </>
        )}
        {has('seo.focus_keyphrase') ? (
          <TextInput
            label={t('panel.keyphrase')}
            description={t('panel.keyphraseHelp')}
            value={text('seo.focus_keyphrase')}
            maxLength={100}
            disabled={readOnly}
            onChange={(event) => setField('seo.focus_keyphrase', event.currentTarget.value)}
          />
        ) : null}
        {has('seo.title') ? (
          <TextInput
            label={t('panel.seoTitle')}
            description={t('panel.seoTitleHelp', { example: '{{site}}' })}
            placeholder={text('seo.title') === '' ? preview?.title : undefined}
            value={text('seo.title')}
            maxLength={200}
            disabled={readOnly}
            onChange={(event) => setField('seo.title', event.currentTarget.value)}
          />
        ) : null}
        {has('seo.description') ? (
          <Textarea
            label={t('panel.description')}
            description={t('panel.descriptionHelp')}
            value={text('seo.description')}
            maxLength={400}
            autosize
            minRows={3}
            disabled={readOnly}
            onChange={(event) => setField('seo.description', event.currentTarget.value)}
          />
        ) : null}
        {score && site ? <CheckList score={score} t={t} note={checksNote(t, scored.locale)} /> : null}
        <Stack gap="sm">
          <Title order={3} size="h6">
            {t('panel.sharing')}
          </Title>
          {has('seo.image') ? (
            <admin.components.MediaField
              label={t('panel.image')}
              description={t('panel.imageHelp')}
              value={typeof image === 'number' ? [image] : []}
              kinds={['image']}
              disabled={readOnly}
              onChange={(ids) => setField('seo.image', ids[0] ?? null)}
            />
          ) : null}
          {has('seo.canonical') ? (
            <TextInput
              type="url"
              label={t('panel.canonical')}
              description={t('panel.canonicalHelp')}
              value={text('seo.canonical')}
              maxLength={2000}
              disabled={readOnly}
              onChange={(event) => setField('seo.canonical', event.currentTarget.value)}
            />
          ) : null}
          {has('seo.noindex') ? (
            <Checkbox
              label={t('panel.noindex')}
              checked={fields['seo.noindex'] === true}
              disabled={readOnly}
              onChange={(event) => setField('seo.noindex', event.currentTarget.checked)}
            />
          ) : null}
          {has('seo.nofollow') ? (
            <Checkbox
              label={t('panel.nofollow')}
              checked={fields['seo.nofollow'] === true}
              disabled={readOnly}
              onChange={(event) => setField('seo.nofollow', event.currentTarget.checked)}
            />
          ) : null}
        </Stack>
      </Stack>
    );
  };
}

/** Which language the text was measured in, said beside the checks. */
function checksNote(t: AdminTranslate, locale: string): string {
  const base = locale.toLowerCase().split('-')[0];
  const language =
    base === 'en' || base === 'fr'
      ? t(`panel.languages.${base}`)
      : t('panel.languages.other', { code: locale });
  return t('panel.checksNote', { language });
}
