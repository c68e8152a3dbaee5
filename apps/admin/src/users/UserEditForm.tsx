import {
  Alert,
  Anchor,
  Button,
  Card,
  Group,
  PasswordInput,
  Radio,
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
import { ME, useCan, useSession } from '../session.js';
import { ConfirmDialog } from '../shell/ConfirmDialog.js';
import { FormError } from './FormError.js';
import { LOCALES, type Me, mayGrant, type Role, SUPER_ADMIN, type User } from './queries.js';

type Changes = {
  display_name?: string;
  email?: string;
  locale?: string;
  role?: string;
  status?: 'active' | 'suspended';
  password?: string;
};
const FIELDS = ['display_name', 'email', 'locale', 'role', 'status', 'password'];

/**
 * Changes a user; only the fields changed are sent. One's own email and password change from the
 * profile (the server asks for the current password there), one cannot suspend oneself, and giving
 * oneself another role asks first, since it may take away this very screen.
 */
export function UserEditForm({ user, roles }: { user: User; roles: Role[] | null }) {
  const { t } = useTranslation();
  const me = useSession();
  const can = useCan();
  const client = useQueryClient();
  const navigate = useNavigate();
  const self = user.id === me.id;
  const [current, setCurrent] = useState(user);
  const [name, setName] = useState(user.display_name);
  const [email, setEmail] = useState(user.email);
  const [locale, setLocale] = useState(user.locale);
  const [role, setRole] = useState(user.role?.slug ?? null);
  const [status, setStatus] = useState(user.status);
  const [password, setPassword] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<ApiError | null>(null);
  const [notice, setNotice] = useState<'saved' | 'nothingChanged' | null>(null);
  const [confirming, setConfirming] = useState<Changes | null>(null);

  const grantable = (roles ?? []).filter(
    (each) => each.id === current.role?.id || mayGrant(each, can, me.is_super_admin),
  );
  const locales: string[] = [...LOCALES];
  if (!locales.includes(current.locale)) locales.push(current.locale);

  function changes(): Changes {
    const next: Changes = {};
    if (name.trim() !== current.display_name) next.display_name = name.trim();
    if (!self && email.trim() !== current.email) next.email = email.trim();
    if (locale !== current.locale) next.locale = locale;
    if (role && role !== current.role?.slug) next.role = role;
    if (!self && status !== current.status) next.status = status;
    if (!self && password !== '') next.password = password;
    return next;
  }

  async function save(body: Changes) {
    setConfirming(null);
    setBusy(true);
    setError(null);
    setNotice(null);
    const answer = await api
      .PUT('/api/users/{id}', { params: { path: { id: user.id } }, body })
      .catch(() => null);
    setBusy(false);
    if (!answer?.data) {
      setError(
        answer ? toApiError(answer.error, answer.response) : { message: t('app.networkError'), errors: {} },
      );
      return;
    }
    const saved = answer.data.data;
    setCurrent(saved);
    setPassword('');
    setNotice('saved');
    client.setQueryData(['users', 'one', user.id], saved);
    void client.invalidateQueries({ queryKey: ['users'], predicate: (query) => query.queryKey[1] !== 'one' });
    if (body.role) void client.invalidateQueries({ queryKey: ['roles'] });
    if (self) {
      await client.invalidateQueries({ queryKey: ME });
      const fresh = client.getQueryData<Me>(ME);
      if (fresh && !fresh.is_super_admin && !fresh.permissions.includes('users.view'))
        navigate('/', { replace: true });
    }
  }

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const local = formProblems(event.currentTarget);
    if (local) {
      setError(local);
      setNotice(null);
      return;
    }
    const body = changes();
    if (Object.keys(body).length === 0) {
      setNotice('nothingChanged');
      return;
    }
    if (self && body.role) setConfirming(body);
    else void save(body);
  }

  const errors = fieldErrors(error);
  const target = roles?.find((each) => each.slug === confirming?.role);
  const losing =
    target && target.slug !== SUPER_ADMIN
      ? me.permissions.filter((p) => p !== 'account.manage' && !target.permissions.includes(p)).sort()
      : [];
  return (
    <Card withBorder radius="md" component="section" aria-labelledby="user-edit">
      <Title id="user-edit" order={2} size="h4" mb="xs">
        {t('users.edit')}
      </Title>
      <form onSubmit={submit} noValidate>
        <Stack>
          <FormError error={error} fields={FIELDS} />
          {notice ? (
            <Alert color={notice === 'saved' ? 'green' : 'blue'} role="status">
              {t(`users.${notice}`)}
            </Alert>
          ) : null}
          <TextInput
            name="display_name"
            label={t('users.name')}
            value={name}
            onChange={(event) => setName(event.currentTarget.value)}
            maxLength={200}
            required
            error={errors.display_name}
          />
          <TextInput
            name="email"
            type="email"
            label={t('users.email')}
            value={email}
            onChange={(event) => setEmail(event.currentTarget.value)}
            maxLength={254}
            required
            disabled={self}
            description={
              self ? (
                <>
                  {t('users.ownEmail')}{' '}
                  <Anchor component={Link} to="/profile" size="xs" underline="always">
                    {t('users.profileLink')}
                  </Anchor>
                </>
              ) : undefined
            }
            error={errors.email}
          />
          <Select
            label={t('users.language')}
            value={locale}
            onChange={(value) => setLocale(value ?? current.locale)}
            data={locales.map((value) => ({
              value,
              label: t(`users.languages.${value}`, { defaultValue: value }),
            }))}
            allowDeselect={false}
            error={errors.locale}
          />
          {roles ? (
            <Select
              label={t('users.role')}
              value={role}
              onChange={setRole}
              data={grantable.map((each) => ({ value: each.slug, label: each.name }))}
              allowDeselect={false}
              error={errors.role}
            />
          ) : null}
          {self ? null : (
            <>
              <Radio.Group
                label={t('users.status')}
                description={t('users.suspendHelp')}
                value={status}
                onChange={(value) => setStatus(value as User['status'])}
                error={errors.status}
              >
                <Group mt={6}>
                  <Radio value="active" label={t('users.active')} />
                  <Radio value="suspended" label={t('users.suspended')} />
                </Group>
              </Radio.Group>
              <PasswordInput
                name="password"
                label={t('users.newPassword')}
                description={t('users.newPasswordHelp')}
                value={password}
                onChange={(event) => setPassword(event.currentTarget.value)}
                autoComplete="new-password"
                minLength={10}
                maxLength={256}
                error={errors.password}
              />
            </>
          )}
          <Button type="submit" loading={busy} w="fit-content">
            {t('users.save')}
          </Button>
        </Stack>
      </form>
      <ConfirmDialog
        opened={confirming !== null}
        title={t('users.selfRoleTitle')}
        confirm={t('users.confirm')}
        danger
        onClose={() => setConfirming(null)}
        onConfirm={() => confirming && void save(confirming)}
      >
        <Text size="sm">{t('users.selfRoleConfirm', { role: target?.name ?? confirming?.role ?? '' })}</Text>
        {losing.length > 0 ? (
          <Text size="sm">{t('users.selfRoleLoses', { permissions: losing.join(', ') })}</Text>
        ) : null}
      </ConfirmDialog>
    </Card>
  );
}
