import { describe, expect, it, vi } from 'vitest';
import { Forbidden } from '../errors.js';
import type { Site } from '../sites/site.js';
import { type HookContext, HookManager } from './hook-manager.js';

interface Page {
  id: number;
  title: string;
}

declare module './hook-manager.js' {
  interface ActionHooks {
    'test.page_saved': [page: Page];
    'test.before_write': [page: Page];
  }
  interface FilterHooks {
    'test.headline': [value: string, page: Page];
  }
}

function manager() {
  const log = { error: vi.fn() };
  return { hooks: new HookManager(log), log };
}

const page: Page = { id: 1, title: 'Hello' };
const siteOf = (id: number) => ({ id }) as Site;
const ctx: HookContext = { site: siteOf(1), actor: null };

describe('HookManager', () => {
  it('runs actions by priority, then registration order, awaiting async callbacks', async () => {
    const { hooks } = manager();
    const calls: string[] = [];
    hooks.addAction(
      'test.page_saved',
      async () => {
        await new Promise((r) => setTimeout(r, 5));
        calls.push('b10');
      },
      { owner: 'b' },
    );
    hooks.addAction('test.page_saved', () => void calls.push('a5'), { owner: 'a', priority: 5 });
    hooks.addAction('test.page_saved', () => void calls.push('c10'), { owner: 'c' });
    await hooks.doAction('test.page_saved', ctx, page);
    expect(calls).toEqual(['a5', 'b10', 'c10']);
  });

  it('passes a filtered value through each callback with the context', async () => {
    const { hooks } = manager();
    hooks.addFilter('test.headline', (value) => `${value}!`, { owner: 'p1' });
    hooks.addFilter('test.headline', async (value, _ctx, p) => `${value} #${p.id}`, {
      owner: 'p2',
      priority: 20,
    });
    hooks.addFilter('test.headline', (value) => value.toUpperCase(), { owner: 'p0', priority: 1 });
    expect(await hooks.applyFilters('test.headline', page.title, ctx, page)).toBe('HELLO! #1');
  });

  it('returns the value unchanged when nothing is registered', async () => {
    const { hooks } = manager();
    expect(await hooks.applyFilters('test.headline', 'same', ctx, page)).toBe('same');
  });

  it('logs a throwing callback with its owner and carries on', async () => {
    const { hooks, log } = manager();
    const after = vi.fn();
    hooks.addAction(
      'test.page_saved',
      () => {
        throw new Error('boom');
      },
      { owner: 'plugin:broken' },
    );
    hooks.addAction('test.page_saved', after, { owner: 'core' });
    hooks.addFilter(
      'test.headline',
      () => {
        throw new Error('bad filter');
      },
      { owner: 'plugin:bad' },
    );
    await hooks.doAction('test.page_saved', ctx, page);
    expect(await hooks.applyFilters('test.headline', 'kept', ctx, page)).toBe('kept');
    expect(after).toHaveBeenCalledWith(ctx, page);
    expect(log.error).toHaveBeenCalledTimes(2);
    expect(log.error.mock.calls[0]?.[0]).toMatchObject({ hook: 'test.page_saved', owner: 'plugin:broken' });
  });

  it('skips a filter that returns another kind of value than it got, and one that throws in a transaction', async () => {
    const { hooks, log } = manager();
    hooks.declare('test.headline', 'transaction');
    // Written as (ctx, value): it hands back the context object where a string was given.
    hooks.addFilter('test.headline', ((_ctx: unknown, value: unknown) => value) as never, {
      owner: 'plugin:docs',
    });
    hooks.addFilter('test.headline', () => undefined as never, { owner: 'plugin:nothing' });
    hooks.addFilter(
      'test.headline',
      (value) => {
        if (value) throw new TypeError('value.toUpperCase is not a function');
        return value;
      },
      { owner: 'plugin:typo' },
    );
    hooks.addFilter('test.headline', (value) => `${value}!`, { owner: 'plugin:good' });
    expect(await hooks.applyFilters('test.headline', 'Kept', ctx, page)).toBe('Kept!');
    expect(log.error.mock.calls.map((call) => (call[0] as { owner: string }).owner)).toEqual([
      'plugin:docs',
      'plugin:nothing',
      'plugin:typo',
    ]);
    // A refusal on purpose still refuses.
    hooks.addFilter(
      'test.headline',
      () => {
        throw new Forbidden('Not this title.');
      },
      { owner: 'plugin:guard', priority: 1 },
    );
    await expect(hooks.applyFilters('test.headline', 'Kept', ctx, page)).rejects.toBeInstanceOf(Forbidden);
  });

  it('lets a transaction-phase callback refuse the operation with its typed error', async () => {
    const { hooks, log } = manager();
    hooks.declare('test.before_write', 'transaction');
    hooks.addAction(
      'test.before_write',
      (_ctx, p) => {
        if (p.title === 'Hello') throw new Forbidden('Titles may not say hello.', 'vetoed');
      },
      { owner: 'plugin:censor' },
    );
    await expect(hooks.doAction('test.before_write', ctx, page)).rejects.toMatchObject({ code: 'vetoed' });
    await expect(hooks.doAction('test.before_write', ctx, { id: 2, title: 'Bye' })).resolves.toBeUndefined();
    expect(log.error).not.toHaveBeenCalled();
  });

  it('turns a plain Error thrown in a transaction-phase hook into a 409 that names only the owner', async () => {
    const { hooks, log } = manager();
    hooks.declare('test.before_write', 'transaction');
    hooks.addAction(
      'test.before_write',
      () => {
        throw new Error('SELECT secret FROM internals failed');
      },
      { owner: 'plugin:sloppy' },
    );
    const refusal = await hooks.doAction('test.before_write', ctx, page).catch((error: unknown) => error);
    expect(refusal).toMatchObject({ kind: 'conflict', code: 'refused', status: 409 });
    expect((refusal as Error).message).toBe('The operation was refused by plugin:sloppy.');
    expect(log.error).toHaveBeenCalledTimes(1);
  });

  it('runs a site-scoped callback only on the sites where it is active', async () => {
    const { hooks } = manager();
    const seen: Array<number | null> = [];
    hooks.addAction('test.page_saved', (c) => void seen.push(c.site?.id ?? null), {
      owner: 'plugin:one-site',
      activeOn: (siteId) => siteId === 2,
    });
    await hooks.doAction('test.page_saved', ctx, page);
    await hooks.doAction('test.page_saved', { site: siteOf(2), actor: null }, page);
    await hooks.doAction('test.page_saved', { site: null, actor: null }, page);
    expect(seen).toEqual([2]);
  });

  it('unregisters a callback', async () => {
    const { hooks } = manager();
    const callback = vi.fn();
    const remove = hooks.addAction('test.page_saved', callback, { owner: 'x' });
    remove();
    await hooks.doAction('test.page_saved', ctx, page);
    expect(callback).not.toHaveBeenCalled();
    expect(hooks.hasCallbacks('test.page_saved')).toBe(false);
  });
});
