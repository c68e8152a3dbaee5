import { Anchor, Badge, Button, Group, Stack, Text } from '@mantine/core';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate } from 'react-router';
import { api, data } from '../../api.js';
import { Pending } from '../../shell/Shell.js';
import { useSite } from '../../site.js';
import type { Entry } from './model.js';

/** A language's name in the interface's language: "French", "français"... */
export function languageName(locale: string, interfaceLanguage: string): string {
  try {
    return new Intl.DisplayNames([interfaceLanguage], { type: 'language' }).of(locale) ?? locale;
  } catch {
    return locale;
  }
}

/**
 * The entry's language versions (spec 1 multi-language): each enabled locale of the site, opened
 * when it exists, created (a draft copy of this one) when it does not.
 */
export function TranslationsPanel(props: { type: string; entry: Entry; canCreate: boolean }) {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const site = useSite().data;
  const { type, entry } = props;
  const group = useQuery({
    queryKey: ['translations', type, entry.id, entry.translation_group_id],
    queryFn: () =>
      data(api.GET('/api/content/{type}/{id}/translations', { params: { path: { type, id: entry.id } } })),
  });
  const create = useMutation({
    mutationFn: (locale: string) =>
      data(
        api.POST('/api/content/{type}/{id}/translations', {
          params: { path: { type, id: entry.id } },
          body: { locale },
        }),
      ),
    onSuccess: (created) => navigate(`/content/${type}/${created.id}`),
  });
  if (!site) return null;
  if (!group.data) return <Pending error={group.error} retry={() => void group.refetch()} />;
  const byLocale = new Map(group.data.map((version) => [version.locale, version]));
  return (
    <Stack gap="xs">
      {create.error ? (
        <Text size="sm" c="red" role="alert">
          {create.error.message}
        </Text>
      ) : null}
      {site.locales.map((locale) => {
        const version = byLocale.get(locale);
        const name = languageName(locale, i18n.language);
        return (
          <Group key={locale} justify="space-between" wrap="nowrap" gap="xs">
            {version && version.id === entry.id ? (
              <Text size="sm" fw={600}>
                {name}
              </Text>
            ) : version ? (
              <Anchor component={RouterLink} to={`/content/${type}/${version.id}`} size="sm" lang={locale}>
                {name}: {version.title}
              </Anchor>
            ) : (
              <Text size="sm" c="dimmed">
                {name}
              </Text>
            )}
            {version ? (
              <Badge size="xs" variant="light">
                {t(`status.${version.status}`)}
              </Badge>
            ) : props.canCreate ? (
              <Button
                size="compact-xs"
                variant="light"
                loading={create.isPending && create.variables === locale}
                onClick={() => create.mutate(locale)}
              >
                {t('editor.translateInto', { language: name })}
              </Button>
            ) : null}
          </Group>
        );
      })}
    </Stack>
  );
}
