import { type Static, Type } from '@sinclair/typebox';
import type { FieldErrors } from '../../core/errors.js';
import type { SettingsRegistry } from '../../core/settings/settings-registry.js';
import { isTimeZone } from './time-zones.js';

// The same codes a site's own locales accept (modules/sites/install-rules.ts).
const LocaleCode = Type.String({
  minLength: 2,
  maxLength: 35,
  pattern: '^[A-Za-z]{2,3}(-[A-Za-z0-9]{2,8})*$',
});
export const GeneralSettings = Type.Object(
  {
    title: Type.String({
      maxLength: 200,
      title: 'Site title',
      description: "The site's title; the site's name until set",
    }),
    tagline: Type.String({ maxLength: 500, title: 'Tagline', 'x-input': 'multiline' }),
    time_zone: Type.String({
      maxLength: 64,
      title: 'Time zone',
      description: 'IANA time zone, e.g. Europe/Lisbon',
      'x-input': 'timeZone',
    }),
    date_format: Type.String({
      minLength: 1,
      maxLength: 50,
      title: 'Date format',
      description: 'Unicode date pattern, e.g. d MMMM yyyy',
    }),
    time_format: Type.String({
      minLength: 1,
      maxLength: 50,
      title: 'Time format',
      description: 'Unicode time pattern, e.g. HH:mm',
    }),
    enabled_locales: Type.Array(LocaleCode, {
      minItems: 1,
      maxItems: 100,
      title: 'Languages',
      description: "The site's locales",
    }),
    default_locale: {
      ...LocaleCode,
      title: 'Default language',
      description: "The site's default locale (the site's own field), one of its locales",
      'x-input': 'locale',
    },
  },
  { title: 'General' },
);

export const ReadingSettings = Type.Object(
  {
    show_on_front: Type.Union([Type.Literal('posts'), Type.Literal('page')], {
      title: 'The home page shows',
      description: 'The home page lists the latest posts, or shows front_page_id',
    }),
    front_page_id: Type.Union([Type.Null(), Type.Integer({ minimum: 1 })], {
      title: 'Home page',
      description: 'The published page shown at the home page when show_on_front is page',
      'x-input': 'page',
    }),
    posts_per_page: Type.Integer({ minimum: 1, maximum: 100, title: 'Posts per page' }),
    feed_items: Type.Integer({
      minimum: 1,
      maximum: 100,
      title: 'Items in the RSS feed',
    }),
  },
  { title: 'Reading' },
);

export const DiscussionSettings = Type.Object(
  {
    comments_enabled: Type.Boolean({
      title: 'Allow comments',
      description:
        'On: visitors may comment on entries whose type takes comments, until their comments close; off: no one may',
    }),
    require_name_email: Type.Boolean({
      title: 'Commenters must give a name and an email address',
      description:
        'On: a comment without a name and an email address is refused; off: both are optional (a comment without a name is shown as "Anonymous")',
    }),
    notify_authors: Type.Boolean({
      title: 'Email authors about new comments',
      description:
        "On: an entry's author is mailed when someone else comments on it; off: no one is mailed about comments",
    }),
    close_after_days: Type.Integer({
      minimum: 0,
      maximum: 36_500,
      title: 'Close comments after (days)',
      description: 'Comments close this many days after publication; 0 keeps them open',
    }),
    max_depth: Type.Integer({
      minimum: 1,
      maximum: 10,
      title: 'Reply depth',
      description: 'How deep replies to replies may nest',
    }),
    comments_per_page: Type.Integer({
      minimum: 1,
      maximum: 200,
      title: 'Top-level comments per page',
      description:
        'A long thread is cut into pages of this many top-level comments, each with all its replies',
    }),
    comment_order: Type.Union([Type.Literal('oldest'), Type.Literal('newest')], {
      title: 'Comments shown first',
      description:
        'Which top-level comments a thread starts with, on its first page: the oldest or the newest (replies always read oldest first under the comment they answer)',
    }),
    moderation: Type.Union([Type.Literal('all'), Type.Literal('unknown_authors'), Type.Literal('none')], {
      title: 'Hold for approval',
      description:
        'Which comments wait for approval: all, those of authors without an approved comment, or none',
    }),
    max_links: Type.Integer({
      minimum: 0,
      maximum: 50,
      title: 'Links allowed before approval',
      description: 'A comment with more links waits for approval',
    }),
    min_seconds: Type.Integer({
      minimum: 0,
      maximum: 600,
      title: 'Shortest time to write a comment (seconds)',
      description:
        'A comment sent sooner after its form was shown is refused (people take longer; bots do not)',
    }),
    blocked_words: Type.Array(Type.String({ minLength: 1, maxLength: 100 }), {
      maxItems: 1000,
      title: 'Blocked words',
      description: 'A comment containing one (in its name, address or text) is refused',
    }),
    blocked_ips: Type.Array(Type.String({ minLength: 2, maxLength: 45 }), {
      maxItems: 1000,
      title: 'Blocked IP addresses',
      description: 'Addresses whose comments are refused (an exact address, or a prefix ending in . or :)',
    }),
    blocked_email_domains: Type.Array(Type.String({ minLength: 1, maxLength: 253 }), {
      maxItems: 1000,
      title: 'Blocked email domains',
      description: 'Email domains whose comments are refused',
    }),
  },
  { title: 'Discussion' },
);

export const RevisionSettings = Type.Object(
  {
    revisions_to_keep: Type.Integer({
      minimum: 0,
      maximum: 1000,
      title: 'Revisions kept per entry',
      description: 'Per entry; 0 keeps none',
    }),
  },
  { title: 'Revisions' },
);

export const McpSettings = Type.Object(
  {
    enabled: Type.Boolean({
      title: 'Allow AI clients (MCP)',
      description:
        "On: AI clients may work on the site through /api/mcp and `tessera mcp`, each with a token and within its user's permissions; off: /api/mcp answers 404 and `tessera mcp` refuses the site",
    }),
    read_only: Type.Boolean({
      title: 'Read only',
      description:
        "On: AI clients get only the tools that read, so nothing they call can change the site; off: they also get the tools that change it, within their user's permissions",
    }),
  },
  { title: 'AI clients' },
);

declare module '../../core/settings/settings-registry.js' {
  interface SettingsGroups {
    general: Static<typeof GeneralSettings>;
    mcp: Static<typeof McpSettings>;
    reading: Static<typeof ReadingSettings>;
    discussion: Static<typeof DiscussionSettings>;
    revisions: Static<typeof RevisionSettings>;
  }
}

/**
 * Core's settings groups. Revisions belong to the content module and are registered here so every
 * site has them from the start; media's group is the media module's own (modules/media/settings.ts).
 */
export function registerCoreSettings(registry: SettingsRegistry): void {
  registry.register(
    'general',
    GeneralSettings,
    {
      title: '',
      tagline: '',
      time_zone: 'UTC',
      date_format: 'd MMMM yyyy',
      time_format: 'HH:mm',
      default_locale: 'en',
      enabled_locales: ['en'],
    },
    {
      description: 'Title, tagline, time zone, date format and languages',
      siteDefaults: (site) => ({
        title: site.name,
        default_locale: site.default_locale,
        enabled_locales: site.locales,
      }),
      check: (values) => {
        const fields: FieldErrors = {};
        if (!isTimeZone(values.time_zone))
          fields.time_zone = ['Must be an IANA time zone such as Europe/Lisbon or UTC.'];
        if (new Set(values.enabled_locales).size !== values.enabled_locales.length)
          fields.enabled_locales = ['Must not list a locale twice.'];
        if (!values.enabled_locales.includes(values.default_locale))
          fields.default_locale = ['Must be one of the enabled locales.'];
        return fields;
      },
    },
  );
  registry.register(
    'reading',
    ReadingSettings,
    { posts_per_page: 10, show_on_front: 'posts', front_page_id: null, feed_items: 10 },
    {
      description: 'What the home page shows and how many posts a page lists',
      check: (values): FieldErrors =>
        values.show_on_front === 'page' && values.front_page_id === null
          ? { front_page_id: ['Is required when show_on_front is page.'] }
          : {},
    },
  );
  registry.register(
    'discussion',
    DiscussionSettings,
    {
      comments_enabled: true,
      moderation: 'unknown_authors',
      require_name_email: true,
      close_after_days: 0,
      max_depth: 5,
      comments_per_page: 50,
      comment_order: 'oldest',
      min_seconds: 3,
      max_links: 2,
      blocked_words: [],
      blocked_ips: [],
      blocked_email_domains: [],
      notify_authors: true,
    },
    { description: 'Comments and their moderation' },
  );
  registry.register(
    'revisions',
    RevisionSettings,
    { revisions_to_keep: 25 },
    { description: 'How many revisions of each entry are kept' },
  );
  registry.register(
    'mcp',
    McpSettings,
    { enabled: true, read_only: false },
    { description: 'AI clients (the MCP server): on or off, and read-only' },
  );
}
