import type { PluginContext } from '@tessera/plugin';

/** The plugin's settings group `forms`, per site: the anti-spam defaults, retention and uploads. */
export interface FormsSettings {
  per_minute: number;
  min_seconds: number;
  max_links: number;
  retention_days: number;
  max_upload_mb: number;
}

export const DEFAULTS: FormsSettings = {
  per_minute: 5,
  min_seconds: 3,
  max_links: 3,
  retention_days: 0,
  max_upload_mb: 10,
};

export function settingsSchema(plugin: PluginContext) {
  const T = plugin.schema;
  return T.Object(
    {
      per_minute: T.Integer({
        minimum: 1,
        maximum: 1000,
        title: 'Posts a minute',
        description: 'How many times one address may send a form in a minute. A form may set its own.',
      }),
      min_seconds: T.Integer({
        minimum: 0,
        maximum: 3600,
        title: 'Minimum fill time (seconds)',
        description:
          'A form sent sooner after its page was shown is refused: robots fill forms in at once. 0 turns it off.',
      }),
      max_links: T.Integer({
        minimum: 0,
        maximum: 100,
        title: 'Most links',
        description:
          'A submission holding more links than this in its text is refused as spam. 0 allows none.',
      }),
      retention_days: T.Integer({
        minimum: 0,
        maximum: 3650,
        title: 'Keep submissions (days)',
        description: 'Submissions older than this are deleted every night, with their files. 0 keeps them.',
      }),
      // The platform reads 50 MB of a file posted with a form at most.
      max_upload_mb: T.Integer({
        minimum: 1,
        maximum: 50,
        title: 'Largest file (MB)',
        description: 'The most a file sent with a form may weigh. A file field may set less.',
      }),
    },
    { title: 'Forms', additionalProperties: false },
  );
}
