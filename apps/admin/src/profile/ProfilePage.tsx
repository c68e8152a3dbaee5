import { Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useSession } from '../session.js';
import { useDocumentTitle } from '../site.js';
import { AccountPanel } from './AccountPanel.js';
import { PasswordPanel } from './PasswordPanel.js';
import { TokensPanel } from './TokensPanel.js';
import { TwoFactorPanel } from './TwoFactorPanel.js';

/** The signed-in user's own account: their details and language, password, two-step sign-in and API tokens. */
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
      <AccountPanel />
      <PasswordPanel />
      <TwoFactorPanel />
      <TokensPanel />
    </Stack>
  );
}
