import {
  Alert,
  Button,
  Card,
  Code,
  Select,
  SimpleGrid,
  Stack,
  Switch,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { type ApiError, api, toApiError } from '../api.js';
import { fieldErrors, formProblems } from '../forms.js';
import { ME, useCan, useSession } from '../session.js';
import { ConfirmDialog } from '../shell/ConfirmDialog.js';
import { FormError } from './FormError.js';
import { PermissionMatrix } from './PermissionMatrix.js';
import { beyond, hasComputedPermissions, type PermissionGroup, type Role, useMe } from './queries.js';

const FIELDS = ['name', 'slug', 'description', 'requires_two_factor', 'permissions'];

/**
 * A role's name, description, two-step demand and permissions; `role` null makes a new one, which
 * may start from another role's permissions. The server's limits show before it would refuse:
 * Super Admin cannot change, Admin's permissions follow the catalogue, and nobody works with a role
 * holding permissions they do not hold.
 */
export function RoleEditor(props: {
  role: Role | null;
  roles: Role[];
  groups: PermissionGroup[];
  justCreated?: boolean;
}) {
  const { role } = props;
  const { t } = useTranslation();
  const can = useCan();
  const session = useSession();
  const me = useMe().data;
  const client = useQueryClient();
  const navigate = useNavigate();
  const [name, setName] = useState(role?.name ?? '');
  const [slug, setSlug] = useState('');
  const [description, setDescription] = useState(role?.description ?? '');
  const [twoFactor, setTwoFactor] = useState(role?.requires_two_factor ?? false);
  const [permissions, setPermissions] = useState<Set<string>>(new Set(role?.permissions ?? []));
  const [copyFrom, setCopyFrom] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<ApiError | null>(null);
  const [saved, setSaved] = useState(props.justCreated ?? false);
  const [losing, setLosing] = useState<string[] | null>(null);

  const notHeld = role ? beyond(role.permissions, can) : [];
  const editable = role ? !role.is_locked && can('roles.edit') && notHeld.length === 0 : can('roles.create');
  const matrixEditable = editable && !(role && hasComputedPermissions(role));
  const note = role?.is_locked
    ? t('users.roles.locked')
    : notHeld.length > 0
      ? t('users.roles.notHeld', { permissions: notHeld.join(', ') })
      : !editable
        ? t('users.roles.readOnly')
        : role && hasComputedPermissions(role)
          ? t('users.roles.computed')
          : null;

  async function save() {
    setLosing(null);
    setBusy(true);
    setError(null);
    setSaved(false);
    const chosen = [...permissions].sort();
    const answer = await (role
      ? api.PUT('/api/roles/{id}', {
          params: { path: { id: role.id } },
          body: {
            name: name.trim(),
            description: description.trim(),
            requires_two_factor: twoFactor,
            ...(matrixEditable ? { permissions: chosen } : {}),
          },
        })
      : api.POST('/api/roles', {
          body: {
            name: name.trim(),
            ...(slug.trim() ? { slug: slug.trim() } : {}),
            description: description.trim(),
            requires_two_factor: twoFactor,
            permissions: chosen,
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
    const result = answer.data.data;
    await client.invalidateQueries({ queryKey: ['roles'] });
    if (me?.role?.id === result.id) void client.invalidateQueries({ queryKey: ME });
    if (role) setSaved(true);
    else navigate(`/roles/${result.id}`, { replace: true, state: { created: true } });
  }

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const local = formProblems(event.currentTarget);
    if (local) {
      setError(local);
      setSaved(false);
      return;
    }
    // Unticking a permission of one's own role takes it from oneself at once: asked first.
    const own = role && !session.is_super_admin && me?.role?.id === role.id;
    const dropped = own ? role.permissions.filter((p) => !permissions.has(p)).sort() : [];
    if (matrixEditable && dropped.length > 0) setLosing(dropped);
    else void save();
  }

  const errors = fieldErrors(error);
  return (
    <>
      {note ? <Alert color="gray">{note}</Alert> : null}
      <form onSubmit={submit} noValidate>
        <Stack>
          <Card withBorder radius="md">
            <Stack>
              <FormError error={error} fields={FIELDS} />
              {saved ? (
                <Alert color="green" role="status">
                  {t('users.roles.saved')}
                </Alert>
              ) : null}
              <SimpleGrid cols={{ base: 1, sm: 2 }}>
                <TextInput
                  name="name"
                  label={t('users.roles.name')}
                  value={name}
                  onChange={(event) => setName(event.currentTarget.value)}
                  maxLength={100}
                  required
                  readOnly={!editable}
                  error={errors.name}
                />
                {role ? (
                  <Stack gap={2}>
                    <Text size="sm" fw={500}>
                      {t('users.roles.slug')}
                    </Text>
                    <Code w="fit-content">{role.slug}</Code>
                  </Stack>
                ) : (
                  <TextInput
                    name="slug"
                    label={t('users.roles.slug')}
                    description={t('users.roles.slugHelp')}
                    value={slug}
                    onChange={(event) => setSlug(event.currentTarget.value)}
                    maxLength={64}
                    pattern="[a-z0-9_]+"
                    error={errors.slug}
                  />
                )}
              </SimpleGrid>
              <Textarea
                name="description"
                label={t('users.roles.description')}
                value={description}
                onChange={(event) => setDescription(event.currentTarget.value)}
                maxLength={500}
                autosize
                minRows={2}
                readOnly={!editable}
                error={errors.description}
              />
              <Switch
                label={t('users.roles.requiresTwoFactor')}
                description={t('users.roles.requiresTwoFactorHelp')}
                checked={twoFactor}
                onChange={(event) => setTwoFactor(event.currentTarget.checked)}
                disabled={!editable}
                error={errors.requires_two_factor}
              />
              {role ? null : (
                <Select
                  label={t('users.roles.copyFrom')}
                  placeholder={t('users.roles.copyNone')}
                  value={copyFrom}
                  onChange={(value) => {
                    setCopyFrom(value);
                    const source = props.roles.find((each) => each.slug === value);
                    setPermissions(new Set(source?.permissions.filter(can) ?? []));
                  }}
                  data={props.roles.map((each) => ({ value: each.slug, label: each.name }))}
                  clearable
                  maw={360}
                />
              )}
            </Stack>
          </Card>
          <section aria-labelledby="role-matrix">
            <Title id="role-matrix" order={2} size="h4">
              {t('users.roles.matrix')}
            </Title>
            <Text size="sm" c="dimmed" mb="xs">
              {t('users.roles.matrixHelp')}
            </Text>
            {errors.permissions ? (
              <Text c="red" size="sm" role="alert" mb="xs">
                {Object.values(error?.errors.permissions ?? []).join(' ')}
              </Text>
            ) : null}
            <PermissionMatrix
              groups={props.groups}
              value={permissions}
              onChange={setPermissions}
              editable={matrixEditable}
              held={can}
            />
          </section>
          {editable ? (
            <Button type="submit" loading={busy} w="fit-content">
              {role ? t('users.roles.save') : t('users.roles.create')}
            </Button>
          ) : null}
        </Stack>
      </form>
      <ConfirmDialog
        opened={losing !== null}
        title={t('users.roles.ownRoleTitle')}
        text={t('users.roles.ownRoleConfirm', { permissions: (losing ?? []).join(', ') })}
        confirm={t('users.confirm')}
        danger
        onClose={() => setLosing(null)}
        onConfirm={() => void save()}
      />
    </>
  );
}
