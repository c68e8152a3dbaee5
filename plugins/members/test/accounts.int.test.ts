import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testEngine } from '../../../apps/server/test/harness.js';
import { createPlan, type MembersWorld, mailsTo, membersWorld, seedAccount } from './fixtures.js';

/** What the plugin does with the site's accounts (`plugin.accounts`): search, import, mails. */

let world: MembersWorld;
let friends: { id: number; slug: string };
let patrons: { id: number; slug: string };

beforeAll(async () => {
  world = await membersWorld('member-accounts');
  friends = await createPlan(world.a, { name: 'Friends', slug: 'friends' });
  patrons = await createPlan(world.a, {
    name: 'Patrons',
    slug: 'patrons',
    price: 500,
    currency: 'EUR',
    interval: 'month',
  });
  await createPlan(world.a, { name: 'Old', slug: 'old', archived: true });
  await createPlan(world.b, { name: 'Friends', slug: 'friends' });
});
afterAll(() => world?.t.close());

const importing = (csv: string, dryRun = false) =>
  world.a.call('admin', 'POST', '/api/members/members/import', { csv, dry_run: dryRun });

async function membersCount(): Promise<number> {
  return (await world.a.call('admin', 'GET', '/api/members/members')).json().data.total;
}

describe(`members and the site's accounts (${testEngine})`, () => {
  it('imports memberships from a CSV: a dry run reports each refused line, and any refusal writes nothing', async () => {
    await seedAccount(world, world.a, 'ada@example.test', 'Ada Lovelace');
    await seedAccount(world, world.a, 'grace@example.test', 'Grace Hopper');
    await seedAccount(world, world.b, 'only-b@example.test', 'Only B');
    const before = await membersCount();
    const csv = [
      'Email,Plan,Comped,Note',
      'ADA@example.test ,friends,,"a note, quoted"',
      'grace@example.test,patrons,yes,',
      'ada@example.test,friends,,',
      'only-b@example.test,friends,,',
      'nobody@example.test,friends,,',
      'grace2@example.test,gold,,',
      '',
    ].join('\r\n');
    const dry = await importing(csv, true);
    expect(dry.statusCode, dry.body).toBe(200);
    const report = dry.json().data;
    expect(report).toMatchObject({ dry_run: true, written: false, rows: 6, created: 2, restarted: 0 });
    expect(report.problems).toEqual([
      { line: 4, email: 'ada@example.test', message: 'This address is on an earlier line.' },
      // Another site's account is not this site's.
      { line: 5, email: 'only-b@example.test', message: 'No account of the site has this address.' },
      { line: 6, email: 'nobody@example.test', message: 'No account of the site has this address.' },
      { line: 7, email: 'grace2@example.test', message: 'No account of the site has this address.' },
    ]);

    const refused = await importing(csv);
    expect(refused.json().data).toMatchObject({ dry_run: false, written: false, created: 2 });
    expect(await membersCount()).toBe(before);

    // Said in the caller's language: their profile's.
    expect((await world.a.call('admin', 'PUT', '/api/me', { locale: 'fr' })).statusCode).toBe(200);
    const french = await importing('email,plan\ngrace@example.test,old\n', true);
    expect((await world.a.call('admin', 'PUT', '/api/me', { locale: 'en' })).statusCode).toBe(200);
    expect(french.json().data.problems).toEqual([
      { line: 2, email: 'grace@example.test', message: 'Cette formule est archivée.' },
    ]);
    const free = await importing('email,plan,comped\ngrace@example.test,friends,yes\n', true);
    expect(free.json().data.problems[0].message).toBe('Only a paid plan can be given for free.');
    const columns = await importing('address,plan\nada@example.test,friends\n');
    expect(columns.statusCode).toBe(422);
    expect(columns.json().code).toBe('members_import_columns');

    const clean = await importing(csv.split('\r\n').slice(0, 3).join('\n'));
    expect(clean.json().data).toMatchObject({ written: true, created: 2, problems: [] });
    expect(await membersCount()).toBe(before + 2);
    const grace = (await world.a.call('admin', 'GET', '/api/members/members?search=grace')).json().data
      .items[0];
    expect(grace).toMatchObject({ plan_id: patrons.id, comped: true, status: 'active' });
    const history = (await world.a.call('admin', 'GET', `/api/members/members/${grace.id}`)).json().data
      .history;
    expect(history.map((item: { event: string }) => item.event)).toEqual(['joined', 'comped']);
    // No welcome mail for people an administrator imports.
    expect(await mailsTo(world, 'grace@example.test')).toEqual([]);

    // Importing them again is refused line by line; a cancelled membership starts again.
    expect((await importing(csv.split('\r\n').slice(0, 2).join('\n'), true)).json().data.problems).toEqual([
      { line: 2, email: 'ADA@example.test', message: 'This account is a member already.' },
    ]);
    await world.a.call('admin', 'POST', `/api/members/members/${grace.id}/cancel`);
    const again = await importing('email,plan\ngrace@example.test,friends\n');
    expect(again.json().data).toMatchObject({ written: true, created: 0, restarted: 1 });
    const back = (await world.a.call('admin', 'GET', `/api/members/members/${grace.id}`)).json().data;
    expect(back).toMatchObject({ status: 'active', plan_id: friends.id, comped: false });
  });

  it('searches members by name or address on its own site, showing the account without its secrets', async () => {
    await seedAccount(world, world.a, 'linus@example.test', 'Linus 100% Sure');
    await importing('email,plan\nlinus@example.test,friends\n');
    const search = async (query: string, site = world.a) =>
      (await site.call('admin', 'GET', `/api/members/members?search=${encodeURIComponent(query)}`)).json()
        .data;
    const byName = await search('lovelace');
    expect(byName.total).toBe(1);
    expect(byName.items[0].account).toEqual({
      email: 'ada@example.test',
      name: 'Ada Lovelace',
      status: 'active',
    });
    expect(JSON.stringify(byName)).not.toContain('password');
    expect((await search('HOPPER')).items[0].account.email).toBe('grace@example.test');
    expect((await search('@example.test')).total).toBe(3);
    // A LIKE wildcard typed is matched as itself.
    expect((await search('100%')).items.map((m: { account: { name: string } }) => m.account.name)).toEqual([
      'Linus 100% Sure',
    ]);
    expect((await search('nobody')).total).toBe(0);
    expect((await search('ada', world.b)).total).toBe(0);
    // Filters combine with the search.
    const adaOnFriends = await world.a.call(
      'admin',
      'GET',
      `/api/members/members?search=ada&plan_id=${patrons.id}`,
    );
    expect(adaOnFriends.json().data.total).toBe(0);
    // Searching needs members.view like the list.
    expect((await world.a.call('editor', 'GET', '/api/members/members?search=ada')).statusCode).toBe(403);
    expect(
      (await world.a.call('editor', 'POST', '/api/members/members/import', { csv: 'email,plan\n' }))
        .statusCode,
    ).toBe(403);
  });

  it('mails the member whose plan an administrator changed, in their language, when it commits', async () => {
    const accountId = await seedAccount(world, world.a, 'marie@example.test', 'Marie');
    await world.t.runtime.data
      .site(world.a.siteId)
      .updateTable('site_accounts')
      .set({ locale: 'fr' })
      .where('id', '=', accountId)
      .execute();
    await importing('email,plan\nmarie@example.test,friends\n');
    const member = (await world.a.call('admin', 'GET', `/api/members/members?account_id=${accountId}`)).json()
      .data.items[0];
    const changed = await world.a.call('admin', 'PUT', `/api/members/members/${member.id}/plan`, {
      plan_id: patrons.id,
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(await mailsTo(world, 'marie@example.test')).toEqual([
      expect.stringMatching(/^Votre formule sur .* a changé$/),
    ]);
    // The same plan again changes nothing and mails nothing; a refused change mails nothing either.
    await world.a.call('admin', 'PUT', `/api/members/members/${member.id}/plan`, { plan_id: patrons.id });
    const refused = await world.a.call('admin', 'PUT', `/api/members/members/${member.id}/plan`, {
      plan_id: 99999,
    });
    expect(refused.statusCode).toBe(422);
    expect(await mailsTo(world, 'marie@example.test')).toHaveLength(1);
  });
});
