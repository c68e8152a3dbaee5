/** The words of plugins' admin additions as the admin frames them; wired into i18n/en.ts and fr.ts under `extensions`. */
export const en = {
  failed: 'The {{plugin}} plugin’s additions to the administration did not load: {{reason}}',
  listFailed: 'The plugins’ additions to the administration could not be loaded.',
  crashed: 'This part of the {{plugin}} plugin stopped working: {{reason}}',
};
