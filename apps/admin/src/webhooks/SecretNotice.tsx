import { Alert, Button, Code, CopyButton, Group, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** A webhook's signing secret, the one time the server answers it, with a way to copy it. */
export function SecretNotice({ secret }: { secret: string }) {
  const { t } = useTranslation();
  return (
    <Alert color="green" role="status" title={t('webhooks.secretCreated')}>
      <Stack gap="xs">
        <Text size="sm">{t('webhooks.secretOnce')}</Text>
        <Group gap="xs" wrap="nowrap" align="flex-start">
          <Code style={{ wordBreak: 'break-all' }}>{secret}</Code>
          <CopyButton value={secret}>
            {({ copied, copy }) => (
              <Button size="xs" variant="light" onClick={copy}>
                {copied ? t('webhooks.copied') : t('webhooks.copy')}
              </Button>
            )}
          </CopyButton>
        </Group>
      </Stack>
    </Alert>
  );
}
