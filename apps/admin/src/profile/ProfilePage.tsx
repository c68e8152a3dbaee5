import { Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useSession } from '../session.js';
import { useDocumentTitle } from '../site.js';
import { TokensPanel } from './TokensPanel.js';
import { TwoFactorPanel } from './TwoFactorPanel.js';

/** The signed-in user's own account: API tokens and two-step sign-in. */
export function ProfilePage() {
  const { t } = useTranslation();
  const user = useSession();
  useDocumentTitle(t('profile.title'));
  return (
    <Stack>
      <div>
        <Title order={1} size="h2">
          {t('profile.title')}
        </Title>
        <Text c="dimmed">
          {user.display_name} · {user.email}
        </Text>
      </div>
      <TwoFactorPanel />
      <TokensPanel />
    </Stack>
  );
}
