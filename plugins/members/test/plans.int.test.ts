import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testEngine } from '../../../apps/server/test/harness.js';
import { createPlan, type MembersWorld, membersWorld, seedAccount, signedIn } from './fixtures.js';

let world: MembersWorld;

beforeAll(async () => {
  world = await membersWorld('plans');
});
afterAll(() => world?.t.close());

describe(`members plans (${testEngine})`, () => {
  it('creates free and paid plans, lists them in order with their counts, and changes one', async () => {
    const { a } = world;
    const free = await createPlan(a, {
      name: 'Friends',
      slug: 'friends',
      description: 'Read along',
      benefits: ['The newsletter', 'Comments'],
    });
    const paid = await createPlan(a, {
      name: 'Patrons',
      slug: 'patrons',
      price: 500,
      currency: 'EUR',
      interval: 'month',
      trial_days: 14,
    });
    const list = (await a.call('admin', 'GET', '/api/members/plans')).json().data;
    expect(list.map((plan: { slug: string }) => plan.slug)).toEqual(['friends', 'patrons']);
    expect(list[0]).toMatchObject({
      price: 0,
      currency: null,
      interval: null,
      benefits: ['The newsletter', 'Comments'],
      archived: false,
      members: { active: 0, suspended: 0, cancelled: 0 },
    });
    expect(list[1]).toMatchObject({ price: 500, currency: 'EUR', interval: 'month', trial_days: 14 });

    const changed = await a.call('admin', 'PATCH', `/api/members/plans/${paid.id}`, {
      position: 0,
      benefits: ['Everything'],
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json().data).toMatchObject({ position: 0, benefits: ['Everything'] });
    expect((await a.call('admin', 'GET', `/api/members/plans/${free.id}`)).json().data.name).toBe('Friends');
  });

  it('refuses a paid plan without its currency, a free one with an interval, a taken slug (422 by field)', async () => {
    const { a } = world;
    const noCurrency = await a.call('admin', 'POST', '/api/members/plans', {
      name: 'Gold',
      slug: 'gold',
      price: 900,
      interval: 'year',
    });
    expect(noCurrency.statusCode).toBe(422);
    expect(Object.keys(noCurrency.json().errors)).toEqual(['currency']);
    const freeWithInterval = await a.call('admin', 'POST', '/api/members/plans', {
      name: 'Gold',
      slug: 'gold',
      interval: 'year',
    });
    expect(freeWithInterval.statusCode).toBe(422);
    expect(Object.keys(freeWithInterval.json().errors)).toEqual(['interval']);
    await createPlan(a, { name: 'Silver', slug: 'silver' });
    const taken = await a.call('admin', 'POST', '/api/members/plans', {
      name: 'Silver again',
      slug: 'silver',
    });
    expect(taken.statusCode).toBe(422);
    expect(taken.json().errors.slug).toHaveLength(1);
    // A null currency stays null (not an empty text) when the plan becomes free again.
    const paid = await createPlan(a, {
      name: 'Bronze',
      slug: 'bronze',
      price: 100,
      currency: 'EUR',
      interval: 'month',
    });
    const freed = await a.call('admin', 'PATCH', `/api/members/plans/${paid.id}`, {
      price: 0,
      currency: null,
      interval: null,
    });
    expect(freed.statusCode, freed.body).toBe(200);
    expect(freed.json().data).toMatchObject({ price: 0, currency: null, interval: null });
  });

  it('deletes a plan nobody holds; one with members is 409 and can only be archived, keeping them', async () => {
    const { a } = world;
    const empty = await createPlan(a, { name: 'Empty', slug: 'empty' });
    expect((await a.call('admin', 'DELETE', `/api/members/plans/${empty.id}`)).statusCode).toBe(204);
    expect((await a.call('admin', 'GET', `/api/members/plans/${empty.id}`)).statusCode).toBe(404);

    const held = await createPlan(a, { name: 'Held', slug: 'held' });
    await seedAccount(world, a, 'holder@example.test');
    const visitor = await signedIn(world, a, 'holder@example.test');
    const joined = await visitor.submit('/members/join/held', '/members/join/held', {});
    expect(joined.statusCode, joined.body).toBe(303);

    const refused = await a.call('admin', 'DELETE', `/api/members/plans/${held.id}`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().code).toBe('members_plan_in_use');
    // Said in the caller's language: their profile's.
    expect((await a.call('admin', 'PUT', '/api/me', { locale: 'fr' })).statusCode).toBe(200);
    const french = await a.call('admin', 'DELETE', `/api/members/plans/${held.id}`);
    expect((await a.call('admin', 'PUT', '/api/me', { locale: 'en' })).statusCode).toBe(200);
    expect(french.statusCode).toBe(409);
    expect(french.json()).toMatchObject({
      code: 'members_plan_in_use',
      message: 'Cette formule a des membres : archivez-la plutôt, ce qui les garde.',
    });
    // The plans page is one for everyone, kept by the page cache until a plan changes.
    const anonymous = () => world.t.app.inject({ method: 'GET', url: '/members', headers: { host: a.host } });
    expect((await anonymous()).body).toContain('/members/join/held');
    expect((await anonymous()).body).toContain('/members/join/held');
    const archived = await a.call('admin', 'PATCH', `/api/members/plans/${held.id}`, { archived: true });
    expect(archived.json().data).toMatchObject({ archived: true, members: { active: 1 } });
    // Archived, it is no longer offered, and its member keeps it.
    expect((await visitor.get('/members')).body).not.toContain('/members/join/held');
    expect((await anonymous()).body).not.toContain('/members/join/held');
    expect((await visitor.get('/members/account')).body).toContain('Held');
  });

  it('checks the permission on every route (403) and keeps each site to its own plans', async () => {
    const { a, b } = world;
    const plan = await createPlan(a, { name: 'Scoped', slug: 'scoped' });
    const calls: Array<[string, string, unknown?]> = [
      ['GET', '/api/members/plans'],
      ['GET', `/api/members/plans/${plan.id}`],
      ['POST', '/api/members/plans', { name: 'X', slug: 'x' }],
      ['PATCH', `/api/members/plans/${plan.id}`, { name: 'Y' }],
      ['DELETE', `/api/members/plans/${plan.id}`],
    ];
    for (const [method, url, body] of calls) {
      expect((await a.call('editor', method as 'GET', url, body)).statusCode, `${method} ${url}`).toBe(403);
      expect((await a.call('anonymous', method as 'GET', url, body)).statusCode, `${method} ${url}`).toBe(
        401,
      );
    }
    expect((await b.call('admin', 'GET', `/api/members/plans/${plan.id}`)).statusCode).toBe(404);
    expect((await b.call('admin', 'PATCH', `/api/members/plans/${plan.id}`, { name: 'Y' })).statusCode).toBe(
      404,
    );
    expect((await b.call('admin', 'DELETE', `/api/members/plans/${plan.id}`)).statusCode).toBe(404);
    expect((await b.call('admin', 'GET', '/api/members/plans')).json().data).toEqual([]);
  });
});
