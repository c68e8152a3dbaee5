import { systemActorOn } from '../../../core/access/actor.js';
import { Conflict, Forbidden, ValidationFailed } from '../../../core/errors.js';
import { type OperationContext, operationContext } from '../../../core/operation/operation-context.js';
import type { Runtime } from '../../../core/runtime.js';
import type { EntryView } from '../entries/entry.js';
import type { Entry } from '../entries/repo.js';
import type { EntriesService, TypeScope } from '../entries/service.js';
import { stateOf, unpublishedChanges } from '../entries/state.js';
import { emitEntryEvent } from '../events.js';
import { recordContent } from '../record.js';
import { RevisionsRepo } from '../revisions/repo.js';
import { mayTake, TRANSITIONS, type TransitionName, transitionsFrom } from './rules.js';

export const PUBLISH_JOB = 'content.publish_scheduled';

declare module '../../../core/jobs/job.js' {
  interface JobPayloads {
    [PUBLISH_JOB]: { entryId: number; publishAt: string };
  }
}

export interface TransitionInput {
  /** For request_changes: what the author should change. */
  comment?: string;
  /** For schedule: when to publish, in the future. */
  publish_at?: string;
}

/**
 * Moves entries through the workflow of spec 3.1. Every transition is checked against the entry's
 * state (409 naming the allowed ones) and the actor's permissions (403), and recorded in the
 * activity log. Publishing copies the working copy to `live`, which the public site serves.
 */
export class WorkflowService {
  constructor(
    private readonly runtime: Runtime,
    private readonly entries: EntriesService,
  ) {}

  /** The job that publishes scheduled entries: at-least-once, so it checks the schedule still holds. */
  defineJobs(): void {
    this.runtime.jobs.registry.define(
      PUBLISH_JOB,
      async ({ entryId, publishAt }, { siteId }) => {
        if (siteId === null) return;
        const site = await this.runtime.siteStore.findById(siteId);
        if (!site) return;
        const ctx = operationContext(this.runtime, systemActorOn(site, this.runtime.permissions));
        await ctx.transaction(async () => {
          const scope = await this.scopeOfEntry(ctx, entryId);
          if (!scope) return;
          const entry = await scope.repo.byId(entryId);
          // Rescheduled, unscheduled, published by hand or trashed since: this run has nothing to do.
          if (entry?.status !== 'scheduled' || entry.publish_at !== publishAt || entry.deleted_at) return;
          await this.publish(ctx, scope, entry);
        });
      },
      { maxAttempts: 10 },
    );
  }

  async take(
    ctx: OperationContext,
    typeSlug: string,
    id: number,
    name: TransitionName,
    input: TransitionInput,
  ): Promise<EntryView> {
    const scope = await this.entries.scope(ctx, typeSlug);
    await ctx.transaction(async () => {
      const entry = await this.entries.find(scope, id);
      const terms = (await scope.repo.termsOf([entry.id], scope.type.taxonomies)).get(entry.id) ?? {};
      const hasUnpublishedChanges = unpublishedChanges(entry);
      // Who may not take the transition at all is told so (403) before whether the state allows it (409).
      if (!mayTake(ctx.actor.access, scope.area, name, entry.author_id)) {
        const needs = TRANSITIONS[name].needs;
        const permission = needs === 'review' ? 'content.review' : `${scope.area}.${needs}`;
        throw new Forbidden(
          `${name} requires the ${permission} permission on this entry.`,
          'permission_denied',
        );
      }
      const open = transitionsFrom({ ...entry, hasUnpublishedChanges });
      if (!open.includes(name))
        throw new Conflict(
          `${name} is not possible from ${entry.status}${open.length > 0 ? `; possible now: ${open.join(', ')}` : ''}.`,
          'transition_not_allowed',
          { transition: [`Allowed: ${open.join(', ') || 'none'}.`] },
        );
      const at = new Date().toISOString();
      switch (name) {
        case 'publish':
          await this.publish(ctx, scope, entry);
          return;
        case 'schedule':
          await this.schedule(ctx, scope, entry, input.publish_at, at);
          return;
        case 'unpublish':
          await scope.repo.update(entry.id, {
            status: 'draft',
            live: null,
            live_path: null,
            live_revision_id: null,
            live_version: null,
            updated_at: at,
          });
          await this.record(ctx, scope, entry, 'unpublished');
          await ctx.hooks.doAction(`${scope.type.slug}.unpublished`, this.subject(scope, entry, terms));
          await emitEntryEvent(ctx, scope.type.slug, 'unpublished', await scope.repo.byId(entry.id));
          return;
        case 'request_changes': {
          const comment = input.comment?.trim() ?? '';
          await scope.repo.update(entry.id, {
            status: 'draft',
            review_note: comment || null,
            updated_at: at,
          });
          await this.record(ctx, scope, entry, 'changes_requested', comment ? { comment } : {});
          return;
        }
        default: {
          const to = TRANSITIONS[name].to;
          await scope.repo.update(entry.id, { status: to, publish_at: null, updated_at: at });
          await this.record(
            ctx,
            scope,
            entry,
            name === 'submit' ? 'submitted' : name === 'approve' ? 'approved' : 'unscheduled',
          );
        }
      }
    });
    return this.entries.get(ctx, typeSlug, id);
  }

  private async publish(ctx: OperationContext, scope: TypeScope, entry: Entry): Promise<void> {
    const at = new Date().toISOString();
    const terms = (await scope.repo.termsOf([entry.id], scope.type.taxonomies)).get(entry.id) ?? {};
    const state = stateOf(entry, terms);
    const revisions = new RevisionsRepo(ctx.db);
    const liveRevision =
      (await revisions.latestId(entry.id)) ??
      (await revisions.insert(entry.id, entry.version, ctx.actor.userId, state, 'Published', at));
    if (entry.live_path !== null && entry.live_path !== entry.path)
      await scope.repo.recordRedirect(entry.locale, entry.live_path, entry.id, at);
    await scope.repo.update(entry.id, {
      status: 'published',
      live: JSON.stringify(state),
      live_path: entry.path,
      live_revision_id: liveRevision,
      live_version: entry.version,
      published_at: entry.published_at ?? at,
      publish_at: null,
      review_note: null,
      updated_at: at,
    });
    await this.record(ctx, scope, entry, 'published');
    await ctx.hooks.doAction(`${scope.type.slug}.published`, this.subject(scope, entry, terms));
    await emitEntryEvent(ctx, scope.type.slug, 'published', await scope.repo.byId(entry.id));
  }

  private async schedule(
    ctx: OperationContext,
    scope: TypeScope,
    entry: Entry,
    publishAt: string | undefined,
    at: string,
  ) {
    if (publishAt === undefined)
      throw ValidationFailed.field('publish_at', 'Say when to publish: publish_at is required.');
    const when = Date.parse(publishAt);
    if (!Number.isFinite(when) || when <= Date.now())
      throw ValidationFailed.field('publish_at', 'publish_at must be a time in the future.');
    const iso = new Date(when).toISOString();
    await scope.repo.update(entry.id, { status: 'scheduled', publish_at: iso, updated_at: at });
    // Enqueued in the transaction: the schedule and its job commit together and survive restarts.
    await ctx.jobs.enqueue(
      PUBLISH_JOB,
      { entryId: entry.id, publishAt: iso },
      { runAt: iso, dedupeKey: `entry:${entry.id}:${iso}` },
    );
    await this.record(ctx, scope, entry, 'scheduled', { publish_at: iso });
    await emitEntryEvent(ctx, scope.type.slug, 'scheduled', await scope.repo.byId(entry.id));
  }

  private async scopeOfEntry(ctx: OperationContext, entryId: number): Promise<TypeScope | null> {
    const types = await this.entries.types.ofSite(ctx.site);
    const probe = await (await this.entries.scope(ctx, 'page')).repo.byId(entryId);
    if (!probe) return null;
    const type = [...types.values()].find((candidate) => candidate.id === probe.type_id);
    return type ? this.entries.scope(ctx, type.slug) : null;
  }

  private subject(scope: TypeScope, entry: Entry, terms: Record<string, number[]>) {
    return {
      ...stateOf(entry, terms),
      id: entry.id,
      type: scope.type.slug,
      locale: entry.locale,
      path: entry.path,
    };
  }

  private record(
    ctx: OperationContext,
    scope: TypeScope,
    entry: Entry,
    verb: string,
    details: Record<string, unknown> = {},
  ) {
    return recordContent(
      this.runtime,
      ctx,
      `${scope.type.slug}.${verb}`,
      { type: 'entry', id: entry.id },
      { title: entry.title, ...details },
    );
  }
}
