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
  /**
   * The form's fields as posted (urlencoded, or the text parts of a multipart post), trimmed, its
   * token checked already. A name posted several times (a group of checkboxes) holds its values
   * joined by a line feed.
   */
  form: Readonly<Record<string, string>>;
  /** The files of a multipart post, for a form declaring `files`; empty otherwise. */
  files: readonly PluginUpload[];
  /**
   * When the form's token was issued (ms since the epoch): when its page was rendered, for a
   * minimum fill time. Null only in `refused`, for a post whose token did not hold.
   */
  formIssuedAt: number | null;
}

/** A file posted with a form. */
export interface PluginUpload {
  /** The form field it was posted in. */
  field: string;
  /** Its name on the visitor's computer (at most 255 characters): shown, never trusted. */
  filename: string;
  /** Its size in bytes; for a file `tooLarge`, how much was read: one byte past the limit. */
  size: number;
  /**
   * What its bytes are (`image/png`, `application/pdf`), sniffed from its content, never from its
   * name or the browser's word; null when nothing known was recognised (plain text, an unknown kind).
   */
  type: string | null;
  /** Its bytes, or null when it was larger than the form's `files.maxBytes` (`tooLarge`). */
  bytes: Uint8Array | null;
  tooLarge: boolean;
}

/** Why a form post was refused before its handler ran. */
export interface PluginFormRefusal {
  code:
    | 'form_origin_refused'
    | 'form_token_missing'
    | 'form_token_invalid'
    | 'form_token_expired'
    | 'rate_limited';
  /** 403 for the origin and the token, 429 for the budget. */
  status: 403 | 429;
  /** For `rate_limited`: when the address may post again. */
  retryAfterSeconds: number | null;
}

/** A page, framed in the site's theme (header, footer, menus, language, the `page.head` filter). */
export interface PluginPage {
  title: string;
  /** The main content, as HTML: build it with `html`, which escapes what people wrote. */
  body: string | SafeHtml;
  description?: string;
  /** Keeps it out of search engines. */
  noindex?: boolean;
  /**
   * 200 by default; 404 and 410 show your body with that status; 422 for a form sent back with its
   * faults; 403 and 429 for a post refused (`refused`).
   */
  status?: 200 | 403 | 404 | 410 | 422 | 429;
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

/** How many files a form takes in one post, and how large each may be. */
export interface PluginUploadLimits {
  maxFiles: number;
  maxBytes: number;
}

/** What a form's name or budget may depend on: the post's address and its site. */
export interface PluginFormTarget {
  params: Readonly<Record<string, string>>;
  operation: PluginOperation;
}

export interface PluginFormSpec {
  /**
   * Names the form (`<area>.<name>`): its tokens are good for it alone, and it has its own budget
   * per address. One route serving many forms (`/forms/:slug`) names each from its params
   * (`({ params }) => \`forms.${params.slug}\``), so each has its own tokens and budget.
   */
  form: string | ((target: Pick<PluginFormTarget, 'params'>) => string);
  /**
   * Posts one address may make to the form in a minute (default 10): a number, a key of your
   * settings group, or a function (a value kept with the form itself).
   */
  perMinute?:
    | number
    | { setting: string; default: number }
    | ((target: PluginFormTarget) => number | Promise<number>);
  /**
   * Takes `multipart/form-data` posts with files too, at most `maxFiles` of them (at most 20), each
   * of at most `maxBytes` (at most 50 MB): a larger one reaches the handler as `tooLarge`, without
   * its bytes, so the form can say so beside its field. A function gives each form its own limits
   * (null: this one takes no files); they are known before the body is read, so a post is never
   * read past them.
   */
  files?:
    | PluginUploadLimits
    | ((target: PluginFormTarget) => PluginUploadLimits | null | Promise<PluginUploadLimits | null>);
  /**
   * The page shown for a post refused before the handler (a stale token, past the budget), in place
   * of the bare error: say it in the form's words, count it. Its status is the refusal's (403, 429).
   */
  refused?: (page: PluginFormRequest, refusal: PluginFormRefusal) => Promise<PluginPage> | PluginPage;
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
