import { Alert, Anchor, Button, PasswordInput, Stack, Text, TextInput } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { type ApiError, api, toApiError } from '../api.js';
import { fieldErrors, formProblems } from '../forms.js';
import { AuthLayout } from './AuthLayout.js';

/** Asks for a reset link by email; says the same whether the address has an account or not. */
export function ForgotPasswordPage() {
  const { t } = useTranslation();
  const [state, setState] = useState<'idle' | 'busy' | 'sent'>('idle');
  const [error, setError] = useState<ApiError | null>(null);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const local = formProblems(event.currentTarget);
    if (local) {
      setError(local);
      return;
    }
    const email = String(new FormData(event.currentTarget).get('email') ?? '').trim();
    setState('busy');
    setError(null);
    const answer = await api.POST('/api/auth/password/forgot', { body: { email } }).catch(() => null);
    if (answer?.data) setState('sent');
    else {
      setError(
        answer ? toApiError(answer.error, answer.response) : { message: t('app.networkError'), errors: {} },
      );
      setState('idle');
    }
  }

  return (
    <AuthLayout title={t('auth.forgotTitle')}>
      {state === 'sent' ? (
        <Stack>
          <Alert color="green" role="status">
            {t('auth.linkSent')}
          </Alert>
          <Anchor component={Link} to="/login" size="sm">
            {t('auth.backToSignIn')}
          </Anchor>
        </Stack>
      ) : (
        <form onSubmit={submit} noValidate>
          <Stack>
            <Text size="sm">{t('auth.forgotHelp')}</Text>
            {error && !error.errors.email ? (
              <Alert color="red" role="alert">
                {error.message}
              </Alert>
            ) : null}
            <TextInput
              name="email"
              type="email"
              label={t('auth.email')}
              autoComplete="email"
              required
              maxLength={254}
              autoFocus
              error={fieldErrors(error).email}
            />
            <Button type="submit" loading={state === 'busy'}>
              {t('auth.sendLink')}
            </Button>
            <Anchor component={Link} to="/login" size="sm">
              {t('auth.backToSignIn')}
            </Anchor>
          </Stack>
        </form>
      )}
    </AuthLayout>
  );
}

/** The emailed link's page: a new password, then sign-in. */
export function ResetPasswordPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const token = params.get('token');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<ApiError | null>(null);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!token) return;
    const local = formProblems(event.currentTarget);
    if (local) {
      setError(local);
      return;
    }
    const password = String(new FormData(event.currentTarget).get('password') ?? '');
    setBusy(true);
    setError(null);
    const answer = await api
      .POST('/api/auth/password/reset', { body: { token, password } })
      .catch(() => null);
    setBusy(false);
    if (answer?.data) navigate('/login?reset=1', { replace: true });
    else
      setError(
        answer ? toApiError(answer.error, answer.response) : { message: t('app.networkError'), errors: {} },
      );
  }

  return (
    <AuthLayout title={t('auth.resetTitle')}>
      {token ? (
        <form onSubmit={submit} noValidate>
          <Stack>
            {error && !error.errors.password ? (
              <Alert color="red" role="alert">
                {error.message}
              </Alert>
            ) : null}
            <PasswordInput
              name="password"
              label={t('auth.newPassword')}
              description={t('auth.passwordRule')}
              autoComplete="new-password"
              required
              minLength={10}
              maxLength={256}
              autoFocus
              error={fieldErrors(error).password}
            />
            <Button type="submit" loading={busy}>
              {t('auth.savePassword')}
            </Button>
          </Stack>
        </form>
      ) : (
        <Alert color="red" role="alert">
          {t('auth.missingToken')}
        </Alert>
      )}
    </AuthLayout>
  );
}
