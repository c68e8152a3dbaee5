import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, seedSite, type TestContext } from '../../../test/harness.js';
import { systemActor } from '../../modules/identity/actor.js';
import { readJson } from '../db/engine.js';
import { ValidationFailed } from '../errors.js';
import type { Site } from '../sites/site.js';
import { type OperationContext, operationContext } from './operation-context.js';

declare module '../hooks/hook-manager.js' {
  interface ActionHooks {
    'test.role_before_save': [slug: string];
    'test.role_saved': [slug: string];
  }
}

let t: TestContext;
let site: Site;

const role = (slug: string) => ({
  slug,
  name: slug,
  description: '',
  is_default: 0,
  requires_two_factor: 0,
  created_at: new Date().toISOString(),
  updated_at: new Date().toISOString(),
});

/** A miniature operation in the shape services follow: transaction-phase hook, write, after-commit hook. */
async function createRole(ctx: OperationContext, slug: string): Promise<void> {
  await ctx.transaction(async (tx) => {
    await tx.hooks.doAction('test.role_before_save', slug);
    await tx.db.insertInto('roles', role(slug)).execute();
    await tx.jobs.enqueue('test.after_role', { slug });
    await tx.hooks.doAction('test.role_saved', slug);
  });
}

const ctxOf = () => operationContext(t.runtime, systemActor(t.runtime, site));
const rolesNamed = (slug: string) =>
  t.runtime.data.site(site.id).selectFrom('roles').select('slug').where('slug', '=', slug).execute();
const jobsFor = async (slug: string) =>
  (await t.runtime.data.global.selectFrom('jobs').select(['payload', 'site_id']).execute()).filter((job) =>
    JSON.stringify(readJson(job.payload, null)).includes(slug),
  );

beforeAll(async () => {
  t = await createTestApp(
    {},
    {
      routes: (app) => {
        app.post(
          '/api/test/roles/:slug',
          { config: { permission: 'public', site: 'required' } },
          async (request, reply) => {
            const found = await t.runtime.siteStore.findById(site.id);
            if (!found) throw new Error('no site');
            await createRole(
              operationContext(t.runtime, systemActor(t.runtime, found)),
              (request.params as { slug: string }).slug,
            );
            return reply.code(201).send({ data: null });
          },
        );
      },
    },
  );
  t.runtime.hooks.declare('test.role_before_save', 'transaction');
  const id = await seedSite(t.runtime, 'ops.test');
  const found = await t.runtime.siteStore.findById(id);
  if (!found) throw new Error('seeded site missing');
  site = found;
});
afterAll(() => t.close());

describe('an operation context', () => {
  it('commits the write and its job together, then runs after-commit hooks', async () => {
    const seen: string[] = [];
    const off = t.runtime.hooks.addAction(
      'test.role_saved',
      async (ctx, slug) => {
        // After the commit: another connection sees the row.
        seen.push(`${slug}:${(await rolesNamed(slug)).length}:${ctx.site?.id}`);
      },
      { owner: 'test' },
    );
    try {
      await createRole(ctxOf(), 'committed_role');
      expect(seen).toEqual([`committed_role:1:${site.id}`]);
      expect(await jobsFor('committed_role')).toEqual([{ payload: expect.anything(), site_id: site.id }]);
    } finally {
      off();
    }
  });

  it('rolls the write and the job back when a transaction-phase hook refuses, and skips after-commit hooks', async () => {
    const saved: string[] = [];
    const offSaved = t.runtime.hooks.addAction('test.role_saved', (_ctx, slug) => void saved.push(slug), {
      owner: 'test',
    });
    const offRefuse = t.runtime.hooks.addAction(
      'test.role_before_save',
      (_ctx, slug) => {
        if (slug.startsWith('bad')) throw ValidationFailed.field('slug', 'Not allowed here.');
      },
      { owner: 'plugin:rules' },
    );
    try {
      await expect(createRole(ctxOf(), 'bad_role')).rejects.toMatchObject({ code: 'validation_failed' });
      expect(await rolesNamed('bad_role')).toEqual([]);
      expect(await jobsFor('bad_role')).toEqual([]);
      expect(saved).toEqual([]);
    } finally {
      offSaved();
      offRefuse();
    }
  });

  it('answers a plain Error thrown by a transaction-phase hook with 409 in the envelope, and writes nothing', async () => {
    const off = t.runtime.hooks.addAction(
      'test.role_before_save',
      async (_ctx, slug) => {
        // A query of the hook runs in the operation's transaction, before refusing.
        await ctxOf()
          .db.insertInto('roles', role(`${slug}_by_hook`))
          .execute();
        throw new Error('internal detail that must not leak');
      },
      { owner: 'plugin:buggy' },
    );
    try {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/test/roles/http_role',
        headers: { host: 'ops.test' },
      });
      expect(res.statusCode).toBe(409);
      expect(res.json()).toMatchObject({
        code: 'refused',
        message: 'The operation was refused by plugin:buggy.',
      });
      expect(res.body).not.toContain('internal detail');
      expect(await rolesNamed('http_role')).toEqual([]);
      expect(await rolesNamed('http_role_by_hook')).toEqual([]);
    } finally {
      off();
    }
  });

  it('scopes a registration to the sites where it is active', async () => {
    const seen: string[] = [];
    const off = t.runtime.hooks.addAction('test.role_saved', (_ctx, slug) => void seen.push(slug), {
      owner: 'plugin:elsewhere',
      activeOn: (siteId) => siteId !== site.id,
    });
    try {
      await createRole(ctxOf(), 'scoped_role');
      expect(seen).toEqual([]);
    } finally {
      off();
    }
  });
});
