/** The plugins screen's words; wired into i18n/en.ts and fr.ts under `plugins`. */
export const en = {
  title: 'Plugins',
  intro:
    'Plugins add features to the site. They are installed on the server with its plugin:install command; here you switch them on and off for this site. Off, a plugin keeps its data.',
  empty: 'No plugin is installed. Install one on the server with its plugin:install command.',
  name: 'Plugin',
  version: 'Version',
  state: 'State',
  actions: 'Actions',
  active: 'Active',
  inactive: 'Inactive',
  failed: 'Failed to load',
  activate: 'Activate',
  deactivate: 'Deactivate',
  activateNamed: 'Activate {{name}}',
  deactivateNamed: 'Deactivate {{name}}',
  activated: '{{name}} is active on this site.',
  deactivated: '{{name}} is off on this site; its data stays.',
};
