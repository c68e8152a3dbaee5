import type { PluginContext, PluginOperation } from '@tessera/plugin';

/** The members group of the site's settings. */
export interface MembersSettings {
  joining_open: boolean;
  default_plan: string;
  welcome_mail: boolean;
  sitemap_listed: boolean;
}

export const DEFAULTS: MembersSettings = {
  joining_open: true,
  default_plan: '',
  welcome_mail: true,
  sitemap_listed: false,
};

export function settingsSchema(plugin: PluginContext) {
  const T = plugin.schema;
  return T.Object(
    {
      joining_open: T.Boolean({
        title: 'Joining open',
        description:
          'On: signed-in visitors may join a free plan on /members. Off: only administrators add members.',
      }),
      default_plan: T.String({
        maxLength: 60,
        pattern: '^([a-z0-9][a-z0-9-]*)?$',
        title: 'Default plan',
        description:
          'The slug of the plan offered first on /members and given to imported members; empty for none.',
      }),
      welcome_mail: T.Boolean({
        title: 'Welcome mail',
        description: 'On: a member who joins gets the welcome mail. Off: no mail on joining.',
      }),
      sitemap_listed: T.Boolean({
        title: 'Restricted entries in sitemaps',
        description:
          'On: the addresses of entries restricted to members are listed in the sitemaps (search engines see the teaser). Off: left out.',
      }),
    },
    { title: 'Members', additionalProperties: false },
  );
}

export const readSettings = (plugin: PluginContext, ctx: PluginOperation) =>
  plugin.settings.read<MembersSettings>(ctx);
