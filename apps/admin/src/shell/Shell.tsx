import {
  Anchor,
  AppShell,
  Burger,
  Button,
  Group,
  Image,
  Menu,
  NavLink,
  Text,
  UnstyledButton,
} from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { useQueryClient } from '@tanstack/react-query';
import { Fragment, useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet, Link as RouterLink, useLocation, useNavigate } from 'react-router';
import { api, rememberCsrf } from '../api.js';
import { useContentTypes } from '../content/types.js';
import { ExtensionNotices } from '../extensions/ExtensionNotices.js';
import { useExtensions } from '../extensions/ExtensionsProvider.js';
import { screenPath } from '../extensions/screens.js';
import { usePluginTitle } from '../extensions/titles.js';
import { forgetSession, useCan, useSession } from '../session.js';
import { useSite, useSystemName } from '../site.js';
import { GlobalSearch } from './GlobalSearch.js';
import { currentItem, navigationFor, withPluginScreens } from './navigation.js';
import { SiteSwitcher } from './SiteSwitcher.js';

/**
 * A new screen takes the focus where a screen reader and the keyboard expect it, at the start of
 * the content, when the move left it on the link or button followed (the navigation, the header)
 * or nowhere; an input keeps it (a screen's own first field, the header's search being typed in).
 * The first screen after a load is left alone.
 */
function useFocusOnNewScreen(pathname: string) {
  const first = useRef(true);
  // biome-ignore lint/correctness/useExhaustiveDependencies: each new address is a new screen
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    const main = document.getElementById('content');
    const active = document.activeElement;
    if (!main) return;
    // Only from the link or button followed, or from nowhere: someone typing (the header's search,
    // a field the new screen focused) or in a dialog keeps the focus where it is.
    const followed =
      active === null ||
      active === document.body ||
      (active.matches('a, button') && !main.contains(active) && !active.closest('[role="dialog"]'));
    if (followed) main.focus({ preventScroll: true });
  }, [pathname]);
}

/** The frame of every screen after sign-in: header, navigation from the user's permissions, content. */
export function Shell() {
  const { t } = useTranslation();
  const [opened, { toggle, close }] = useDisclosure();
  const user = useSession();
  const can = useCan();
  const site = useSite().data;
  const name = useSystemName();
  const navigate = useNavigate();
  const client = useQueryClient();
  const { pathname } = useLocation();
  const types = useContentTypes();
  const { screens } = useExtensions().extensions;
  const pluginTitle = usePluginTitle();
  useFocusOnNewScreen(pathname);
  const navigation = withPluginScreens(
    navigationFor(can, types.data ?? []),
    screens.flatMap((screen) =>
      screen.nav
        ? [
            {
              ...screen.nav,
              path: screenPath(screen),
              text: pluginTitle(screen),
              permission: screen.permission,
            },
          ]
        : [],
    ),
    can,
  );
  const current = currentItem(navigation, pathname);

  async function signOut() {
    await api.POST('/api/auth/logout').catch(() => null);
    rememberCsrf(null);
    forgetSession(client);
    navigate('/login', { replace: true });
  }

  return (
    <AppShell
      header={{ height: 56 }}
      navbar={{ width: 240, breakpoint: 'sm', collapsed: { mobile: !opened } }}
      padding="lg"
    >
      <a className="skip-link" href="#content">
        {t('app.skipToContent')}
      </a>
      <AppShell.Header>
        <Group h="100%" px="md" justify="space-between" wrap="nowrap">
          <Group gap="sm" wrap="nowrap">
            <Burger
              opened={opened}
              onClick={toggle}
              hiddenFrom="sm"
              size="sm"
              aria-label={t('nav.openMenu')}
            />
            {site?.branding.logo_url ? <Image src={site.branding.logo_url} alt="" h={28} w="auto" /> : null}
            <Text fw={700} truncate>
              {name}
            </Text>
          </Group>
          <Group gap="sm" wrap="nowrap">
            <GlobalSearch />
            <SiteSwitcher />
            <Anchor href="/" size="sm" visibleFrom="xs">
              {t('nav.viewSite')}
            </Anchor>
            <Menu position="bottom-end" withinPortal>
              <Menu.Target>
                <UnstyledButton aria-label={`${user.display_name} – ${t('nav.account')}`}>
                  <Text size="sm" fw={500}>
                    {user.display_name}
                  </Text>
                </UnstyledButton>
              </Menu.Target>
              <Menu.Dropdown>
                <Menu.Label>{user.email}</Menu.Label>
                <Menu.Item component={RouterLink} to="/profile">
                  {t('nav.profile')}
                </Menu.Item>
                <Menu.Item onClick={signOut}>{t('auth.signOut')}</Menu.Item>
              </Menu.Dropdown>
            </Menu>
          </Group>
        </Group>
      </AppShell.Header>
      <AppShell.Navbar
        p="xs"
        component="nav"
        aria-label={t('nav.main')}
        // Grouped under headings, the list can be taller than a laptop's window: it scrolls on its own.
        style={{ overflowY: 'auto' }}
      >
        {navigation.map((item, index, items) => (
          <Fragment key={item.path}>
            {item.group && item.group !== items[index - 1]?.group ? (
              <Text size="xs" fw={700} tt="uppercase" c="dimmed" px="sm" pt="md" pb={4}>
                {t(`nav.group.${item.group}`)}
              </Text>
            ) : null}
            <NavLink
              component={RouterLink}
              to={item.path}
              active={item.path === current}
              aria-current={item.path === current ? 'page' : undefined}
              label={item.text ?? t(item.label)}
              leftSection={item.icon ? <item.icon /> : undefined}
              // Filled: the light variant's blue on pale blue reads below 4.5:1.
              variant="filled"
              onClick={close}
            />
          </Fragment>
        ))}
      </AppShell.Navbar>
      <AppShell.Main id="content" tabIndex={-1}>
        <ExtensionNotices />
        <Outlet />
      </AppShell.Main>
    </AppShell>
  );
}

/** What a screen shows while its data loads, or when it failed, with a way to try again. */
export function Pending({ error, retry }: { error?: unknown; retry?: () => void }) {
  const { t } = useTranslation();
  if (!error)
    return (
      <Text c="dimmed" role="status">
        {t('app.loading')}
      </Text>
    );
  return (
    <Group role="alert">
      <Text c="red">{(error as { message?: string }).message ?? t('app.errorTitle')}</Text>
      {retry ? (
        <Button size="xs" variant="light" onClick={retry}>
          {t('app.retry')}
        </Button>
      ) : null}
    </Group>
  );
}
