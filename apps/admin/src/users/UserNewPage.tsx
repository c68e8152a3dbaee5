import {
  Alert,
  Anchor,
  Button,
  Card,
  PasswordInput,
  SegmentedControl,
  Select,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { type ApiError, api, toApiError } from '../api.js';
import { fieldErrors, formProblems } from '../forms.js';
import { useCan, useSession } from '../session.js';
import { Pending } from '../shell/Shell.js';
import { useDocumentTitle, useSite } from '../site.js';
import { FormError } from './FormError.js';
import { LOCALES, mayGrant, useRoles } from './queries.js';

type Mode = 'new' | 'existing';
const FIELDS = ['display_name', 'email', 'password', 'role', 'locale'];

/**
 * Adds a user: a new account with a password the admin chooses (the API sends no invitation), or,
 * for a Super Admin, an account of another site of the installation. Only roles the admin may give
 * are offered.
 */
export function UserNewPage() {
  const { t } = useTranslation();
  useDocumentTitle(t('users.newTitle'));
  const can = useCan();
  const me = useSession();
  const site = useSite().data;
  const navigate = useNavigate();
  const client = useQueryClient();
  const roles = useRoles();
  const [mode, setMode] = useState<Mode>('new');
  const [role, setRole] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<ApiError | null>(null);
  // Joining an account to another site is a Super Admin's move (POST /api/sites/{id}/members).
  const mayAddExisting = me.is_super_admin && site !== undefined;

  const grantable = (roles.data ?? []).filter((each) => mayGrant(each, can, me.is_super_admin));
  const options = grantable
    .filter((each) => mode === 'new' || each.slug !== 'super_admin')
    .map((each) => ({ value: each.slug, label: each.name }));
  const chosen =
    role ?? options.find((each) => each.value === 'author')?.value ?? options.at(-1)?.value ?? null;
  const siteLocale = site?.default_locale.split('-')[0];
  const defaultLocale = LOCALES.find((each) => each === siteLocale) ?? 'en';

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!chosen) return;
    const local = formProblems(event.currentTarget);
    if (local) {
      setError(local);
      return;
    }
    const form = new FormData(event.currentTarget);
    const text = (name: string) => String(form.get(name) ?? '').trim();
    setBusy(true);
    setError(null);
    const answer = await (mode === 'existing' && site
      ? api.POST('/api/sites/{id}/members', {
          params: { path: { id: site.id } },
          body: { email: text('email'), role: chosen },
        })
      : api.POST('/api/users', {
          body: {
            display_name: text('display_name'),
            email: text('email'),
            password: String(form.get('password') ?? ''),
            role: chosen,
            locale: text('locale') || defaultLocale,
          },
        })
    ).catch(() => null);
    setBusy(false);
    if (!answer?.data) {
      setError(
        answer ? toApiError(answer.error, answer.response) : { message: t('app.networkError'), errors: {} },
      );
      return;
    }
    const user = answer.data.data;
    void client.invalidateQueries({ queryKey: ['users'] });
    void client.invalidateQueries({ queryKey: ['roles'] });
    const notice = t(mode === 'new' ? 'users.createdDone' : 'users.added', { name: user.display_name });
    navigate(`/users/${user.id}`, { state: { notice } });
  }

  const errors = fieldErrors(error);
  return (
    <Stack maw={560}>
      <Anchor component={Link} to="/users" size="sm">
        ← {t('users.back')}
      </Anchor>
      <Title order={1} size="h2">
        {t('users.newTitle')}
      </Title>
      {roles.error || roles.isPending ? (
        <Pending error={roles.error} retry={() => void roles.refetch()} />
      ) : options.length === 0 ? (
        <Alert color="yellow">{t('users.noGrantableRole')}</Alert>
      ) : (
        <Card withBorder radius="md">
          <form onSubmit={submit} noValidate>
            <Stack>
              {mayAddExisting ? (
                <Stack gap={4}>
                  <SegmentedControl
                    value={mode}
                    onChange={(value) => {
                      setMode(value as Mode);
                      setError(null);
                    }}
                    data={(['new', 'existing'] as const).map((value) => ({
                      value,
                      label: t(`users.modes.${value}`),
                    }))}
                    aria-label={t('users.mode')}
                  />
                  {mode === 'existing' ? (
                    <Text size="sm" c="dimmed">
                      {t('users.existingHelp')}
                    </Text>
                  ) : null}
                </Stack>
              ) : null}
              <FormError error={error} fields={FIELDS} />
              {mode === 'new' ? (
                <TextInput
                  name="display_name"
                  label={t('users.name')}
                  autoComplete="off"
                  maxLength={200}
                  required
                  error={errors.display_name}
                />
              ) : null}
              <TextInput
                name="email"
                type="email"
                label={t('users.email')}
                autoComplete="off"
                maxLength={254}
                required
                error={errors.email}
              />
              <Select
                label={t('users.role')}
                value={chosen}
                onChange={setRole}
                data={options}
                allowDeselect={false}
                required
                error={errors.role}
              />
              {mode === 'new' ? (
                <>
                  <PasswordInput
                    name="password"
                    label={t('users.password')}
                    description={t('users.passwordHelp')}
                    autoComplete="new-password"
                    minLength={10}
                    maxLength={256}
                    required
                    error={errors.password}
                  />
                  <Select
                    name="locale"
                    label={t('users.language')}
                    defaultValue={defaultLocale}
                    data={LOCALES.map((value) => ({ value, label: t(`users.languages.${value}`) }))}
                    allowDeselect={false}
                    error={errors.locale}
                  />
                </>
              ) : null}
              <Button type="submit" loading={busy} w="fit-content">
                {mode === 'new' ? t('users.create') : t('users.addExisting')}
              </Button>
            </Stack>
          </form>
        </Card>
      )}
    </Stack>
  );
}
