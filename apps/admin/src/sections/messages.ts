/** The header and footer sections' words; wired into i18n/en.ts and fr.ts under `sections`. */
export const en = {
  openBuilder: 'Edit “{{area}}” in the builder',
  title: 'Header and footer',
  about:
    'The header and footer every page shows, built from blocks. Until one is published, pages show the theme’s own.',
  which: 'Section to edit',
  area: { header: 'Header', footer: 'Footer' },
  live: 'On every page since {{date}}',
  themeOwn: 'Pages show the theme’s own',
  changed: 'The draft differs from what pages show.',
  stale:
    'Someone saved this section after you opened it. Reload to see their version, then apply your changes again.',
  saveDraft: 'Save the draft',
  publish: 'Publish on every page',
  unpublish: 'Back to the theme’s own',
};
