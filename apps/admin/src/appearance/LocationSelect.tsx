import { Select, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { ActiveTheme, SiteMenu } from './queries.js';

const NONE = '';

/**
 * The theme location a menu shows in. A location shows one menu: one taken by another menu says so,
 * and choosing it moves it here (the server takes it from the other). Without the theme's list (it
 * takes themes.manage), the menu's location is only named.
 */
export function LocationSelect(props: {
  theme: ActiveTheme;
  menus: SiteMenu[];
  /** The menu being edited; null for a new one. */
  self: number | null;
  value: string | null;
  onChange: (location: string | null) => void;
  error?: string | undefined;
}) {
  const { t } = useTranslation();
  const locations = props.theme.theme?.menu_locations ?? {};
  if (!props.theme.known)
    return (
      <Text size="sm">
        {t('appearance.menus.location')}: {props.value ?? t('appearance.menus.noLocation')}
      </Text>
    );
  const options = [
    { value: NONE, label: t('appearance.menus.noLocation') },
    ...Object.entries(locations).map(([value, label]) => {
      const holder = props.menus.find((menu) => menu.location === value && menu.id !== props.self);
      return {
        value,
        label: holder ? t('appearance.menus.locationTaken', { location: label, menu: holder.name }) : label,
      };
    }),
  ];
  // A location of a theme no longer active stays listed, so the select shows what is stored.
  if (props.value && !(props.value in locations)) options.push({ value: props.value, label: props.value });
  return (
    <Select
      label={t('appearance.menus.location')}
      description={t('appearance.menus.locationHelp')}
      data={options}
      value={props.value ?? NONE}
      onChange={(next) => props.onChange(next ? next : null)}
      allowDeselect={false}
      error={props.error}
      comboboxProps={{ withinPortal: true }}
    />
  );
}
