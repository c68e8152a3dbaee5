/** The appearance screens, in the order of their tabs, each for those holding what its calls take. */
export const SECTIONS = [
  { slug: 'menus', allowed: (can: (permission: string) => boolean) => can('menus.manage') },
  { slug: 'widgets', allowed: (can: (permission: string) => boolean) => can('widgets.manage') },
  // The global header and footer are managed with the widgets (/api/sections takes widgets.manage).
  { slug: 'header-footer', allowed: (can: (permission: string) => boolean) => can('widgets.manage') },
  { slug: 'patterns', allowed: (can: (permission: string) => boolean) => can('patterns.manage') },
  { slug: 'themes', allowed: (can: (permission: string) => boolean) => can('themes.manage') },
  {
    slug: 'design',
    // Design tokens are the settings group `design`: reading takes settings.view, changing
    // settings.edit and, for its keys, patterns.manage.
    allowed: (can: (permission: string) => boolean) =>
      can('settings.view') && can('settings.edit') && can('patterns.manage'),
  },
] as const;

export type Section = (typeof SECTIONS)[number]['slug'];

export function sectionsFor(can: (permission: string) => boolean): Section[] {
  return SECTIONS.filter((section) => section.allowed(can)).map((section) => section.slug);
}
