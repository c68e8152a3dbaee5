import {
  Alert,
  Badge,
  Button,
  Card,
  Code,
  Group,
  Image,
  PasswordInput,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type ApiError, api, data, done, toApiError } from '../api.js';
import { fieldErrors, formProblems } from '../forms.js';
import { ME, useSession } from '../session.js';

type Step =
  | { kind: 'idle' }
  | { kind: 'scan'; secret: string; qr: string }
  | { kind: 'codes'; codes: string[] };

/** Two-step sign-in: a QR code for the authenticator app, a code to confirm, recovery codes shown once. */
export function TwoFactorPanel() {
  const { t } = useTranslation();
  const user = useSession();
  const client = useQueryClient();
  const [step, setStep] = useState<Step>({ kind: 'idle' });
  const [error, setError] = useState<ApiError | null>(null);
  const [busy, setBusy] = useState(false);

  async function attempt(work: () => Promise<void>) {
    setBusy(true);
    setError(null);
    try {
      await work();
    } catch (failure) {
      setError(toApiError(failure));
    } finally {
      setBusy(false);
    }
  }

  const start = () =>
    attempt(async () => {
      const setup = await data(api.POST('/api/me/two-factor/setup'));
      // The QR code library comes only with this step.
      const { toDataURL } = await import('qrcode');
      setStep({
        kind: 'scan',
        secret: setup.secret,
        qr: await toDataURL(setup.otpauth_url, { margin: 1, width: 200 }),
      });
    });

  const confirm = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const local = formProblems(event.currentTarget);
    if (local) {
      setError(local);
      return;
    }
    const code = String(new FormData(event.currentTarget).get('code') ?? '').trim();
    void attempt(async () => {
      const enabled = await data(api.POST('/api/me/two-factor/enable', { body: { code } }));
      setStep({ kind: 'codes', codes: enabled.recovery_codes });
      await client.invalidateQueries({ queryKey: ME });
    });
  };

  const disable = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const local = formProblems(event.currentTarget);
    if (local) {
      setError(local);
      return;
    }
    const password = String(new FormData(event.currentTarget).get('password') ?? '');
    void attempt(async () => {
      await done(api.POST('/api/me/two-factor/disable', { body: { password } }));
      setStep({ kind: 'idle' });
      await client.invalidateQueries({ queryKey: ME });
    });
  };

  const on = user.two_factor_enabled === true;
  return (
    <Card withBorder radius="md" component="section" aria-labelledby="two-factor-title">
      <Group mb="xs">
        <Title id="two-factor-title" order={2} size="h4">
          {t('profile.twoFactor')}
        </Title>
        <Badge color={on ? 'green' : 'gray'} variant="light">
          {on ? t('profile.on') : t('profile.off')}
        </Badge>
      </Group>
      {error && Object.keys(error.errors).length === 0 ? (
        <Text c="red" size="sm" role="alert" mb="sm">
          {error.message}
        </Text>
      ) : null}
      {step.kind === 'codes' ? (
        <Alert color="green" role="status" title={t('profile.recoveryTitle')}>
          <Text size="sm" mb="xs">
            {t('profile.recoveryHelp')}
          </Text>
          <SimpleGrid cols={2} spacing={4}>
            {step.codes.map((code) => (
              <Code key={code}>{code}</Code>
            ))}
          </SimpleGrid>
        </Alert>
      ) : step.kind === 'scan' ? (
        <form onSubmit={confirm} noValidate>
          <Stack>
            <Text size="sm">{t('profile.scan')}</Text>
            <Image src={step.qr} alt={t('profile.qrAlt')} w={200} h={200} />
            <Text size="sm">
              {t('profile.secret')} <Code>{step.secret}</Code>
            </Text>
            <TextInput
              name="code"
              label={t('auth.code')}
              autoComplete="one-time-code"
              required
              maxLength={6}
              error={fieldErrors(error).code}
            />
            <Group>
              <Button type="submit" loading={busy}>
                {t('profile.enable')}
              </Button>
              <Button variant="subtle" onClick={() => setStep({ kind: 'idle' })}>
                {t('profile.cancel')}
              </Button>
            </Group>
          </Stack>
        </form>
      ) : on ? (
        <form onSubmit={disable} noValidate>
          <Group align="flex-end">
            <PasswordInput
              name="password"
              label={t('profile.currentPassword')}
              autoComplete="current-password"
              required
              maxLength={1024}
              error={fieldErrors(error).password}
            />
            <Button type="submit" color="red" variant="light" loading={busy}>
              {t('profile.disable')}
            </Button>
          </Group>
        </form>
      ) : (
        <Stack align="flex-start">
          <Text size="sm" c="dimmed">
            {t('profile.twoFactorHelp')}
          </Text>
          <Button onClick={() => void start()} loading={busy}>
            {t('profile.setUp')}
          </Button>
        </Stack>
      )}
    </Card>
  );
}
