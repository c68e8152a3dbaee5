import { recordActivity } from '../../core/activity/record.js';
import { Conflict, type FieldErrors, Forbidden, NotFound, ValidationFailed } from '../../core/errors.js';
import { emitSiteEvent } from '../../core/events/site-events.js';
import type { Page } from '../../core/http/envelope.js';
import { MESSAGES } from '../../core/i18n/catalogue/index.js';
import { languageOf } from '../../core/i18n/language.js';
import { enqueueSiteMail } from '../../core/mail/mail-job.js';
import { type OperationContext, visitorContext } from '../../core/operation/operation-context.js';
import type { Runtime } from '../../core/runtime.js';
import type { Site } from '../../core/sites/site.js';
import type { Content } from '../content/content.js';
import { renderSiteMail, siteUrlOf } from '../email-templates/module.js';
import { mailLanguageOf } from '../email-templates/site-mail.js';
import { requirePermission } from '../identity/actor.js';
import { authorAddresses } from '../identity/users/bylines.js';
import { settingsOf } from '../settings/service.js';
import { openReceipt } from './receipt.js';
import { type CommentedEntry, type CommentFilter, type CommentRow, CommentsRepo } from './repo.js';
import { blocklistRefusal, heldForModeration } from './spam.js';
import type { CommentStatus } from './tables.js';
import { commentHtml } from './text.js';
import { type CommentOrder, pageShowing, type ThreadPaging, threadOrder, threadPage } from './thread.js';

/** The hidden form field only bots fill in. */
export const HONEYPOT = 'website';
// A form is good for a day; a reader leaving a tab open longer reloads it.
export const FORM_LIFETIME_MS = 24 * 3_600_000;
/** What a commenter's address must look like (the form checks it with the same rule). */
export const COMMENTER_EMAIL = /^[^@\s]+@[^@\s]+\.[^@\s]+$/;

export interface CommentInput {
  entry_id: number;
  parent_id?: number | null;
  /** Required by the discussion setting require_name_email; optional, empty or absent, without it. */
  name?: string;
  email?: string;
  url?: string;
  body: string;
  token: string;
  [HONEYPOT]?: string;
}

/** What anyone may see of a comment: never the address. */
export interface PublicComment {
  id: number;
  entry_id: number;
  parent_id: number | null;
  depth: number;
  author_name: string;
  author_url: string | null;
  content_html: string;
  status: CommentStatus;
  created_at: string;
}

/** What moderators see. */
export interface CommentView extends PublicComment {
  author_email: string;
  ip: string | null;
  user_agent: string | null;
  body: string;
  updated_at: string;
}

/** A comment in the moderation list: with the entry it is on, null once that entry is deleted. */
export interface ListedComment extends CommentView {
  entry: CommentedEntry | null;
}

/** A comment as the site shows it under its entry. */
export interface ThreadComment extends PublicComment {
  /** Written by a signed-in user of the site: a moderator's reply from the admin. */
  staff: boolean;
}

/** What the public site shows under an entry: whether it takes comments now, and a page of its thread. */
export interface EntryDiscussion {
  open: boolean;
  /** Approved comments in all. */
  total: number;
  page: number;
  pages: number;
  /** Which top-level comments come first (comment_order): with the newest, later pages are older. */
  order: CommentOrder;
  /** The page's comments in thread order; the visitor's own pending one (a receipt) among them. */
  comments: ThreadComment[];
  /** How deep replies may nest: a comment this deep takes no reply. */
  max_depth: number;
  /** When the comments close by themselves (close_after_days), ms since the epoch; null for never. */
  closes_at: number | null;
  /**
   * The form's signed token and hidden field, when the entry takes comments, and whether it asks
   * for a name and an email address (require_name_email) or leaves them optional.
   */
  form: { token: string; honeypot: string; require_name_email: boolean } | null;
}

/** The published entry a discussion belongs to, as the public site has it at hand. */
export interface DiscussedEntry {
  id: number;
  type: string;
  published_at: string;
}

export type Moderation = 'approve' | 'hold' | 'spam' | 'trash';
const STATUS_OF: Record<Moderation, CommentStatus> = {
  approve: 'approved',
  hold: 'pending',
  spam: 'spam',
  trash: 'trash',
};

/**
 * Comments on published entries (spec 1 Blog): posted by anyone through a signed form, screened
 * without any outside service (honeypot, minimum time, blocklists, links, first-time authors held,
 * a rate limit of their own), moderated under the comments.* permissions.
 */
export class CommentsService {
  constructor(
    private readonly runtime: Runtime,
    private readonly content: Content,
  ) {}

  /** What a comment form needs: a signed token of when it was shown, for which entry. */
  async form(ctx: OperationContext, entryId: number) {
    const rules = await settingsOf(this.runtime, ctx.site, 'discussion');
    const [entry] = await this.content.published.items(ctx.site, [entryId]);
    if (entry) await this.guardRestricted(ctx, entry);
    const open = await this.openEntry(ctx.site, entryId).then(
      () => true,
      (error: unknown) => {
        if (error instanceof NotFound) throw error;
        return false;
      },
    );
    return {
      token: this.formToken(ctx.site, entryId),
      honeypot: HONEYPOT,
      min_seconds: rules.min_seconds,
      open,
    };
  }

  /**
   * An entry's discussion as its page shows it: the page `page` of the approved thread (top-level
   * comments, as many a page and oldest or newest first as the discussion settings say, each with
   * its replies), and with a fresh receipt of the
   * visitor's own comment still waiting for a moderator, that comment in its place and its page
   * shown instead. Null when the type takes no comments and none were ever approved: nothing to show.
   */
  async discussion(
    ctx: OperationContext,
    entry: DiscussedEntry,
    page: number,
    receipt: string | null,
  ): Promise<EntryDiscussion | null> {
    const repo = new CommentsRepo(ctx.db);
    const approved = await repo.approvedOf(entry.id);
    const state = await this.openness(ctx.site, entry);
    if (!state.typeAllows && approved.length === 0) return null;
    const ownId = receipt === null ? null : openReceipt(this.runtime.secrets, ctx.site, receipt);
    const own = ownId === null ? null : await repo.byId(ownId);
    const mine = own && own.entry_id === entry.id && own.status === 'pending' ? own : null;
    const shown = mine ? [...approved, mine] : approved;
    const rules = await settingsOf(this.runtime, ctx.site, 'discussion');
    const paging = pagingOf(rules);
    const at = (mine && pageShowing(shown, mine.id, paging)) || page;
    const thread = threadPage(shown, at, paging);
    return {
      open: state.open,
      total: approved.length,
      page: thread.page,
      pages: thread.pages,
      order: paging.order,
      comments: thread.comments.map((row) => ({ ...publicView(row), staff: row.user_id !== null })),
      max_depth: rules.max_depth,
      closes_at: state.open && Number.isFinite(state.closesAt) ? state.closesAt : null,
      form: state.open
        ? {
            token: this.formToken(ctx.site, entry.id),
            honeypot: HONEYPOT,
            require_name_email: rules.require_name_email,
          }
        : null,
    };
  }

  /** The page of its entry's thread that shows an approved comment (1 when it is not shown). */
  async pageOf(ctx: OperationContext, comment: PublicComment): Promise<number> {
    const approved = await new CommentsRepo(ctx.db).approvedOf(comment.entry_id);
    const rules = await settingsOf(this.runtime, ctx.site, 'discussion');
    return pageShowing(approved, comment.id, pagingOf(rules)) ?? 1;
  }

  /** How many approved comments each entry has (none for those left out). */
  approvedCounts(ctx: OperationContext, entryIds: readonly number[]): Promise<Map<number, number>> {
    return new CommentsRepo(ctx.db).approvedCounts(entryIds);
  }

  async post(
    ctx: OperationContext,
    input: CommentInput,
    userAgent: string | null = null,
    options: { reader?: boolean } = {},
  ): Promise<PublicComment> {
    const rules = await settingsOf(this.runtime, ctx.site, 'discussion');
    if (input[HONEYPOT]) throw ValidationFailed.field(HONEYPOT, 'Leave this field empty.', 'comment_refused');
    this.checkToken(ctx.site, input, rules.min_seconds);
    const entry = await this.openEntry(ctx.site, input.entry_id);
    await this.guardRestricted(ctx, entry, options.reader);
    const body = input.body.trim();
    if (body === '') throw ValidationFailed.field('body', 'Write something.');
    const { name, email } = commenter(input, rules.require_name_email);
    const refusal = blocklistRefusal({ name, email, body, ip: ctx.actor.ip ?? '' }, rules);
    if (refusal) throw ValidationFailed.field('body', refusal.message, refusal.code);

    return ctx.transaction(async () => {
      const repo = new CommentsRepo(ctx.db);
      let depth = 1;
      if (input.parent_id !== undefined && input.parent_id !== null) {
        const parent = await repo.byId(input.parent_id);
        if (!parent || parent.entry_id !== entry.id || parent.status !== 'approved')
          throw ValidationFailed.field('parent_id', 'Reply to an approved comment of the same entry.');
        if (parent.depth >= rules.max_depth)
          throw ValidationFailed.field(
            'parent_id',
            `Replies nest at most ${rules.max_depth} deep; reply higher up.`,
          );
        depth = parent.depth + 1;
      }
      // An anonymous commenter is never known: one approved comment without an address vouches for no other.
      const known = email !== '' && (await repo.hasApproved(email));
      const held = heldForModeration(body, known, rules);
      const at = new Date().toISOString();
      const id = await repo.insert({
        entry_id: entry.id,
        parent_id: input.parent_id ?? null,
        depth,
        author_name: name,
        author_email: email,
        author_url: input.url?.trim() || null,
        user_id: ctx.actor.userId,
        ip: ctx.actor.ip,
        user_agent: userAgent?.slice(0, 500) ?? null,
        body,
        status: held ? 'pending' : 'approved',
        created_at: at,
        updated_at: at,
      });
      const comment = await this.find(repo, id);
      await emitSiteEvent(ctx, 'comment.created', eventData(comment));
      if (!held) await emitSiteEvent(ctx, 'comment.approved', eventData(comment));
      if (rules.notify_authors && entry.author_id !== null && entry.author_id !== ctx.actor.userId)
        await this.notify(ctx.site, entry, comment);
      return publicView(comment);
    });
  }

  /** An entry's approved comments in thread order (each reply after its parent), paginated. */
  async thread(
    ctx: OperationContext,
    entryId: number,
    page: number,
    limit: number,
  ): Promise<Page<PublicComment>> {
    const [entry] = await this.content.published.items(ctx.site, [entryId]);
    if (!entry) throw new NotFound('Entry');
    await this.guardRestricted(ctx, entry);
    const ordered = threadOrder(await new CommentsRepo(ctx.db).approvedOf(entryId));
    return { items: ordered.slice((page - 1) * limit, page * limit).map(publicView), total: ordered.length };
  }

  async list(
    ctx: OperationContext,
    filter: CommentFilter,
    page: number,
    limit: number,
  ): Promise<Page<ListedComment>> {
    requirePermission(ctx.actor, 'comments.view');
    const repo = new CommentsRepo(ctx.db);
    const { rows, total } = await repo.list(filter, page, limit);
    const entries = await repo.entriesOf(rows.map((row) => row.entry_id));
    return {
      items: rows.map((row) => ({ ...moderatorView(row), entry: entries.get(row.entry_id) ?? null })),
      total,
    };
  }

  async get(ctx: OperationContext, id: number): Promise<CommentView> {
    requirePermission(ctx.actor, 'comments.view');
    return moderatorView(await this.find(new CommentsRepo(ctx.db), id));
  }

  async edit(
    ctx: OperationContext,
    id: number,
    input: { body?: string; author_name?: string; author_url?: string | null },
  ) {
    requirePermission(ctx.actor, 'comments.edit');
    const repo = new CommentsRepo(ctx.db);
    const comment = await this.find(repo, id);
    if (input.body !== undefined && input.body.trim() === '')
      throw ValidationFailed.field('body', 'Write something.');
    await ctx.transaction(async () => {
      await repo.update(id, {
        ...(input.body !== undefined ? { body: input.body.trim() } : {}),
        ...(input.author_name !== undefined ? { author_name: input.author_name.trim() } : {}),
        ...(input.author_url !== undefined ? { author_url: input.author_url?.trim() || null } : {}),
        updated_at: new Date().toISOString(),
      });
      await this.record(ctx, 'comment.edited', comment.id, { entry_id: comment.entry_id });
      // Its entry's page shows the text: the page cache follows this event.
      await emitSiteEvent(ctx, 'comment.updated', eventData(comment));
    });
    return moderatorView(await this.find(repo, id));
  }

  /** Moves comments to a state, all or none: an id of no comment of this site refuses the lot (404). */
  async moderate(
    ctx: OperationContext,
    ids: readonly number[],
    action: Moderation | 'delete',
  ): Promise<CommentView[]> {
    requirePermission(ctx.actor, action === 'delete' ? 'comments.delete' : 'comments.moderate');
    const unique = [...new Set(ids)];
    const repo = new CommentsRepo(ctx.db);
    const found = await repo.byIds(unique);
    if (found.length !== unique.length) throw new NotFound('Comment');
    return ctx.transaction(async () => {
      if (action === 'delete') {
        await repo.delete(unique);
        for (const comment of found) {
          await this.record(ctx, 'comment.deleted', comment.id, { entry_id: comment.entry_id });
          await emitSiteEvent(ctx, 'comment.deleted', eventData(comment));
        }
        return [];
      }
      const status = STATUS_OF[action];
      const at = new Date().toISOString();
      for (const comment of found) {
        if (comment.status === status) continue;
        await repo.update(comment.id, { status, updated_at: at });
        await this.record(ctx, `comment.${status}`, comment.id, {
          entry_id: comment.entry_id,
          from: comment.status,
        });
        // Held, spam or trashed, an approved comment leaves its entry's page: the cache follows.
        await emitSiteEvent(
          ctx,
          status === 'approved' ? 'comment.approved' : 'comment.updated',
          eventData({ ...comment, status }),
        );
      }
      return (await repo.byIds(unique)).map(moderatorView);
    });
  }

  /**
   * A moderator's reply from the admin (WordPress's "Approve and Reply"): approved at once, in the
   * moderator's name and address, under the comment replied to, which is approved first when it was
   * held. No form token or timing: the moderator is signed in. Spam and trashed comments take no reply.
   */
  async reply(ctx: OperationContext, parentId: number, text: string): Promise<CommentView> {
    requirePermission(ctx.actor, 'comments.moderate');
    const body = text.trim();
    if (body === '') throw ValidationFailed.field('body', 'Write something.');
    // The moderator's name and address, as identity gives them out (active accounts only).
    const userId = ctx.actor.userId;
    const user =
      userId === null ? undefined : (await authorAddresses(this.runtime.data, [userId])).get(userId);
    if (!user) throw new Forbidden('Replies are written by a signed-in user.', 'permission_denied');
    const rules = await settingsOf(this.runtime, ctx.site, 'discussion');
    const repo = new CommentsRepo(ctx.db);
    const parent = await repo.byId(parentId);
    if (!parent) throw new NotFound('Comment');
    if (parent.status !== 'approved' && parent.status !== 'pending')
      throw new Conflict(
        'Spam and trashed comments take no reply; approve the comment first.',
        'comment_not_approved',
      );
    if (parent.depth >= rules.max_depth)
      throw ValidationFailed.field('body', `Replies nest at most ${rules.max_depth} deep; reply higher up.`);
    return ctx.transaction(async () => {
      const at = new Date().toISOString();
      if (parent.status === 'pending') {
        await repo.update(parent.id, { status: 'approved', updated_at: at });
        await this.record(ctx, 'comment.approved', parent.id, { entry_id: parent.entry_id, from: 'pending' });
        await emitSiteEvent(ctx, 'comment.approved', eventData({ ...parent, status: 'approved' }));
      }
      const id = await repo.insert({
        entry_id: parent.entry_id,
        parent_id: parent.id,
        depth: parent.depth + 1,
        author_name: user.name,
        author_email: user.email.toLowerCase(),
        author_url: null,
        user_id: userId,
        ip: ctx.actor.ip,
        user_agent: null,
        body,
        status: 'approved',
        created_at: at,
        updated_at: at,
      });
      const reply = await this.find(repo, id);
      await this.record(ctx, 'comment.replied', id, { entry_id: parent.entry_id, parent_id: parent.id });
      await emitSiteEvent(ctx, 'comment.created', eventData(reply));
      await emitSiteEvent(ctx, 'comment.approved', eventData(reply));
      return moderatorView(reply);
    });
  }

  /** Closes (or opens again) one entry's comments, whatever the type and the settings allow. */
  async setOpen(
    ctx: OperationContext,
    entryId: number,
    open: boolean,
  ): Promise<{ entry_id: number; open: boolean }> {
    requirePermission(ctx.actor, 'comments.moderate');
    const [entry] = await this.content.published.items(ctx.site, [entryId]);
    if (!entry) throw new NotFound('Entry');
    await ctx.transaction(async () => {
      await new CommentsRepo(ctx.db).setClosed(entryId, !open);
      await this.record(ctx, open ? 'comments.opened' : 'comments.closed', entryId, {});
      // The entry's page shows the form, or says the comments are closed.
      await emitSiteEvent(ctx, open ? 'discussion.opened' : 'discussion.closed', { entry_id: entryId, open });
    });
    return { entry_id: entryId, open };
  }

  private checkToken(site: Site, input: CommentInput, minSeconds: number): void {
    let claims: { s?: unknown; e?: unknown; t?: unknown };
    try {
      claims = JSON.parse(this.runtime.secrets.open(input.token));
    } catch {
      throw ValidationFailed.field(
        'token',
        'The form is not valid; reload the page.',
        'comment_form_invalid',
      );
    }
    if (claims.s !== site.id || claims.e !== input.entry_id || typeof claims.t !== 'number')
      throw ValidationFailed.field(
        'token',
        'The form is not valid; reload the page.',
        'comment_form_invalid',
      );
    const age = Date.now() - claims.t;
    if (age < minSeconds * 1000)
      throw ValidationFailed.field(
        'token',
        `Sent too quickly after the form appeared; wait ${minSeconds} seconds and send it again.`,
        'comment_too_fast',
      );
    if (age > FORM_LIFETIME_MS)
      throw ValidationFailed.field('token', 'The form is too old; reload the page.', 'comment_form_expired');
  }

  /** The published entry, if its comments are open; refused with `comments_closed` otherwise. */
  /**
   * Refuses the discussion of an entry a plugin keeps from anonymous visitors (`entry.access`, the
   * members plugin) through the public API: its comments are read and written on its page, where
   * the core knows who is signed in (`reader`, the page's comment form once it checked). Those who
   * moderate comments read them anyway.
   */
  private async guardRestricted(
    ctx: OperationContext,
    entry: { id: number; type: string; title: string; url: string; locale: string },
    reader = false,
  ): Promise<void> {
    if (reader || !this.runtime.hooks.hasCallbacks('entry.access')) return;
    if (ctx.actor.access.allows('comments.view')) return;
    const access = await visitorContext(this.runtime, ctx.site).hooks.applyFilters(
      'entry.access',
      'public',
      { id: entry.id, type: entry.type, title: entry.title, url: entry.url, locale: entry.locale },
      { signedIn: false, accountId: null, surface: 'api' },
    );
    if (access !== 'public')
      throw new Forbidden('This entry is for members: its comments are on its page.', 'entry_restricted');
  }

  private async openEntry(site: Site, entryId: number) {
    const [entry] = await this.content.published.items(site, [entryId]);
    if (!entry) throw new NotFound('Entry');
    if (!(await this.openness(site, entry)).open)
      throw ValidationFailed.field('entry_id', 'Comments on this entry are closed.', 'comments_closed');
    return entry;
  }

  /**
   * Whether an entry takes comments now: its type allows them, the site's discussion settings do,
   * it was not closed by hand, and it is younger than close_after_days (then `closesAt` says when).
   */
  private async openness(site: Site, entry: DiscussedEntry) {
    const type = (await this.content.types.ofSite(site)).get(entry.type);
    const rules = await settingsOf(this.runtime, site, 'discussion');
    const closesAt =
      rules.close_after_days > 0
        ? Date.parse(entry.published_at) + rules.close_after_days * 86_400_000
        : Number.POSITIVE_INFINITY;
    const typeAllows = type?.allows_comments === true;
    const open =
      typeAllows &&
      rules.comments_enabled &&
      closesAt > Date.now() &&
      !(await new CommentsRepo(this.runtime.data.site(site.id)).isClosed(entry.id));
    return { open, typeAllows, closesAt };
  }

  /** A form's signed token: the site, the entry and when the form was shown (checkToken). */
  private formToken(site: Site, entryId: number): string {
    return this.runtime.secrets.seal(JSON.stringify({ s: site.id, e: entryId, t: Date.now() }));
  }

  private async notify(
    site: Site,
    entry: { id: number; title: string; url: string; author_id: number | null },
    comment: CommentRow,
  ) {
    if (entry.author_id === null) return;
    const author = (await authorAddresses(this.runtime.data, [entry.author_id])).get(entry.author_id);
    if (!author || author.email === comment.author_email) return;
    const mail = await renderSiteMail(
      this.runtime,
      site,
      comment.status === 'approved' ? 'comment.published' : 'comment.awaiting_moderation',
      author.locale,
      {
        recipient: { name: author.name, email: author.email },
        // The entry's path made absolute: a mail has no page to be relative to.
        entry: { title: entry.title, url: new URL(entry.url, siteUrlOf(this.runtime, site)).href },
        comment: {
          author_name: comment.author_name || anonymousIn(mailLanguageOf(site, author.locale)),
          body: comment.body,
        },
        link: `${this.runtime.config.publicUrl}/admin/comments/${comment.id}`,
      },
    );
    await enqueueSiteMail(this.runtime.jobs.queue, this.runtime.secrets, site, { to: author.email, ...mail });
  }

  private async find(repo: CommentsRepo, id: number): Promise<CommentRow> {
    const comment = await repo.byId(id);
    if (!comment) throw new NotFound('Comment');
    return comment;
  }

  private record(ctx: OperationContext, action: string, id: number, details: Record<string, unknown>) {
    return recordActivity(this.runtime.data, ctx.site.id, {
      userId: ctx.actor.userId,
      action,
      subjectType: action.startsWith('comments.') ? 'entry' : 'comment',
      subjectId: id,
      ip: ctx.actor.ip,
      details,
    });
  }
}

/**
 * The commenter's name and address as kept: trimmed, the address in lower case. Both are required
 * while the discussion setting require_name_email is on (WordPress's default); off, either may be
 * left out (kept empty: the site says "Anonymous", and no mail ever goes to an empty address).
 */
function commenter(input: CommentInput, required: boolean): { name: string; email: string } {
  const name = input.name?.trim() ?? '';
  const email = input.email?.trim().toLowerCase() ?? '';
  const faults: FieldErrors = {};
  if (required && name === '') faults.name = ['This field is required.'];
  if (required && email === '') faults.email = ['This field is required.'];
  else if (email !== '' && !COMMENTER_EMAIL.test(email)) faults.email = ['Must be a valid email address.'];
  if (Object.keys(faults).length > 0) throw new ValidationFailed(faults);
  return { name, email };
}

/** How a comment without a name is named to someone writing `locale`. */
export function anonymousIn(locale: string | null | undefined): string {
  return MESSAGES[languageOf(locale, undefined)].site.comments.anonymous;
}

function eventData(comment: CommentRow) {
  return {
    id: comment.id,
    entry_id: comment.entry_id,
    parent_id: comment.parent_id,
    author_name: comment.author_name,
    status: comment.status,
    created_at: comment.created_at,
  };
}

function publicView(comment: CommentRow): PublicComment {
  return {
    id: comment.id,
    entry_id: comment.entry_id,
    parent_id: comment.parent_id,
    depth: comment.depth,
    author_name: comment.author_name,
    author_url: comment.author_url,
    content_html: commentHtml(comment.body),
    status: comment.status,
    created_at: comment.created_at,
  };
}

function moderatorView(comment: CommentRow): CommentView {
  return {
    ...publicView(comment),
    author_email: comment.author_email,
    ip: comment.ip,
    user_agent: comment.user_agent,
    body: comment.body,
    updated_at: comment.updated_at,
  };
}

/** How the site's discussion settings cut its threads into pages. */
function pagingOf(rules: { comments_per_page: number; comment_order: CommentOrder }): ThreadPaging {
  return { perPage: rules.comments_per_page, order: rules.comment_order };
}
