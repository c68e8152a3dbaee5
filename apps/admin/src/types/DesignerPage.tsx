import { Anchor, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { Pending } from '../shell/Shell.js';
import { useDocumentTitle } from '../site.js';
import { Designer } from './Designer.js';
import { useContentType } from './queries.js';

/** /content-types/new and /content-types/:slug: the designer of a new type, or of a saved one once loaded. */
export function DesignerPage() {
  const { t } = useTranslation();
  const { slug } = useParams();
  const type = useContentType(slug);
  const missing = (type.error as { code?: string } | null)?.code === 'content_type_not_found';
  useDocumentTitle(
    slug === undefined
      ? t('contentTypes.newTitle')
      : t('contentTypes.editTitle', { name: type.data?.plural_label ?? slug }),
  );

  if (slug !== undefined && !type.data)
    return (
      <Stack>
        <Anchor component={Link} to="/content-types" size="sm">
          ← {t('contentTypes.back')}
        </Anchor>
        <Title order={1} size="h2">
          {t('contentTypes.title')}
        </Title>
        {missing ? (
          <Text>{t('contentTypes.notFound', { slug })}</Text>
        ) : (
          <Pending error={type.error} retry={() => void type.refetch()} />
        )}
      </Stack>
    );
  // A new designer for each type: nothing typed for one leaks into another.
  return <Designer key={slug ?? 'new'} type={type.data ?? null} />;
}
