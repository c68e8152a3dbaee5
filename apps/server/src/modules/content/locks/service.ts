import { Forbidden, Locked } from '../../../core/errors.js';
import type { OperationContext } from '../../../core/operation/operation-context.js';
import type { Runtime } from '../../../core/runtime.js';
import { settingsOf } from '../../settings/service.js';
import { type LockView, lockHolder } from '../entries/locks.js';
import type { EntriesService } from '../entries/service.js';
import { recordContent } from '../record.js';

/**
 * Edit locks (spec 1): the editor that opens an entry takes its lock and renews it by heartbeat; it
 * lapses after the site's idle time. While it is held, saves by anyone else are refused (423). A user
 * with the type's edit_others permission may take the lock over; the previous holder's next save is
 * then refused in turn.
 */
export class LocksService {
  constructor(
    private readonly runtime: Runtime,
    private readonly entries: EntriesService,
  ) {}

  async idleSeconds(ctx: OperationContext): Promise<number> {
    return (await settingsOf(this.runtime, ctx.site, 'editing')).lock_idle_seconds;
  }

  /** Takes, renews or (with `takeover`) takes over the lock. */
  async take(ctx: OperationContext, typeSlug: string, id: number, takeover: boolean): Promise<LockView> {
    const scope = await this.entries.scope(ctx, typeSlug);
    const idle = await this.idleSeconds(ctx);
    return ctx.transaction(async () => {
      const entry = await this.entries.find(scope, id);
      this.entries.requireOn(ctx, `${scope.area}.edit`, entry);
      const holder = lockHolder(entry, idle);
      const userId = ctx.actor.userId ?? 0;
      const at = new Date().toISOString();
      if (holder && holder.user_id !== userId) {
        if (!takeover)
          throw new Locked(
            `User ${holder.user_id} holds the edit lock since ${holder.since} (until ${holder.expires_at}).`,
            'entry_locked',
          );
        if (!ctx.actor.access.allows(`${scope.area}.edit_others`))
          throw new Forbidden(
            `Taking over the lock requires the ${scope.area}.edit_others permission.`,
            'permission_denied',
          );
        await recordContent(
          this.runtime,
          ctx,
          `${scope.type.slug}.lock_taken_over`,
          { type: 'entry', id },
          { from_user_id: holder.user_id },
        );
      }
      const renewing = holder?.user_id === userId;
      await scope.repo.update(entry.id, {
        lock_user_id: userId,
        lock_taken_at: renewing ? holder.since : at,
        lock_seen_at: at,
      });
      const lock = lockHolder(
        { lock_user_id: userId, lock_taken_at: renewing ? holder.since : at, lock_seen_at: at },
        idle,
      );
      if (!lock) throw new Error('a lock just taken has lapsed');
      return lock;
    });
  }

  /** Lets go of the lock: its holder, or someone who could take it over. */
  async release(ctx: OperationContext, typeSlug: string, id: number): Promise<void> {
    const scope = await this.entries.scope(ctx, typeSlug);
    const idle = await this.idleSeconds(ctx);
    await ctx.transaction(async () => {
      const entry = await this.entries.find(scope, id);
      const holder = lockHolder(entry, idle);
      if (!holder) return;
      if (holder.user_id !== ctx.actor.userId && !ctx.actor.access.allows(`${scope.area}.edit_others`))
        throw new Locked(
          `User ${holder.user_id} holds the edit lock; only they can release it.`,
          'entry_locked',
        );
      await scope.repo.update(entry.id, { lock_user_id: null, lock_taken_at: null, lock_seen_at: null });
    });
  }
}
