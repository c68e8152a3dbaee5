import { Alert, Anchor, Button, PasswordInput, Stack, Text, TextInput } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { type ApiError, api, data, toApiError } from '../api.js';
import { fieldErrors, formProblems } from '../forms.js';
import { SITE_QUERY } from '../site.js';
import { AuthLayout } from './AuthLayout.js';

/** First run, from the link `tessera serve` prints: the first site and its Super Admin. */
export function SetupPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const token = params.get('token');
  const client = useQueryClient();
  const status = useQuery({ queryKey: ['setup'], queryFn: () => data(api.GET('/api/setup')) });
  const [busy, setBusy] = useState(false);
  const [done, setDone] = useState(false);
  const [error, setError] = useState<ApiError | null>(null);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!token) return;
    const local = formProblems(event.currentTarget);
    if (local) {
      setError(local);
      return;
    }
    const form = new FormData(event.currentTarget);
    const text = (name: string) => String(form.get(name) ?? '').trim();
    setBusy(true);
    setError(null);
    const answer = await api
      .POST('/api/setup', {
        body: {
          token,
          site_name: text('site_name'),
          domain: text('domain'),
          admin_name: text('admin_name') || undefined,
          admin_email: text('admin_email'),
          admin_password: String(form.get('admin_password') ?? ''),
          locale: navigator.language.toLowerCase().startsWith('fr') ? 'fr' : 'en',
        },
      })
      .catch(() => null);
    setBusy(false);
    if (answer?.data) {
      // The site exists now: the sign-in page asks for it (its name) afresh.
      void client.invalidateQueries({ queryKey: SITE_QUERY.queryKey });
      setDone(true);
    } else
      setError(
        answer ? toApiError(answer.error, answer.response) : { message: t('app.networkError'), errors: {} },
      );
  }

  const errors = fieldErrors(error);
  const known = ['site_name', 'domain', 'admin_name', 'admin_email', 'admin_password'];
  // Once installed, the site may be white-labelled: what this link then shows names no vendor.
  const installedBefore = !done && status.data?.installed === true;
  return (
    <AuthLayout title={installedBefore ? t('setup.installedTitle') : t('setup.title')}>
      {done || status.data?.installed ? (
        <Stack>
          <Alert color={done ? 'green' : 'blue'} role="status">
            {done ? t('setup.done') : t('setup.installed')}
          </Alert>
          <Anchor component={Link} to="/login">
            {t('setup.goToSignIn')}
          </Anchor>
        </Stack>
      ) : !token ? (
        <Alert color="red" role="alert">
          {t('auth.missingToken')}
        </Alert>
      ) : (
        <form onSubmit={submit} noValidate>
          <Stack>
            <Text size="sm">{t('setup.help')}</Text>
            {error && !known.some((field) => errors[field]) ? (
              <Alert color="red" role="alert">
                {error.message}
              </Alert>
            ) : null}
            <TextInput
              name="site_name"
              label={t('setup.siteName')}
              maxLength={200}
              required
              autoFocus
              error={errors.site_name}
            />
            <TextInput
              name="domain"
              label={t('setup.domain')}
              description={t('setup.domainHelp')}
              defaultValue={window.location.hostname}
              required
              error={errors.domain}
            />
            <TextInput
              name="admin_name"
              label={t('setup.adminName')}
              autoComplete="name"
              maxLength={200}
              error={errors.admin_name}
            />
            <TextInput
              name="admin_email"
              type="email"
              label={t('setup.adminEmail')}
              autoComplete="email"
              required
              maxLength={254}
              error={errors.admin_email}
            />
            <PasswordInput
              name="admin_password"
              label={t('setup.adminPassword')}
              description={t('auth.passwordRule')}
              autoComplete="new-password"
              minLength={10}
              maxLength={256}
              required
              error={errors.admin_password}
            />
            <Button type="submit" loading={busy}>
              {t('setup.submit')}
            </Button>
          </Stack>
        </form>
      )}
    </AuthLayout>
  );
}
