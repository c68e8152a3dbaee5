import { type Static, Type } from '@sinclair/typebox';
import type { Runtime } from '../../core/runtime.js';

const AccountsSettings = Type.Object(
  {
    registration: Type.Boolean({
      title: 'Visitors may create accounts',
      description:
        'On: the site has account pages (/account/register, sign-in, profile) where visitors register with a verified email address. Off: nobody can register, and the account pages answer only once the site has accounts',
    }),
    form_posts_per_minute: Type.Integer({
      minimum: 1,
      maximum: 1000,
      title: 'Account form posts per minute',
      description:
        'How many times one address may send each account form (sign in, register, reset...) in a minute',
    }),
  },
  { additionalProperties: false, title: 'Accounts' },
);

declare module '../../core/settings/settings-registry.js' {
  interface SettingsGroups {
    accounts: Static<typeof AccountsSettings>;
  }
}

export function registerAccountsSettings(runtime: Runtime): void {
  runtime.settings.register(
    'accounts',
    AccountsSettings,
    { registration: false, form_posts_per_minute: 10 },
    { description: "Site accounts: the visitors who register on the site (a shop's customers, members)" },
  );
}
