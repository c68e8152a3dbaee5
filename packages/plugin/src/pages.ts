import type { SafeHtml } from './blocks.js';
import type { PluginOperation } from './operation.js';

/**
 * A site account, the realm of the site's visitors the shop's customers and the members' plugin's
 * members share: never an admin user, never holding an admin permission.
 */
export interface PluginSiteAccount {
  id: number;
  email: string;
  name: string;
  /** The language its mails are written in. */
  locale: string;
}

/** What a visitor's session holds. */
export interface PluginVisitorSession {
  /** The site account signed in with it, or null. */
  account: PluginSiteAccount | null;
  /** What the site keeps for the visitor (a cart). */
  data: Readonly<Record<string, unknown>>;
}

/** The visitor of a public page: their session, when they have one or a page starts one. */
export interface PluginVisitor {
  /** The visitor's session, or null for a visitor without one; reading it makes the page private. */
  read(): Promise<PluginVisitorSession | null>;
}

/** The visitor as a form post sees them: it may keep data for them, which starts a session. */
export interface PluginFormVisitor extends PluginVisitor {
  /** Replaces what the site keeps for the visitor (at most 16 KB of JSON), starting a session if needed. */
  setData(data: Record<string, unknown>): Promise<void>;
  /** Ends the visitor's session (their cart dropped). */
  end(): Promise<void>;
}

interface PageRequestBase {
  /** An operation on the page's site, acting as an anonymous visitor: read your tables with `plugin.db`. */
  operation: PluginOperation;
  /** The path's `:name` parts. */
  params: Readonly<Record<string, string>>;
  query: Readonly<Record<string, string>>;
  /** The page's language. */
  locale: string;
  /**
   * The hidden input a form of yours carries, for a `post` page declaring `form: name`: put it in
   * the form's markup (`${page.formField('cart.add')}`).
   */
  formField(form: string): SafeHtml;
}

export interface PluginPageRequest extends PageRequestBase {
  visitor: PluginVisitor;
}

export interface PluginFormRequest extends PageRequestBase {
  visitor: PluginFormVisitor;
  /** The form's fields as posted (urlencoded), its token checked already. */
  form: Readonly<Record<string, string>>;
}

/** A page, framed in the site's theme (header, footer, menus, language, the `page.head` filter). */
export interface PluginPage {
  title: string;
  /** The main content, as HTML: build it with `html`, which escapes what people wrote. */
  body: string | SafeHtml;
  description?: string;
  /** Keeps it out of search engines. */
  noindex?: boolean;
  /** 200 by default; 404 and 410 show your body with that status; 422 for a form sent back with its faults. */
  status?: 200 | 404 | 410 | 422;
}

/** Where to send the visitor instead (303 after a post, 302 on a GET): a path of the site. */
export interface PluginRedirect {
  redirect: string;
}

export interface PluginPageSpec {
  /**
   * `public`: the same for every visitor, kept by the page cache until a purge (`plugin.pages.purge`)
   * or a change of the content types named in `purgeOn`; `private`: the visitor's own (a cart),
   * never kept by any cache. A page that reads the visitor is private whatever it says.
   */
  cache: 'public' | 'private';
  /** Content types whose changes make a public page stale (`['product']`). */
  purgeOn?: readonly string[];
}

export interface PluginFormSpec {
  /** Names the form (`<area>.<name>`): its tokens are good for it alone, and it has its own budget. */
  form: string;
  /** Posts one address may make in a minute (default 10); a key of your settings group can hold it. */
  perMinute?: number | { setting: string; default: number };
}

export interface PluginPages {
  /**
   * A page at `path` (`/shop/cart`, `/shop/products/:slug`) of every site where the plugin is
   * active, in every language (`/fr/shop/cart`). The first segment is the plugin's on those sites:
   * activating it where an entry lives under it is refused, and so is saving such an entry while it
   * is active. Answer null for "not found" (the site's 404).
   */
  get(
    path: string,
    spec: PluginPageSpec,
    handler: (
      page: PluginPageRequest,
    ) => Promise<PluginPage | PluginRedirect | null> | PluginPage | PluginRedirect | null,
  ): void;
  /**
   * A form post to `path`, from a page of the site: its origin and token are checked and it counts
   * against the form's budget before the handler runs (403, 429 otherwise). Answer a redirect (303:
   * Post/Redirect/Get), or a page (a form sent back with its faults, 422).
   */
  post(
    path: string,
    spec: PluginFormSpec,
    handler: (page: PluginFormRequest) => Promise<PluginPage | PluginRedirect> | PluginPage | PluginRedirect,
  ): void;
  /** Empties the site's cached pages showing the plugin's pages and blocks, once the operation commits. */
  purge(ctx: PluginOperation): void;
}
