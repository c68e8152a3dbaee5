import { Anchor, Badge, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { languageName } from '../content/editor/TranslationsPanel.js';
import { Pending } from '../shell/Shell.js';
import { useDocumentTitle } from '../site.js';
import { mailEventText } from './descriptions.js';
import { EVENTS_QUERY } from './queries.js';

/** The mails the site sends (email_templates.manage): each event, what it is for, where it was changed. */
export function MailEventList() {
  const { t, i18n } = useTranslation();
  useDocumentTitle(t('emailTemplates.title'));
  const events = useQuery(EVENTS_QUERY);
  const items = events.data ?? [];
  return (
    <Stack maw={900}>
      <Title order={1} size="h2">
        {t('emailTemplates.title')}
      </Title>
      <Text c="dimmed">{t('emailTemplates.intro')}</Text>
      {events.error || events.isPending ? (
        <Pending error={events.error} retry={() => void events.refetch()} />
      ) : items.length === 0 ? (
        <Text c="dimmed">{t('emailTemplates.empty')}</Text>
      ) : (
        <Stack gap="sm" component="ul" style={{ listStyle: 'none', margin: 0, padding: 0 }}>
          {items.map((event) => (
            <Paper component="li" key={event.event} withBorder p="md" radius="md">
              <Stack gap={6}>
                <Group justify="space-between" wrap="wrap" gap="xs" align="flex-start">
                  <Anchor
                    component={Link}
                    to={`/email-templates/${encodeURIComponent(event.event)}`}
                    fw={600}
                    ff="monospace"
                  >
                    {event.event}
                  </Anchor>
                  {event.customised_locales.length > 0 ? (
                    <Badge variant="light" color="teal" tt="none">
                      {t('emailTemplates.customised', {
                        languages: event.customised_locales
                          .map((locale) => languageName(locale, i18n.language))
                          .join(', '),
                      })}
                    </Badge>
                  ) : (
                    <Badge variant="outline" color="gray" tt="none">
                      {t('emailTemplates.defaults')}
                    </Badge>
                  )}
                </Group>
                <Text size="sm">{mailEventText(event)}</Text>
              </Stack>
            </Paper>
          ))}
        </Stack>
      )}
    </Stack>
  );
}
