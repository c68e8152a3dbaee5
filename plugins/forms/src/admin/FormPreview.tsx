import { Box, Group, Paper, Select, Stack, Text, Title } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { AdminContext } from '@tessera/plugin/admin';
import { useMemo } from 'react';
import { previewDocument, themeStylesheetOf } from './preview-document.js';
import { FORMS } from './queries.js';
import type { FormDefinition } from './records.js';
import { messageOf } from './states.js';
import { languageName } from './TranslationsEditor.js';

const PAUSE_MS = 400;

/** The public theme's stylesheet, read from the site's home page as a visitor gets it. */
const stylesheetQuery = {
  queryKey: [FORMS, 'theme-stylesheet'],
  queryFn: async () => {
    const answer = await fetch('/', { credentials: 'omit', headers: { accept: 'text/html' } });
    return themeStylesheetOf(await answer.text());
  },
  staleTime: 10 * 60_000,
  retry: false,
};

/**
 * The form as the site will show it, as it is being edited (asked of the server once typing
 * pauses), in one of the site's languages. While the draft has a problem the server will not
 * render, the last preview stays, said to be older.
 */
export function FormPreview(props: {
  admin: AdminContext;
  definition: FormDefinition;
  locales: readonly string[];
  locale: string;
  onLocale: (locale: string) => void;
}) {
  const { admin } = props;
  const { t, language } = admin.useTranslation();
  const { slug: _slug, ...form } = props.definition;
  // Debounced as text: an object made afresh on each render would never settle.
  const [settled] = useDebouncedValue(JSON.stringify({ form, locale: props.locale }), PAUSE_MS);
  const asked = useMemo(() => JSON.parse(settled) as { form: unknown; locale: string }, [settled]);
  const preview = useQuery({
    queryKey: [FORMS, 'preview', asked],
    queryFn: () => admin.api.post<{ html: string }>('/preview', asked),
    placeholderData: keepPreviousData,
    retry: false,
  });
  const stylesheet = useQuery(stylesheetQuery);
  const html = preview.data?.html ?? null;

  return (
    <Paper withBorder p="md" component="section" aria-labelledby="forms-preview">
      <Stack gap="sm">
        <Group justify="space-between" align="flex-end">
          <div>
            <Title id="forms-preview" order={3} size="h5">
              {t('preview.title')}
            </Title>
            <Box role="status" aria-live="polite" mih={20}>
              {preview.error ? (
                <Text size="sm" c="red">
                  {html
                    ? t('preview.stale', { message: messageOf(preview.error) })
                    : messageOf(preview.error)}
                </Text>
              ) : preview.isFetching ? (
                <Text size="sm" c="dimmed">
                  {t('preview.updating')}
                </Text>
              ) : null}
            </Box>
          </div>
          {props.locales.length > 1 ? (
            <Select
              label={t('preview.language')}
              size="xs"
              allowDeselect={false}
              data={props.locales.map((code) => ({ value: code, label: languageName(code, language) }))}
              value={props.locale}
              onChange={(value) => value && props.onLocale(value)}
            />
          ) : null}
        </Group>
        {html !== null ? (
          <iframe
            title={t('preview.frame')}
            sandbox=""
            srcDoc={previewDocument(html, {
              lang: props.locale,
              stylesheet: stylesheet.data ?? null,
              origin: window.location.origin,
            })}
            data-testid="forms-preview-frame"
            style={{
              display: 'block',
              width: '100%',
              height: 520,
              border: '1px solid var(--mantine-color-default-border)',
              borderRadius: 'var(--mantine-radius-sm)',
              background: '#fff',
            }}
          />
        ) : preview.isPending ? (
          <Text size="sm" c="dimmed">
            {t('preview.loading')}
          </Text>
        ) : null}
      </Stack>
    </Paper>
  );
}
