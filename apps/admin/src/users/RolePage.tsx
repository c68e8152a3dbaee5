import { Alert, Anchor, Badge, Group, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useParams } from 'react-router';
import { useCan } from '../session.js';
import { Pending } from '../shell/Shell.js';
import { useDocumentTitle } from '../site.js';
import { usePermissionCatalogue, useRoles } from './queries.js';
import { RoleEditor } from './RoleEditor.js';
import { RoleRemoval } from './RoleRemoval.js';

/** One role (`/roles/:id`) or a new one (`/roles/new`): its name and its permissions matrix. */
export function RolePage() {
  const { t } = useTranslation();
  const can = useCan();
  const param = useParams().id;
  const creating = param === 'new';
  // Set by the creation, which lands here: the editor says it was saved.
  const created = (useLocation().state as { created?: boolean } | null)?.created === true;
  const roles = useRoles();
  const catalogue = usePermissionCatalogue();
  const role = creating ? null : roles.data?.find((each) => String(each.id) === param);
  useDocumentTitle(role?.name ?? (creating ? t('users.roles.newTitle') : t('users.roles.title')));

  let body: ReactNode;
  if (roles.error || catalogue.error || !roles.data || !catalogue.data)
    body = (
      <Pending
        error={roles.error ?? catalogue.error}
        retry={() => {
          void roles.refetch();
          void catalogue.refetch();
        }}
      />
    );
  else if (role === undefined) body = <Text role="alert">{t('users.roles.notFound')}</Text>;
  else if (creating && !can('roles.create')) body = <Alert color="gray">{t('users.roles.readOnly')}</Alert>;
  else
    body = (
      <>
        <Group gap="sm">
          <Title order={1} size="h2">
            {role?.name ?? t('users.roles.newTitle')}
          </Title>
          {role ? (
            <Badge variant="outline" color={role.is_default ? 'gray' : 'blue'}>
              {role.is_default ? t('users.roles.builtin') : t('users.roles.custom')}
            </Badge>
          ) : null}
        </Group>
        <RoleEditor
          key={role?.id ?? 'new'}
          role={role}
          roles={roles.data}
          groups={catalogue.data}
          justCreated={created}
        />
        {role ? <RoleRemoval role={role} /> : null}
      </>
    );

  return (
    <Stack>
      <Anchor component={Link} to="/roles" size="sm">
        ← {t('users.roles.back')}
      </Anchor>
      {body}
    </Stack>
  );
}
