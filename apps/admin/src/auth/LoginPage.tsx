import { Alert, Anchor, Button, PasswordInput, Stack, Text, TextInput } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { type ApiError, api, rememberCsrf, toApiError } from '../api.js';
import { fieldErrors, formProblems } from '../forms.js';
import { ME } from '../session.js';
import { useSystemName } from '../site.js';
import { AuthLayout } from './AuthLayout.js';

type Outcome = { two_factor_required: boolean; challenge?: string; csrf_token?: string };

/** Sign-in, then the two-step code when the account has it; back to where the user was going. */
export function LoginPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const client = useQueryClient();
  const name = useSystemName();
  const [challenge, setChallenge] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [problems, setProblems] = useState<Record<string, string>>({});
  const next = params.get('next');
  const target = next?.startsWith('/') && !next.startsWith('//') ? next : '/';

  async function signedIn(outcome: Outcome) {
    if (outcome.two_factor_required && outcome.challenge) {
      setChallenge(outcome.challenge);
      return;
    }
    rememberCsrf(outcome.csrf_token ?? null);
    await client.invalidateQueries({ queryKey: ME });
    navigate(target, { replace: true });
  }

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const local = formProblems(event.currentTarget);
    setProblems(fieldErrors(local));
    if (local) return;
    const form = new FormData(event.currentTarget);
    setBusy(true);
    setError(null);
    try {
      const answer = challenge
        ? await api.POST('/api/auth/two-factor', {
            body: { challenge, code: String(form.get('code') ?? '').trim() },
          })
        : await api.POST('/api/auth/login', {
            body: {
              email: String(form.get('email') ?? '').trim(),
              password: String(form.get('password') ?? ''),
            },
          });
      if (answer.data) await signedIn(answer.data.data);
      else
        setError(
          messageOf(
            toApiError(answer.error, answer.response),
            challenge ? t('auth.badCode') : t('auth.badCredentials'),
          ),
        );
    } catch {
      setError(t('app.networkError'));
    } finally {
      setBusy(false);
    }
  }

  return (
    <AuthLayout
      title={
        challenge ? t('auth.twoFactorTitle') : name ? t('auth.signInTitle', { site: name }) : t('auth.signIn')
      }
    >
      <form onSubmit={submit} noValidate>
        <Stack>
          {params.get('expired') ? (
            <Alert color="yellow" role="status">
              {t('auth.expired')}
            </Alert>
          ) : null}
          {params.get('reset') ? (
            <Alert color="green" role="status">
              {t('auth.passwordSaved')}
            </Alert>
          ) : null}
          {error ? (
            <Alert color="red" role="alert">
              {error}
            </Alert>
          ) : null}
          {challenge ? (
            <>
              <Text size="sm">{t('auth.twoFactorHelp')}</Text>
              <TextInput
                name="code"
                label={t('auth.code')}
                autoComplete="one-time-code"
                inputMode="text"
                required
                autoFocus
                maxLength={32}
                error={problems.code}
              />
              <Button type="submit" loading={busy}>
                {t('auth.verify')}
              </Button>
              <Anchor component="button" type="button" size="sm" onClick={() => setChallenge(null)}>
                {t('auth.backToSignIn')}
              </Anchor>
            </>
          ) : (
            <>
              <TextInput
                name="email"
                type="email"
                label={t('auth.email')}
                autoComplete="username"
                required
                maxLength={254}
                autoFocus
                error={problems.email}
              />
              <PasswordInput
                name="password"
                label={t('auth.password')}
                autoComplete="current-password"
                required
                maxLength={1024}
                error={problems.password}
              />
              <Button type="submit" loading={busy}>
                {t('auth.signIn')}
              </Button>
              <Anchor component={Link} to="/forgot-password" size="sm">
                {t('auth.forgot')}
              </Anchor>
            </>
          )}
        </Stack>
      </form>
    </AuthLayout>
  );
}

/** The server's own words for a refusal it explains (a suspended account, too many tries), else ours. */
function messageOf(error: ApiError, fallback: string): string {
  return error.code && !['invalid_credentials', 'invalid_code', 'unauthenticated'].includes(error.code)
    ? error.message
    : fallback;
}
