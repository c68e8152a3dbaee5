import { recordActivity } from '../../core/activity/record.js';
import { Forbidden, NotFound } from '../../core/errors.js';
import { type OperationContext, operationContext } from '../../core/operation/operation-context.js';
import type { Runtime } from '../../core/runtime.js';
import type { Site } from '../../core/sites/site.js';
import { contentOf } from '../content/content.js';
import { permissionArea } from '../content/types/content-type.js';
import { userActorOn } from '../identity/actor.js';
import { openPreviewToken, previewToken } from './preview.js';
import { type PreviewLinkRow, PreviewLinksRepo } from './repo-preview-links.js';

export interface PreviewLinkView {
  id: number;
  entry_id: number;
  url: string;
  created_by: number | null;
  expires_at: string;
  created_at: string;
}

/**
 * Links that show an entry's working copy to whoever holds them (a shared draft). Each is a row, so
 * it can be listed with its entry and revoked, and it opens only while its creator may still view
 * the entry: a link does not outlive the access of whoever made it.
 */
export class PreviewLinks {
  constructor(private readonly runtime: Runtime) {}

  /** A link to an entry the caller may view, working for `hours`. */
  async create(ctx: OperationContext, type: string, id: number, hours: number): Promise<PreviewLinkView> {
    const entry = await contentOf(this.runtime).entries.get(ctx, type, id);
    const at = new Date();
    const expiresAt = new Date(at.getTime() + hours * 3_600_000).toISOString();
    return ctx.transaction(async () => {
      const repo = new PreviewLinksRepo(ctx.db);
      const linkId = await repo.insert({
        entry_id: entry.id,
        created_by: ctx.actor.userId,
        expires_at: expiresAt,
        created_at: at.toISOString(),
      });
      await this.record(ctx, 'preview_link.created', linkId, entry.id);
      const row = await repo.byId(linkId);
      if (!row) throw new Error('a preview link went missing');
      return this.view(ctx.site, row);
    });
  }

  /** The entry's links that still open, for whoever may view the entry. */
  async list(ctx: OperationContext, type: string, id: number): Promise<PreviewLinkView[]> {
    const entry = await contentOf(this.runtime).entries.get(ctx, type, id);
    const rows = await new PreviewLinksRepo(ctx.db).liveOf(entry.id, new Date().toISOString());
    return rows.map((row) => this.view(ctx.site, row));
  }

  /** Ends a link at once: its creator may, and so may whoever may edit other users' entries of its type. */
  async revoke(ctx: OperationContext, linkId: number): Promise<void> {
    const repo = new PreviewLinksRepo(ctx.db);
    const link = await repo.byId(linkId);
    const found = link && (await contentOf(this.runtime).published.workingCopy(ctx.site, link.entry_id));
    if (!link || !found) throw new NotFound(`Preview link ${linkId}`, 'preview_link_not_found');
    await contentOf(this.runtime).entries.get(ctx, found.type.slug, link.entry_id);
    const others = `${permissionArea(found.type)}.edit_others`;
    if (link.created_by !== ctx.actor.userId && !ctx.actor.access.allows(others))
      throw new Forbidden(
        `Revoking another user's preview link requires the ${others} permission.`,
        'permission_denied',
      );
    await ctx.transaction(async () => {
      await repo.revoke(linkId, new Date().toISOString());
      await this.record(ctx, 'preview_link.revoked', linkId, link.entry_id);
    });
  }

  /**
   * The entry a preview token opens on `site`, or null: a token that is not one, expired, revoked,
   * whose entry is gone, or whose creator may no longer view the entry (removed, suspended, demoted).
   */
  async open(site: Site, token: string): Promise<number | null> {
    const linkId = openPreviewToken(this.runtime.secrets, token, site.id);
    if (linkId === null) return null;
    const link = await new PreviewLinksRepo(this.runtime.data.site(site.id)).byId(linkId);
    if (!link || link.revoked_at !== null || link.expires_at <= new Date().toISOString()) return null;
    if (link.created_by === null) return null;
    const creator = await userActorOn(this.runtime, link.created_by, site);
    const found = creator && (await contentOf(this.runtime).published.workingCopy(site, link.entry_id));
    if (!creator || !found) return null;
    try {
      await contentOf(this.runtime).entries.get(
        operationContext(this.runtime, creator),
        found.type.slug,
        link.entry_id,
      );
    } catch (error) {
      // Refused or gone for the creator: the link is dead with their access.
      if (error instanceof Forbidden || error instanceof NotFound) return null;
      throw error;
    }
    return link.entry_id;
  }

  private view(site: Site, row: PreviewLinkRow): PreviewLinkView {
    return {
      id: row.id,
      entry_id: row.entry_id,
      url: `/_preview/${previewToken(this.runtime.secrets, site.id, row.id, new Date(row.expires_at))}`,
      created_by: row.created_by,
      expires_at: row.expires_at,
      created_at: row.created_at,
    };
  }

  private record(ctx: OperationContext, action: string, linkId: number, entryId: number) {
    return recordActivity(this.runtime.data, ctx.site.id, {
      userId: ctx.actor.userId,
      action,
      subjectType: 'preview_link',
      subjectId: linkId,
      ip: ctx.actor.ip,
      details: { entry_id: entryId },
    });
  }
}
