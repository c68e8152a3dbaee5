import { Stack, Tabs, Text, Title } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Navigate, useNavigate, useParams } from 'react-router';
import { api, data } from '../api.js';
import { useCan } from '../session.js';
import { Pending } from '../shell/Shell.js';
import { useDocumentTitle } from '../site.js';
import { BrandingPanel } from './BrandingPanel.js';
import { humanize } from './form-fields.js';
import { GroupForm } from './GroupForm.js';
import { RedirectsPanel } from './RedirectsPanel.js';

/**
 * The site's settings: one tab per group the server has (GET /api/settings names them, plugins'
 * included), each a form generated from the group's schema (GET /api/settings/schemas), then the
 * redirects and the white-label branding for those who manage them.
 */
export function SettingsPage() {
  const { t } = useTranslation();
  useDocumentTitle(t('settings.title'));
  const { group } = useParams();
  const navigate = useNavigate();
  const can = useCan();
  const wide = useMediaQuery('(min-width: 48em)', true, { getInitialValueInEffect: false });
  const all = useQuery({ queryKey: ['settings'], queryFn: () => data(api.GET('/api/settings')) });
  const schemas = useQuery({
    queryKey: ['settings', 'schemas'],
    queryFn: () => data(api.GET('/api/settings/schemas')),
  });
  const groups = Object.keys(all.data ?? {});
  // A plugin's group could be called "redirects" too: the tab of the site's redirects then steps aside.
  const redirects = groups.includes('redirects') ? 'site-redirects' : 'redirects';
  const branding = groups.includes('branding') ? 'site-branding' : 'branding';
  const tabs = [
    ...groups,
    ...(can('redirects.manage') ? [redirects] : []),
    ...(can('branding.manage') ? [branding] : []),
  ];
  const title = (name: string) => {
    if (name === redirects) return t('settings.group.redirects');
    if (name === branding) return t('settings.branding.title');
    const schema = schemas.data?.[name];
    const own = schema?.title ?? humanize(name);
    return schema?.owner === 'core' ? t(`settings.group.${name}`, { defaultValue: own }) : own;
  };

  if (all.data && !group && tabs[0]) return <Navigate to={`/settings/${tabs[0]}`} replace />;
  const values = group && all.data ? all.data[group] : undefined;
  const schema = group && schemas.data ? schemas.data[group] : undefined;
  const failed = all.error ?? schemas.error;
  return (
    <Stack>
      <Title order={1} size="h2">
        {t('settings.title')}
      </Title>
      {failed || !all.data || !schemas.data ? (
        <Pending
          error={failed}
          retry={() => {
            if (all.error) void all.refetch();
            if (schemas.error) void schemas.refetch();
          }}
        />
      ) : (
        <Tabs
          value={group ?? null}
          onChange={(next) => next && navigate(`/settings/${next}`)}
          orientation={wide ? 'vertical' : 'horizontal'}
          variant="pills"
          keepMounted={false}
        >
          <Tabs.List aria-label={t('settings.groups')} mb={wide ? 0 : 'md'} mr={wide ? 'lg' : 0}>
            {tabs.map((name) => (
              <Tabs.Tab key={name} value={name}>
                {title(name)}
              </Tabs.Tab>
            ))}
          </Tabs.List>
          {group && tabs.includes(group) ? (
            <Tabs.Panel value={group} style={{ minWidth: 0 }}>
              <Title order={2} size="h3" mb="xs">
                {title(group)}
              </Title>
              {group === redirects ? (
                <RedirectsPanel />
              ) : group === branding ? (
                <BrandingPanel />
              ) : values && schema ? (
                <GroupForm key={group} name={group} schema={schema} saved={values} />
              ) : null}
            </Tabs.Panel>
          ) : (
            <Text role="alert">{t('settings.notFound', { group })}</Text>
          )}
        </Tabs>
      )}
    </Stack>
  );
}
