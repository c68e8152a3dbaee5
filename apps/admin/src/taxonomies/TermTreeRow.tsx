import { Badge, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { isDefaultTerm, type Term, termName } from './queries.js';

/** What a row of the term tree shows: the term's name (and, for screen readers, its parent), its slug. */
export function TermSummary(props: { taxonomy: string; term: Term; parent: Term | undefined }) {
  const { t } = useTranslation();
  const { term, parent } = props;
  return (
    <>
      <Text size="sm" fw={500} truncate>
        {termName(t, props.taxonomy, term)}
        {parent ? (
          <span className="visually-hidden"> {t('taxonomies.under', { parent: parent.name })}</span>
        ) : null}
      </Text>
      <Text size="xs" c="dimmed" truncate>
        {term.slug}
        {isDefaultTerm(props.taxonomy, term) ? ` · ${t('taxonomies.defaultTerm')}` : null}
      </Text>
    </>
  );
}

/** How many published entries a term files. */
export function TermCount({ term }: { term: Term }) {
  const { t } = useTranslation();
  return (
    <Badge variant="light" color="gray" title={t('taxonomies.publishedEntries')} style={{ flexShrink: 0 }}>
      {term.count}
      <span className="visually-hidden"> {t('taxonomies.publishedEntries')}</span>
    </Badge>
  );
}
