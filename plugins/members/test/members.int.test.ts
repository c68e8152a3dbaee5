import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testEngine } from '../../../apps/server/test/harness.js';
import { createPlan, type MembersWorld, mailsTo, membersWorld, seedAccount, signedIn } from './fixtures.js';

let world: MembersWorld;
let friends: { id: number; slug: string };
let patrons: { id: number; slug: string };

const FIELDS = [
  {
    key: 'nickname',
    label: 'Nickname',
    type: 'text',
    required: true,
    max_length: 20,
    shown_at: 'registration',
  },
  {
    key: 'city',
    label: 'City',
    type: 'select',
    choices: [
      { value: 'paris', label: 'Paris' },
      { value: 'lyon', label: 'Lyon' },
    ],
    shown_at: 'registration',
  },
  { key: 'bio', label: 'About you', type: 'textarea', max_length: 200, shown_at: 'profile' },
  { key: 'avatar', label: 'Avatar', type: 'image', shown_at: 'profile' },
];

beforeAll(async () => {
  world = await membersWorld('members');
  friends = await createPlan(world.a, { name: 'Friends', slug: 'friends', benefits: ['The newsletter'] });
  patrons = await createPlan(world.a, {
    name: 'Patrons',
    slug: 'patrons',
    price: 500,
    currency: 'EUR',
    interval: 'month',
  });
  const fields = await world.a.call('admin', 'PUT', '/api/members/profile-fields', { fields: FIELDS });
  expect(fields.statusCode, fields.body).toBe(200);
});
afterAll(() => world?.t.close());

/** A signed-in account that joined Friends through the site's pages. */
async function joined(email: string, nickname = 'Ada') {
  const accountId = await seedAccount(world, world.a, email);
  const visitor = await signedIn(world, world.a, email);
  const res = await visitor.submit('/members/join/friends', '/members/join/friends', {
    profile_nickname: nickname,
    profile_city: 'lyon',
  });
  expect(res.statusCode, res.body).toBe(303);
  expect(res.headers.location).toBe('/members/account?done=joined');
  const list = (await world.a.call('admin', 'GET', `/api/members/members?account_id=${accountId}`)).json()
    .data;
  return { accountId, visitor, memberId: list.items[0].id as number };
}

describe(`members on the site (${testEngine})`, () => {
  it('lists the active plans with their benefits and Join links, the same for everyone', async () => {
    const page = await world.t.app.inject({
      method: 'GET',
      url: '/members',
      headers: { host: world.a.host },
    });
    expect(page.statusCode).toBe(200);
    expect(page.headers['set-cookie']).toBeUndefined();
    expect(page.body).toContain('The newsletter');
    expect(page.body).toContain('href="/members/join/friends"');
    // A paid plan is shown, not joinable until payments come (part 2).
    expect(page.body).toContain('Patrons');
    expect(page.body).not.toContain('href="/members/join/patrons"');
  });

  it('sends a visitor not signed in to sign in or register', async () => {
    const page = await world.t.app.inject({
      method: 'GET',
      url: '/members/join/friends',
      headers: { host: world.a.host },
    });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('/account/sign-in?next=%2Fmembers%2Fjoin%2Ffriends');
    expect(page.body).toContain('/account/register?next=');
  });

  it('joins a free plan with the registration fields, errors beside their fields (422)', async () => {
    await seedAccount(world, world.a, 'grace@example.test', 'Grace');
    const visitor = await signedIn(world, world.a, 'grace@example.test');
    const form = await visitor.get('/members/join/friends');
    expect(form.statusCode).toBe(200);
    expect(form.headers['cache-control']).toBe('private, no-store');
    expect(form.body).toContain('name="profile_nickname"');
    expect(form.body).not.toContain('name="profile_bio"');

    const refused = await visitor.submit('/members/join/friends', '/members/join/friends', {
      profile_nickname: '',
      profile_city: 'rome',
    });
    expect(refused.statusCode).toBe(422);
    expect(refused.body).toContain('id="profile-nickname-error"');
    expect(refused.body).toContain('id="profile-city-error"');
    expect(refused.body).toMatch(/id="profile-nickname"[^>]*aria-invalid="true"/);

    const res = await visitor.submit('/members/join/friends', '/members/join/friends', {
      profile_nickname: 'Grace',
      profile_city: 'paris',
    });
    expect(res.statusCode, res.body).toBe(303);
    expect(await mailsTo(world, 'grace@example.test')).toEqual([expect.stringMatching(/^Welcome to /)]);
    const mine = await visitor.get('/members/account?done=joined');
    expect(mine.statusCode).toBe(200);
    expect(mine.body).toContain('Welcome! You are now a member.');
    expect(mine.body).toContain('Friends');
    expect(mine.body).toContain('value="Grace"');
    expect(mine.body).toContain('name="profile_bio"');
    // A member asking to join again is sent to their page; a paid plan cannot be joined yet.
    expect((await visitor.get('/members/join/friends')).headers.location).toBe('/members/account');
  });

  it('lets the member edit their profile (422 by field) and leave the plan', async () => {
    const { visitor, memberId } = await joined('lin@example.test', 'Lin');
    const tooLong = await visitor.submit('/members/account', '/members/account', {
      profile_nickname: 'Lin',
      profile_bio: 'x'.repeat(201),
    });
    expect(tooLong.statusCode).toBe(422);
    expect(tooLong.body).toContain('id="profile-bio-error"');
    const saved = await visitor.submit('/members/account', '/members/account', {
      profile_nickname: 'Lin',
      profile_city: 'paris',
      profile_bio: 'Reads on trains',
    });
    expect(saved.statusCode, saved.body).toBe(303);
    const detail = (await world.a.call('admin', 'GET', `/api/members/members/${memberId}`)).json().data;
    expect(detail.profile).toMatchObject({ nickname: 'Lin', city: 'paris', bio: 'Reads on trains' });

    const left = await visitor.submit('/members/account', '/members/account/leave', {});
    expect(left.statusCode).toBe(303);
    const after = (await world.a.call('admin', 'GET', `/api/members/members/${memberId}`)).json().data;
    expect(after.status).toBe('cancelled');
    expect(after.history.map((item: { event: string }) => item.event)).toEqual(['joined', 'cancelled']);
    expect(after.history[1]).toMatchObject({ by_member: true, by_user_id: null });
  });

  it('answers 403 on joining while joining is closed', async () => {
    await seedAccount(world, world.b, 'closed@example.test');
    await createPlan(world.b, { name: 'Open', slug: 'open' });
    const off = await world.b.call('admin', 'PUT', '/api/settings/members', { joining_open: false });
    expect(off.statusCode, off.body).toBe(200);
    const visitor = await signedIn(world, world.b, 'closed@example.test');
    const page = await visitor.get('/members/join/open');
    expect(page.statusCode).toBe(403);
    expect(page.body).toContain('Joining is closed');
    // Open again with the welcome mail off: joining queues no mail.
    await world.b.call('admin', 'PUT', '/api/settings/members', { joining_open: true, welcome_mail: false });
    const joinedQuietly = await visitor.submit('/members/join/open', '/members/join/open', {});
    expect(joinedQuietly.statusCode, joinedQuietly.body).toBe(303);
    expect(await mailsTo(world, 'closed@example.test')).toEqual([]);
  });
});

describe(`members in the administration (${testEngine})`, () => {
  it('refuses profile field definitions by path and values by key (422)', async () => {
    const bad = await world.a.call('admin', 'PUT', '/api/members/profile-fields', {
      fields: [
        { key: 'Bad Key', label: 'X', type: 'text', shown_at: 'profile' },
        { key: 'colour', label: 'Colour', type: 'select', shown_at: 'profile' },
        { key: 'doc', label: 'Doc', type: 'repeater', shown_at: 'profile' },
      ],
    });
    expect(bad.statusCode).toBe(422);
    const paths = Object.keys(bad.json().errors);
    expect(paths.some((path) => path.startsWith('fields[0]'))).toBe(true);
    expect(paths.some((path) => path.startsWith('fields[1]'))).toBe(true);
    expect(paths).toContain('fields[2].type');
    // Unchanged by the refusal.
    expect((await world.a.call('admin', 'GET', '/api/members/profile-fields')).json().data).toHaveLength(4);

    const { memberId } = await joined('vals@example.test');
    const values = await world.a.call('admin', 'PUT', `/api/members/members/${memberId}/profile`, {
      values: { nickname: 'x'.repeat(30), city: 'rome' },
    });
    expect(values.statusCode).toBe(422);
    expect(Object.keys(values.json().errors).sort()).toEqual(['city', 'nickname']);
    // An image field takes an image of the site's media library only.
    const image = await world.a.call('admin', 'PUT', `/api/members/members/${memberId}/profile`, {
      values: { avatar: 999_999 },
    });
    expect(image.statusCode).toBe(422);
    expect(Object.keys(image.json().errors)).toEqual(['avatar']);
  });

  it('lists members by plan and status, paginated, with detail, plan change, comp, suspend and resume', async () => {
    const first = await joined('one@example.test');
    const second = await joined('two@example.test');
    const moved = await world.a.call('admin', 'PUT', `/api/members/members/${first.memberId}/plan`, {
      plan_id: patrons.id,
      note: 'Upgraded by hand',
    });
    expect(moved.statusCode, moved.body).toBe(200);
    const comped = await world.a.call('admin', 'PUT', `/api/members/members/${first.memberId}/comped`, {
      comped: true,
    });
    expect(comped.json().data.comped).toBe(true);
    const freeComp = await world.a.call('admin', 'PUT', `/api/members/members/${second.memberId}/comped`, {
      comped: true,
    });
    expect(freeComp.statusCode).toBe(422);
    expect(
      (await world.a.call('admin', 'POST', `/api/members/members/${second.memberId}/suspend`)).statusCode,
    ).toBe(200);
    const twice = await world.a.call('admin', 'POST', `/api/members/members/${second.memberId}/suspend`);
    expect(twice.statusCode).toBe(409);

    const onPatrons = (
      await world.a.call('admin', 'GET', `/api/members/members?plan_id=${patrons.id}`)
    ).json().data;
    expect(onPatrons.items.map((m: { id: number }) => m.id)).toEqual([first.memberId]);
    const suspended = (await world.a.call('admin', 'GET', '/api/members/members?status=suspended')).json()
      .data;
    expect(suspended.items.map((m: { id: number }) => m.id)).toEqual([second.memberId]);
    const paged = (await world.a.call('admin', 'GET', '/api/members/members?limit=1&page=2')).json().data;
    expect(paged).toMatchObject({ page: 2, limit: 1 });
    expect(paged.items).toHaveLength(1);
    expect(paged.total).toBeGreaterThanOrEqual(2);
    expect((await world.a.call('admin', 'GET', '/api/members/members?limit=101')).statusCode).toBe(422);

    const detail = (await world.a.call('admin', 'GET', `/api/members/members/${first.memberId}`)).json().data;
    expect(detail.history.map((item: { event: string }) => item.event)).toEqual([
      'joined',
      'plan_changed',
      'comped',
    ]);
    expect(detail.history[1]).toMatchObject({
      plan_id: patrons.id,
      by_member: false,
      note: 'Upgraded by hand',
    });
    expect(detail.history[1].by_user_id).toBe(world.a.users.admin.id);

    expect(
      (await world.a.call('admin', 'POST', `/api/members/members/${second.memberId}/resume`)).json().data
        .status,
    ).toBe('active');
    const counts = (await world.a.call('admin', 'GET', '/api/members/counts')).json().data;
    expect(counts.find((row: { slug: string }) => row.slug === 'patrons').members.active).toBe(1);
  });

  it('exports members as CSV with formula cells neutralised', async () => {
    const { memberId } = await joined('formula@example.test', '=HYPERLINK("x")');
    const res = await world.a.call('admin', 'GET', '/api/members/members/export');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/csv');
    expect(res.headers['content-disposition']).toContain('members.csv');
    expect(
      res.body.startsWith('\uFEFFaccount_id,plan,plan_name,status,comped,started_at,Nickname,City'),
    ).toBe(true);
    expect(res.body).toContain(`"'=HYPERLINK(""x"")"`);
    expect(res.body).not.toMatch(/(^|,)=HYPERLINK/m);
    void memberId;
  });

  it('follows account deletion and export', async () => {
    const kept = await joined('anon@example.test', 'Anon');
    const gone = await joined('gone@example.test', 'Gone');
    const exported = await world.a.call('admin', 'GET', `/api/accounts/${kept.accountId}/export`);
    expect(exported.statusCode, exported.body).toBe(200);
    expect(exported.json().data.plugins.members).toMatchObject({
      plan: { slug: 'friends' },
      status: 'active',
      profile: { nickname: 'Anon' },
    });
    expect(
      (await world.a.call('admin', 'DELETE', `/api/accounts/${gone.accountId}?mode=delete`)).statusCode,
    ).toBe(204);
    expect((await world.a.call('admin', 'GET', `/api/members/members/${gone.memberId}`)).statusCode).toBe(
      404,
    );
    expect(
      (await world.a.call('admin', 'DELETE', `/api/accounts/${kept.accountId}?mode=anonymise`)).statusCode,
    ).toBe(204);
    const anonymised = (await world.a.call('admin', 'GET', `/api/members/members/${kept.memberId}`)).json()
      .data;
    expect(anonymised.profile).toEqual({});
    expect(anonymised.plan_id).toBe(friends.id);
  });

  it('checks the permission on every route (403) and keeps each site to its own members', async () => {
    const { memberId } = await joined('perm@example.test');
    const calls: Array<[string, string, unknown?]> = [
      ['GET', '/api/members/members'],
      ['GET', '/api/members/members/export'],
      ['GET', `/api/members/members/${memberId}`],
      ['PUT', `/api/members/members/${memberId}/plan`, { plan_id: friends.id }],
      ['PUT', `/api/members/members/${memberId}/comped`, { comped: false }],
      ['POST', `/api/members/members/${memberId}/suspend`],
      ['POST', `/api/members/members/${memberId}/resume`],
      ['POST', `/api/members/members/${memberId}/cancel`],
      ['PUT', `/api/members/members/${memberId}/profile`, { values: {} }],
      ['GET', '/api/members/profile-fields'],
      ['PUT', '/api/members/profile-fields', { fields: [] }],
      ['GET', '/api/members/counts'],
    ];
    for (const [method, url, body] of calls) {
      expect((await world.a.call('editor', method as 'GET', url, body)).statusCode, `${method} ${url}`).toBe(
        403,
      );
      if (
        !url.endsWith('/export') &&
        !url.endsWith('profile-fields') &&
        !url.endsWith('counts') &&
        url !== '/api/members/members'
      )
        expect(
          (await world.b.call('admin', method as 'GET', url, body)).statusCode,
          `${method} ${url} on b`,
        ).toBe(404);
    }
    const onB = (await world.b.call('admin', 'GET', '/api/members/members')).json().data;
    expect(onB.items.map((member: { id: number }) => member.id)).not.toContain(memberId);
    expect(onB.total).toBe(1); // the one who joined b's own plan
    expect((await world.b.call('admin', 'GET', '/api/members/profile-fields')).json().data).toEqual([]);
  });
});
