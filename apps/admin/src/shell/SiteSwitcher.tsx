import { Menu, Text, UnstyledButton } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { api, data } from '../api.js';

/**
 * For users of several sites: each site's admin, on that site's own domain (sessions are per
 * domain, so the user signs in there with the same account). Nothing shown for one site.
 */
export function SiteSwitcher() {
  const { t } = useTranslation();
  const sites = useQuery({
    queryKey: ['my-sites'],
    queryFn: () => data(api.GET('/api/me/sites')),
    staleTime: 5 * 60_000,
  });
  const list = sites.data ?? [];
  if (list.length < 2) return null;
  const current = list.find((site) => site.current);
  // The same scheme and port as here: what a site answers on in development too.
  const port = window.location.port ? `:${window.location.port}` : '';
  return (
    <Menu position="bottom-start" withinPortal>
      <Menu.Target>
        <UnstyledButton fz="sm" title={t('nav.switchSite', { site: current?.name ?? '' })}>
          {t('nav.sites')} <span aria-hidden="true">▾</span>
        </UnstyledButton>
      </Menu.Target>
      <Menu.Dropdown>
        {list.map((site) => (
          <Menu.Item
            key={site.id}
            component="a"
            href={`${window.location.protocol}//${site.primary_domain}${port}/admin`}
            aria-current={site.current ? 'true' : undefined}
            fw={site.current ? 700 : undefined}
          >
            {site.name}{' '}
            <Text span size="xs" c="dimmed">
              {site.primary_domain}
            </Text>
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}
