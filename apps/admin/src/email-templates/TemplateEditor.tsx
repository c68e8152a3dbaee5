import { Anchor, Stack, Text, Title } from '@mantine/core';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { Pending } from '../shell/Shell.js';
import { useDocumentTitle, useSite } from '../site.js';
import { mailEventText } from './descriptions.js';
import { chosenLanguage, templateLanguages } from './languages.js';
import { EVENTS_QUERY, templateQuery } from './queries.js';
import { TemplateForm } from './TemplateForm.js';

/**
 * One mail event's template, in the language the address names (`?locale=fr`), else the site's:
 * loaded here, edited in TemplateForm. The form of one language stays while another's loads.
 */
export function TemplateEditor({ event }: { event: string }) {
  const { t } = useTranslation();
  useDocumentTitle(`${event} – ${t('emailTemplates.title')}`);
  const site = useSite();
  const [search, setSearch] = useSearchParams();
  const events = useQuery(EVENTS_QUERY);
  const found = events.data?.find((each) => each.event === event);
  const languages = site.data ? templateLanguages(site.data) : [];
  const locale = site.data ? chosenLanguage(languages, search.get('locale')) : null;
  const template = useQuery({
    ...templateQuery(event, locale ?? ''),
    enabled: Boolean(found && locale),
    placeholderData: keepPreviousData,
  });

  const back = (
    <Anchor component={Link} to="/email-templates" size="sm">
      ← {t('emailTemplates.back')}
    </Anchor>
  );
  if (events.data && !found)
    return (
      <Stack>
        {back}
        <Text role="alert">{t('emailTemplates.notFound')}</Text>
      </Stack>
    );
  if (!found || !locale || !template.data)
    return (
      <Stack>
        {back}
        <Pending
          error={events.error ?? site.error ?? template.error}
          retry={() => void (events.error ? events.refetch() : template.refetch())}
        />
      </Stack>
    );
  return (
    <Stack>
      {back}
      <div>
        <Title order={1} size="h2" ff="monospace" style={{ wordBreak: 'break-all' }}>
          {found.event}
        </Title>
        <Text c="dimmed">{mailEventText(found)}</Text>
      </div>
      <TemplateForm
        // A language's form starts from its template; while another loads, the one shown stays.
        key={template.data.locale}
        event={found}
        locale={template.data.locale}
        asked={locale}
        languages={languages}
        template={template.data}
        loading={template.isPlaceholderData}
        onLanguage={(next) => setSearch({ locale: next })}
      />
    </Stack>
  );
}
