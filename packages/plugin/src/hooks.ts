import type { PluginOperation } from './operation.js';

/**
 * The hooks a plugin can listen to, by name, with what their callbacks receive after the context:
 * the core's below, and those other plugins declare. A plugin that fires hooks of its own declares
 * them for the others by declaration merging, so their callbacks are typed too:
 *
 * ```ts
 * declare module '@tessera/plugin' {
 *   interface ActionHooks { 'shop.order_paid': [order: { id: number; total: number }] }
 *   interface FilterHooks { 'shop.price': [price: number, product: { id: number }] }
 * }
 * ```
 *
 * The values are copies the core makes for the hook: changing an action's argument changes nothing.
 */
export interface ActionHooks {
  /** An entry of any type (`post.before_save`, `product.before_save`), in the save's transaction: throwing refuses the save. */
  [name: `${string}.before_save`]: [entry: HookEntry];
  /** After an entry's save was committed. */
  [name: `${string}.after_save`]: [entry: HookEntry];
  /** After any entry's save was committed, whatever its type (an SEO score kept for every entry). */
  'entries.saved': [entry: HookEntry];
  /** Before an entry is deleted, in the transaction: throwing refuses the deletion. */
  [name: `${string}.before_delete`]: [entry: HookEntry];
  /** An entry went live (published now, or its scheduled time came). */
  [name: `${string}.published`]: [entry: HookEntry];
  [name: `${string}.unpublished`]: [entry: HookEntry];
  /** Who may read these entries changed (`plugin.content.accessChanged`), in that change's transaction. */
  'entries.access_changed': [event: { ids: number[] }];
  /** Before a password is checked, in the transaction: throwing refuses the sign-in. */
  'auth.before_login': [attempt: { email: string; siteId: number; ip: string }];
  /** After an administrator's session was opened. */
  'auth.logged_in': [
    event: { userId: number; email: string; siteId: number; ip: string; method: 'password' | 'two_factor' },
  ];
  /** After a failed password check was recorded. */
  'auth.login_failed': [attempt: { email: string; siteId: number; ip: string }];
  /** Every site event webhooks receive (`post.published`, `media.uploaded`...), in the change's transaction. */
  'site.event': [event: HookSiteEvent];
  /** A job used up its attempts. */
  'job.failed': [job: HookJob];
  /** A visitor confirmed the address of the site account they registered: it can sign in from now on. */
  'account.registered': [account: HookAccount];
  /** A site account signed in. */
  'account.signed_in': [event: { account: HookAccount; ip: string }];
  /**
   * An administrator deletes a site account (`delete`: its data goes) or anonymises it (`anonymise`:
   * the account stays, without a name, an address or a way in), in the transaction: delete or
   * anonymise your own rows of the account the same way; throwing refuses the deletion.
   */
  'account.deleted': [event: { account: HookAccount; mode: 'delete' | 'anonymise' }];
}

/** Filters by name: the first element is the value being filtered, the rest comes after the context. */
export interface FilterHooks {
  /** An entry's title as it is saved (`post.title`). */
  [name: `${string}.title`]: [value: string, entry: HookEntry];
  [name: `${string}.excerpt`]: [value: string, entry: HookEntry];
  /**
   * Who may read a published entry: `public` (the default); `members`, any signed-in visitor (others
   * get the theme's notice with the teaser, asked to sign in); `denied`, not this visitor (signed in
   * without the plan it needs). Asked first for an anonymous visitor on every surface: `public` there
   * is everyone's answer, so never restrict more for a signed-in visitor than for an anonymous one.
   */
  'entry.access': [access: 'public' | 'members' | 'denied', entry: AccessEntry, visitor: AccessVisitor];
  /** The call to action of the notice shown instead of a restricted entry (join a plan); null: none. */
  'entry.notice': [action: AccessAction | null, entry: AccessEntry, visitor: AccessVisitor];
  /** A contact form's submission before it is mailed; `null` takes it over. */
  'form.submission': [submission: ContactSubmission | null];
  /** How records that use media are named in a media item's usage list. */
  'media.owners': [owners: MediaOwner[]];
  /** The addresses of one sitemap before it is written: leave out what should not be crawled. */
  'sitemap.urls': [urls: SitemapUrl[], sitemap: SitemapContext];
  /** The sitemaps the index lists: leave out whole types or taxonomies (each then answers 404). */
  'sitemap.index': [sitemaps: SitemapListing[], context: { base: string }];
  /** The site's robots.txt: return the whole text, your Sitemap line included (at most 64 KB). */
  'robots.txt': [text: string, context: { base: string; sitemap: string }];
  /** The head of each public page (title, description, canonical, image, robots, meta, JSON-LD). */
  'page.head': [head: PageHead, page: PageHeadContext];
  /** A site account's data as it is exported for the person who asked: add yours under `plugins.<your name>`. */
  'account.export': [data: AccountExport, account: HookAccount];
}

/** A published entry as access filters see it. */
export interface AccessEntry {
  id: number;
  type: string;
  title: string;
  /** Site-relative. */
  url: string;
  /** The entry's language: a notice's call to action is written in it. */
  locale: string;
}

/**
 * Who asks for an entry, and where it is going: `page` (its page on the site), `api`, `search`
 * (results show the teaser of a restricted entry), `feed` (RSS: the teaser), `sitemap` (answer
 * `public` to list a restricted entry's address). Only pages know who is signed in: elsewhere the
 * visitor is anonymous.
 */
export interface AccessVisitor {
  /** An administrator's session or a site account came with the request. */
  signedIn: boolean;
  /** The site account signed in, or null. */
  accountId: number | null;
  surface: 'page' | 'api' | 'search' | 'feed' | 'sitemap';
}

/** A notice's call to action: a label and a path of the site (or an http(s) address). */
export interface AccessAction {
  label: string;
  url: string;
}

/** When a hook runs: inside the operation's transaction (database work only; may refuse), or after its commit. */
export type HookPhase = 'transaction' | 'after_commit';

/** What every callback receives first. `site` is null only for installation-wide events (a job of no site). */
export interface HookContext {
  readonly site: { readonly id: number } | null;
  readonly actor: { readonly userId: number | null } | null;
}

export type ActionName = keyof ActionHooks & string;
export type FilterName = keyof FilterHooks & string;
type ArgsOf<T> = T extends readonly unknown[] ? T : never;
export type ActionArgs<N extends ActionName> = ArgsOf<ActionHooks[N]>;
export type FilterValue<N extends FilterName> = ArgsOf<FilterHooks[N]>[0];
export type FilterRest<N extends FilterName> =
  ArgsOf<FilterHooks[N]> extends [unknown, ...infer Rest] ? Rest : [];

/**
 * What a callback of hook `N` receives first: the operation the hook runs in (its site, actor,
 * transaction; `plugin.db(ctx)` and `plugin.settings.read(ctx)` take it), except `job.failed`, which
 * an installation-wide job fires outside any operation.
 */
export type HookContextOf<N extends string> = N extends 'job.failed' ? HookContext : PluginOperation;

export type ActionCallback<N extends ActionName> = (
  context: HookContextOf<N>,
  ...args: ActionArgs<N>
) => void | Promise<void>;
export type FilterCallback<N extends FilterName> = (
  value: FilterValue<N>,
  context: HookContextOf<N>,
  ...rest: FilterRest<N>
) => FilterValue<N> | Promise<FilterValue<N>>;

/** An entry as its hooks see it: its content at this save. `id` is null before its first save. */
export interface HookEntry {
  id: number | null;
  type: string;
  locale?: string;
  path?: string;
  title: string;
  slug: string;
  parent_id: number | null;
  excerpt: string;
  featured_media_id: number | null;
  author_id: number | null;
  /** The type's field values by key. */
  fields: Record<string, unknown>;
  blocks: unknown[];
  /** Term ids by taxonomy. */
  terms: Record<string, number[]>;
  position: number;
}

export interface HookSiteEvent {
  name: string;
  /** ISO 8601, UTC. */
  timestamp: string;
  /** The resource as the change left it. */
  data: Record<string, unknown>;
}

export interface HookJob {
  id: number;
  name: string;
  queue: string;
  payload: unknown;
  site_id: number | null;
  status: string;
  attempts: number;
  max_attempts: number;
  last_error: string | null;
  created_at: string;
}

export interface ContactSubmission {
  entryId: number;
  blockId: string;
  /** The page the form is on, absolute. */
  page: string;
  /** Field name, label and value, in the form's order. */
  fields: Array<{ name: string; label: string; value: string }>;
  recipients: string[];
  subject: string;
  /** The visitor's address when the form asked for one. */
  replyTo: string | null;
}

export type MediaPlace =
  | { kind: 'featured' }
  | { kind: 'field'; label: string }
  | { kind: 'block'; position: number; block: string };

/** A record that uses a media item; fill in `label` for your own kinds (`<area>.<kind>`). */
export interface MediaOwner {
  type: string;
  id: number;
  label: string | null;
  kind?: string;
  status?: string;
  paths?: readonly string[];
  places?: Readonly<Record<string, MediaPlace>>;
}

export interface SitemapUrl {
  /** Absolute. */
  loc: string;
  /** When the live version went live (W3C Datetime); null when unknown. */
  lastmod: string | null;
  /**
   * The entry the address shows (not the home page's or a term archive's), with its live version's
   * field values, plugins' included (`seo.noindex`).
   */
  entry?: { id: number; type: string; locale: string; fields: Readonly<Record<string, unknown>> };
  /** Images on the page, absolute (Google's image extension), at most 1,000: the core gives the featured image. */
  images?: Array<{ loc: string; title?: string }>;
  /** The page in the site's other languages, x-default last (hreflang), absolute. */
  alternates?: Array<{ hreflang: string; href: string }>;
}

/** Which sitemap `sitemap.urls` is given. */
export interface SitemapContext {
  /** The type's slug, or `tax:<taxonomy>` for a taxonomy's term archives. */
  type: string;
  kind: 'type' | 'taxonomy';
  /** The type's or the taxonomy's slug. */
  name: string;
  /** The block of 2,000 addresses, from 1. */
  page: number;
  /** The site's origin, without a trailing slash. */
  base: string;
}

/** A sitemap as /sitemap.xml lists it. */
export interface SitemapListing {
  loc: string;
  /** The newest lastmod of its addresses. */
  lastmod: string | null;
  kind: 'type' | 'taxonomy';
  name: string;
}

/** The head of a public page; see docs/plugins.md (page.head) for what is kept of a change. */
export interface PageHead {
  /** The page's own title (Open Graph's title); the theme writes `<title>` from it and the site's name. */
  title: string;
  /** The whole `<title>`, as a plugin composes it (`Hello | My blog`); absent, the theme's own. */
  documentTitle?: string;
  description: string;
  /** Absolute, or null. */
  canonical: string | null;
  type: 'website' | 'article';
  image: { url: string; width: number; height: number; alt: string } | null;
  publishedAt?: string;
  noindex?: boolean;
  /** Crawlers are asked not to follow the page's links (`robots: nofollow`). */
  nofollow?: boolean;
  prev?: string | null;
  next?: string | null;
  alternates?: ReadonlyArray<{ hreflang: string; href: string }>;
  /** At most 50; by `name` or by `property`, not both. */
  meta?: ReadonlyArray<{ name?: string; property?: string; content: string }>;
  /** At most 10 objects and 64 KB. */
  jsonLd?: ReadonlyArray<Record<string, unknown>>;
}

export interface PageHeadContext {
  kind: 'home' | 'entry' | 'list' | 'search' | 'not_found' | 'members_only' | 'account' | 'plugin';
  status: number;
  /** The page's language. */
  locale: string;
  site: HeadSite;
  /** The entry the page shows (home and entry pages, the member-only notice); null for the others. */
  entry: HeadEntry | null;
}

/** The site a page belongs to, as the page shows it. */
export interface HeadSite {
  /** Its title (general settings), or its name. */
  name: string;
  tagline: string;
  /** The origin the page was reached at (`https://example.com`), without a trailing slash. */
  origin: string;
  /** Its home in the page's language, absolute (`https://example.com/fr/`). */
  home: string;
  /** Its logo, absolute; null when it has none. */
  logo: string | null;
  locales: readonly string[];
  defaultLocale: string;
}

/** The entry a page shows, as the page has it: what a head is written from. */
export interface HeadEntry {
  id: number;
  type: string;
  title: string;
  /** Site-relative. */
  url: string;
  slug: string;
  locale: string;
  excerpt: string;
  /** The entry's field values as published, plugins' fields included under their area (`seo.title`). */
  fields: Readonly<Record<string, unknown>>;
  /** ISO 8601, UTC. */
  publishedAt: string;
  updatedAt: string;
  /** Null when it has none, and on the member-only notice. */
  author: { name: string } | null;
  /** Its published ancestors, the farthest first, then itself; empty on the member-only notice. */
  trail: ReadonlyArray<{ title: string; url: string }>;
  /** Its content as the page shows it (the body, then the blocks), HTML; empty on the member-only notice. */
  html: string;
}

/** A site account (a visitor who registered), as its hooks see it. Never an admin user. */
export interface HookAccount {
  id: number;
  email: string;
  name: string;
  /** The language of its pages and mails. */
  locale: string;
  status: 'active' | 'suspended' | 'anonymised';
  /** ISO 8601, UTC. */
  created_at: string;
}

/** What `GET /api/accounts/{id}/export` answers; plugins add theirs under `plugins`. */
export interface AccountExport {
  account: {
    id: number;
    email: string;
    name: string;
    locale: string;
    status: 'active' | 'suspended' | 'anonymised';
    email_verified_at: string | null;
    last_sign_in_at: string | null;
    created_at: string;
    updated_at: string;
  };
  /** The site's activity log entries about the account, oldest first. */
  activity: Array<{ action: string; ip: string | null; created_at: string }>;
  /** What each plugin keeps of the account, under its name. */
  plugins: Record<string, unknown>;
}
