import { createHmac, timingSafeEqual } from 'node:crypto';
import { once } from 'node:events';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ContentSite, seedContentSite } from '../../../test/content-fixtures.js';
import { runJobHandler, waitFor } from '../../../test/fixtures/jobs.js';
import { createTestApp, type TestContext, testEngine } from '../../../test/harness.js';
import { workerForRuntime } from '../../core/jobs/worker.js';

/** What a receiver does, exactly as the README shows it: verify the signature over timestamp and raw body. */
function verified(secret: string, headers: IncomingMessage['headers'], rawBody: string): boolean {
  const timestamp = String(headers['x-tessera-timestamp']);
  const expected = `sha256=${createHmac('sha256', secret).update(`${timestamp}.${rawBody}`).digest('hex')}`;
  const given = String(headers['x-tessera-signature']);
  const fresh = Math.abs(Date.now() / 1000 - Number(timestamp)) < 300;
  return (
    fresh && given.length === expected.length && timingSafeEqual(Buffer.from(given), Buffer.from(expected))
  );
}

interface Received {
  headers: IncomingMessage['headers'];
  body: string;
  verified: boolean;
}

/** A receiver on 127.0.0.1; `answers` says the status of each request in turn (then 200). */
async function receiver(secret: () => string, answers: number[] = []) {
  const received: Received[] = [];
  const server: Server = createServer((req, res) => {
    let body = '';
    req.setEncoding('utf8');
    req.on('data', (chunk) => (body += chunk));
    req.on('end', () => {
      received.push({ headers: req.headers, body, verified: verified(secret(), req.headers, body) });
      res.statusCode = answers.shift() ?? 200;
      res.end('ok');
    });
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const port = (server.address() as AddressInfo).port;
  return {
    received,
    url: `http://127.0.0.1:${port}/hook`,
    port,
    close: () => new Promise((r) => server.close(r)),
  };
}

let t: TestContext;
let a: ContentSite;
let b: ContentSite;
let worker: ReturnType<typeof workerForRuntime>;

beforeAll(async () => {
  t = await createTestApp({ RATE_LIMIT_GENERAL: '100000' });
  a = await seedContentSite(t.app, t.runtime, 'a.test');
  b = await seedContentSite(t.app, t.runtime, 'b.test');
  for (const site of [a, b]) {
    const set = await site.call('super_admin', 'PUT', '/api/settings/webhooks', {
      allow_private_targets: true,
      retry_delays_seconds: [1, 1],
    });
    expect(set.statusCode, set.body).toBe(200);
  }
  worker = workerForRuntime(t.runtime, { pollMs: 20 });
  worker.start();
});
afterAll(async () => {
  await worker.stop();
  await t.close();
});

describe(`webhooks (${testEngine})`, () => {
  it('are managed by webhooks.manage, with bad input refused per field and the secret shown once', async () => {
    const events = await a.call('admin', 'GET', '/api/webhooks/events');
    expect(events.statusCode).toBe(200);
    const names = events.json().data.map((event: { name: string }) => event.name);
    expect(names).toEqual(
      expect.arrayContaining(['post.published', 'page.deleted', 'post.scheduled', 'user.created']),
    );
    expect((await a.call('editor', 'GET', '/api/webhooks')).statusCode).toBe(403);
    expect((await a.call('anonymous', 'GET', '/api/webhooks')).statusCode).toBe(401);

    const bad = await a.call('admin', 'POST', '/api/webhooks', {
      url: 'ftp://example.com/x',
      events: ['post.published', 'nothing.happened', 'post.*'],
    });
    expect(bad.statusCode).toBe(422);
    expect(Object.keys(bad.json().errors).sort()).toEqual(['events.1', 'url']);
    expect(
      (
        await a.call('admin', 'POST', '/api/webhooks', { url: 'https://u:p@example.com/', events: ['*'] })
      ).json().errors,
    ).toHaveProperty('url');
    expect(
      (await a.call('admin', 'POST', '/api/webhooks', { url: 'https://example.com/', events: [] }))
        .statusCode,
    ).toBe(422);

    const created = await a.call('admin', 'POST', '/api/webhooks', {
      url: 'https://example.com/hook',
      events: ['post.*'],
      description: 'CI',
    });
    expect(created.statusCode, created.body).toBe(201);
    const hook = created.json().data;
    expect(hook.secret).toMatch(/^whsec_/);
    const read = (await a.call('admin', 'GET', `/api/webhooks/${hook.id}`)).json().data;
    expect(read).not.toHaveProperty('secret');
    expect(
      JSON.stringify(await t.runtime.data.site(a.siteId).selectFrom('webhooks').selectAll().execute()),
    ).not.toContain(hook.secret);
    // Another site's webhook does not exist here.
    expect((await b.call('admin', 'GET', `/api/webhooks/${hook.id}`)).statusCode).toBe(404);
    expect((await b.call('admin', 'DELETE', `/api/webhooks/${hook.id}`)).statusCode).toBe(404);
    expect((await a.call('admin', 'DELETE', `/api/webhooks/${hook.id}`)).statusCode).toBe(204);
  });

  it('refuse private targets unless the site allows them, on save and at connection time', async () => {
    // Opening the private network is the installation's call: a site Admin may not, a Super Admin may.
    const byAdmin = await b.call('admin', 'PUT', '/api/settings/webhooks', { allow_private_targets: false });
    expect(byAdmin.statusCode).toBe(403);
    expect((await b.call('admin', 'PUT', '/api/settings/webhooks', { log_days: 30 })).statusCode).toBe(200);
    await b.call('super_admin', 'PUT', '/api/settings/webhooks', { allow_private_targets: false });
    try {
      const literal = await b.call('admin', 'POST', '/api/webhooks', {
        url: 'http://127.0.0.1:9/x',
        events: ['*'],
      });
      expect(literal.statusCode).toBe(422);
      expect(literal.json().errors.url[0]).toContain('private');
      for (const url of ['http://[::1]/x', 'http://169.254.169.254/latest', 'http://10.0.0.1/']) {
        expect((await b.call('admin', 'POST', '/api/webhooks', { url, events: ['*'] })).statusCode, url).toBe(
          422,
        );
      }
      // A name is accepted (it may resolve anywhere later) but checked on every connection.
      const sink = await receiver(() => '');
      try {
        const named = await b.call('admin', 'POST', '/api/webhooks', {
          url: `http://localhost:${sink.port}/x`,
          events: ['*'],
        });
        expect(named.statusCode).toBe(201);
        const ping = await b.call('admin', 'POST', `/api/webhooks/${named.json().data.id}/ping`);
        expect(ping.json().data.status).toBe('failed');
        expect(ping.json().data.attempts[0].error).toContain('private or reserved address');
        expect(sink.received).toEqual([]);
      } finally {
        await sink.close();
      }
    } finally {
      await b.call('super_admin', 'PUT', '/api/settings/webhooks', { allow_private_targets: true });
    }
  });

  it('deliver a real publish, signed as the README says, with the spec payload; a ping answers at once', async () => {
    let secret = '';
    const sink = await receiver(() => secret);
    try {
      const created = await a.call('admin', 'POST', '/api/webhooks', {
        url: sink.url,
        events: ['post.published'],
      });
      secret = created.json().data.secret;
      const id = created.json().data.id;
      const ping = await a.call('admin', 'POST', `/api/webhooks/${id}/ping`);
      expect(ping.json().data).toMatchObject({ event: 'webhook.ping', status: 'delivered' });
      expect(sink.received[0]?.verified).toBe(true);

      const post = await a.call('editor', 'POST', '/api/posts', { title: 'Hooked' });
      const postId = post.json().data.id;
      await a.call('editor', 'PUT', `/api/posts/${postId}`, { title: 'Hooked!', version: 1 });
      await a.call('editor', 'POST', `/api/posts/${postId}/publish`, {});
      await waitFor(() => sink.received.length === 2, 'the publication to arrive');
      const arrived = sink.received[1];
      expect(arrived?.verified).toBe(true);
      expect(arrived?.headers['x-tessera-event']).toBe('post.published');
      expect(arrived?.headers['x-tessera-delivery']).toMatch(/^[0-9a-f-]{36}$/);
      const payload = JSON.parse(arrived?.body ?? '{}');
      expect(payload).toEqual({
        event: 'post.published',
        timestamp: expect.stringMatching(/Z$/),
        data: expect.objectContaining({
          id: postId,
          title: 'Hooked!',
          slug: 'hooked',
          status: 'published',
          author_id: a.users.editor.id,
        }),
      });
      // A tampered body does not verify.
      expect(
        verified(secret, arrived?.headers ?? {}, (arrived?.body ?? '').replace('Hooked', 'Hacked')),
      ).toBe(false);

      // The receiver has the request before the worker has recorded its answer.
      const deliveries = async () => (await a.call('admin', 'GET', `/api/webhooks/${id}/deliveries`)).json();
      await waitFor(
        async () => (await deliveries()).data[0]?.status === 'delivered',
        'the delivery to be logged',
      );
      const log = await deliveries();
      expect(log.meta.total).toBe(2);
      expect(log.data[0]).toMatchObject({ event: 'post.published', status: 'delivered' });
      expect(log.data[0].attempts[0]).toMatchObject({ attempt: 1, status_code: 200, error: null });
      await a.call('admin', 'DELETE', `/api/webhooks/${id}`);
    } finally {
      await sink.close();
    }
  });

  it('send nothing for a change that rolls back', async () => {
    const sink = await receiver(() => '');
    try {
      const created = await a.call('admin', 'POST', '/api/webhooks', {
        url: sink.url,
        events: ['post.created'],
      });
      const off = t.runtime.hooks.addAction(
        'post.before_save',
        () => {
          throw new Error('no');
        },
        { owner: 'plugin:strict' },
      );
      try {
        expect((await a.call('editor', 'POST', '/api/posts', { title: 'Never' })).statusCode).toBe(409);
      } finally {
        off();
      }
      const log = (await a.call('admin', 'GET', `/api/webhooks/${created.json().data.id}/deliveries`)).json();
      expect(log.meta.total).toBe(0);
      expect(sink.received).toEqual([]);
      await a.call('admin', 'DELETE', `/api/webhooks/${created.json().data.id}`);
    } finally {
      await sink.close();
    }
  });

  it('retry a failing receiver with backoff, in order, log every attempt, and redeliver by hand', async () => {
    let secret = '';
    const sink = await receiver(() => secret, [500, 503]);
    try {
      const created = await a.call('admin', 'POST', '/api/webhooks', {
        url: sink.url,
        events: ['post.created'],
      });
      secret = created.json().data.secret;
      const id = created.json().data.id;
      await a.call('editor', 'POST', '/api/posts', { title: 'First' });
      await a.call('editor', 'POST', '/api/posts', { title: 'Second' });
      // 500, then 503 a second later, then 200 a second after that; the second waits its turn.
      await waitFor(() => sink.received.length === 4, 'the retries and the second delivery', 15_000);
      const titles = sink.received.map((request) => JSON.parse(request.body).data.title);
      expect(titles).toEqual(['First', 'First', 'First', 'Second']);
      expect(
        new Set(sink.received.slice(0, 3).map((request) => request.headers['x-tessera-delivery'])).size,
      ).toBe(1);
      expect(sink.received.every((request) => request.verified)).toBe(true);

      const deliveries = async () => (await a.call('admin', 'GET', `/api/webhooks/${id}/deliveries`)).json();
      await waitFor(
        async () =>
          (await deliveries()).data.every((delivery: { status: string }) => delivery.status === 'delivered'),
        'both deliveries to be logged',
      );
      const log = await deliveries();
      const first = log.data.find((delivery: { body: string }) => delivery.body.includes('"First"'));
      expect(first.status).toBe('delivered');
      expect(first.attempts.map((attempt: { status_code: number }) => attempt.status_code)).toEqual([
        500, 503, 200,
      ]);
      expect(first.attempts[0].error).toBe('The receiver answered 500.');
      expect(first.attempts[0].duration_ms).toBeGreaterThanOrEqual(0);
      // Why an attempt failed is said in the caller's language, as the server's other messages.
      expect((await a.call('admin', 'PUT', '/api/me', { locale: 'fr' })).statusCode).toBe(200);
      const french = (await deliveries()).data.find((delivery: { id: number }) => delivery.id === first.id);
      expect(french.attempts[0].error).toBe('Le récepteur a répondu 500.');
      expect((await a.call('admin', 'PUT', '/api/me', { locale: 'en' })).statusCode).toBe(200);

      const again = await a.call('admin', 'POST', `/api/webhooks/${id}/deliveries/${first.id}/redeliver`);
      expect(again.statusCode).toBe(202);
      await waitFor(() => sink.received.length === 5, 'the redelivery');
      expect(sink.received[4]?.headers['x-tessera-delivery']).toBe(
        sink.received[0]?.headers['x-tessera-delivery'],
      );
      expect(
        (await b.call('admin', 'POST', `/api/webhooks/${id}/deliveries/${first.id}/redeliver`)).statusCode,
      ).toBe(404);
      await a.call('admin', 'DELETE', `/api/webhooks/${id}`);
    } finally {
      await sink.close();
    }
  });

  it('give a delivery up after the last retry, and prune old deliveries', async () => {
    const sink = await receiver(() => '', [500, 500, 500, 500]);
    try {
      const created = await a.call('admin', 'POST', '/api/webhooks', {
        url: sink.url,
        events: ['user.created'],
      });
      const id = created.json().data.id;
      await a.call('admin', 'POST', '/api/users', {
        email: 'hooked@a.test',
        display_name: 'Hooked',
        password: 'a fine long passphrase',
        role: 'author',
      });
      await waitFor(
        async () => {
          const log = (await a.call('admin', 'GET', `/api/webhooks/${id}/deliveries`)).json();
          return log.data[0]?.status === 'failed';
        },
        'the delivery to fail',
        15_000,
      );
      expect(sink.received).toHaveLength(3);
      await a.call('admin', 'PUT', '/api/settings/webhooks', { log_days: 1 });
      await t.runtime.data
        .site(a.siteId)
        .updateTable('webhook_deliveries')
        .set({ created_at: '2020-01-01T00:00:00.000Z' })
        .where('webhook_id', '=', id)
        .execute();
      await runJobHandler(t.runtime, 'webhooks.prune');
      expect((await a.call('admin', 'GET', `/api/webhooks/${id}/deliveries`)).json().meta.total).toBe(0);
      await a.call('admin', 'DELETE', `/api/webhooks/${id}`);
    } finally {
      await sink.close();
    }
  });
});
