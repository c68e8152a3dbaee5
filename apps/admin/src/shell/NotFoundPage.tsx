import { Anchor, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useDocumentTitle } from '../site.js';

export function NotFoundPage() {
  const { t } = useTranslation();
  useDocumentTitle(t('app.notFoundTitle'));
  return (
    <Stack>
      <Title order={1} size="h2">
        {t('app.notFoundTitle')}
      </Title>
      <Text>{t('app.notFoundText')}</Text>
      <Anchor component={Link} to="/">
        {t('nav.dashboard')}
      </Anchor>
    </Stack>
  );
}
