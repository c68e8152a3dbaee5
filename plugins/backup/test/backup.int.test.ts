import { existsSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testEngine } from '../../../apps/server/test/harness.js';
import type { BackupRun } from '../src/model.js';
import { type BackupWorld, backUp, backupWorld, mailSubjects, runJobsUntil } from './fixtures.js';

let world: BackupWorld;

beforeAll(async () => {
  world = await backupWorld('backup.test');
});
afterAll(() => world?.t.close());

const archive = (run: BackupRun) => join(world.t.config.dataDir, 'backups', `${run.name}.tar.gz`);
const history = async (): Promise<BackupRun[]> =>
  (await world.site.call('super_admin', 'GET', '/api/backup/backups')).json().data;

describe(`backup plugin (${testEngine})`, () => {
  it('lets only Super Admins act: anonymous 401, an editor 403, an Admin holding backup.manage 403', async () => {
    const { site } = world;
    expect((await site.call('anonymous', 'GET', '/api/backup/backups')).statusCode).toBe(401);
    expect((await site.call('editor', 'GET', '/api/backup/backups')).statusCode).toBe(403);
    expect((await site.call('editor', 'POST', '/api/backup/backups')).statusCode).toBe(403);
    // An Admin holds the plugin's permissions and sees the history...
    expect((await site.call('admin', 'GET', '/api/backup/backups')).statusCode).toBe(200);
    // ...but the installation is a Super Admin's to copy: refused in the envelope, nothing started.
    const refused = await site.call('admin', 'POST', '/api/backup/backups');
    expect(refused.statusCode, refused.body).toBe(403);
    expect(refused.json()).toMatchObject({ code: 'forbidden' });
    expect(await history()).toEqual([]);
  });

  it('backs up, then a restore confirmed by name gives the content back and keeps the history', async () => {
    const { site } = world;
    const post = await site.call('editor', 'POST', '/api/posts', { title: 'Harbour at dawn' });
    expect(post.statusCode, post.body).toBe(201);
    const { id: postId } = post.json().data;

    const started = await site.call('super_admin', 'POST', '/api/backup/backups');
    expect(started.statusCode, started.body).toBe(201);
    expect(started.json().data).toMatchObject({
      status: 'running',
      trigger: 'manual',
      user_id: site.users.super_admin.id,
    });
    // One at a time.
    const second = await site.call('super_admin', 'POST', '/api/backup/backups');
    expect(second.statusCode, second.body).toBe(409);
    let backup = started.json().data as BackupRun;
    await runJobsUntil(
      world,
      async () => {
        backup = (await site.call('super_admin', 'GET', `/api/backup/backups/${backup.id}`)).json().data;
        return backup.status !== 'running';
      },
      'the backup',
    );
    expect(backup).toMatchObject({ status: 'done', reason: null });
    expect(backup.size).toBeGreaterThan(0);
    expect(backup.tables).toBeGreaterThan(10);
    expect(existsSync(archive(backup))).toBe(true);

    const download = await site.call('super_admin', 'GET', `/api/backup/backups/${backup.id}/download`);
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-disposition']).toContain(`${backup.name}.tar.gz`);
    expect(download.rawPayload.length).toBe(backup.size);
    expect((await site.call('admin', 'GET', `/api/backup/backups/${backup.id}/download`)).statusCode).toBe(
      403,
    );

    const renamed = await site.call('editor', 'PUT', `/api/posts/${postId}`, {
      title: 'Harbour at noon',
      version: 1,
    });
    expect(renamed.statusCode, renamed.body).toBe(200);

    const unconfirmed = await site.call('super_admin', 'POST', `/api/backup/backups/${backup.id}/restore`, {
      confirm: 'yes',
    });
    expect(unconfirmed.statusCode).toBe(422);
    expect(Object.keys(unconfirmed.json().errors)).toEqual(['confirm']);
    const byAdmin = await site.call('admin', 'POST', `/api/backup/backups/${backup.id}/restore`, {
      confirm: backup.name,
    });
    expect(byAdmin.statusCode, byAdmin.body).toBe(403);

    const restored = await site.call('super_admin', 'POST', `/api/backup/backups/${backup.id}/restore`, {
      confirm: backup.name,
    });
    expect(restored.statusCode, restored.body).toBe(200);
    expect(restored.json().data).toMatchObject({
      restore_status: 'done',
      restored_by: site.users.super_admin.id,
    });
    const title = (await site.call('editor', 'GET', `/api/posts/${postId}`)).json().data.title;
    expect(title).toBe('Harbour at dawn');

    // The archive held this backup as running; the history as it stood is written back over it.
    const runs = await history();
    expect(runs.map((run) => [run.trigger, run.status])).toEqual([
      ['safety', 'done'],
      ['manual', 'done'],
    ]);
    expect(existsSync(archive(runs[0] as BackupRun))).toBe(true);
    // One to each administrator: the site's Admin and the Super Admin.
    expect(
      (await mailSubjects(world)).filter((subject) => subject.endsWith(`was restored from ${backup.name}`)),
    ).toHaveLength(2);
  });

  it('refuses a tampered archive with nothing changed, and records the failed restore', async () => {
    const { site } = world;
    const [latest] = (await history()).filter((run) => run.trigger === 'manual');
    const backup = latest as BackupRun;
    const bytes = readFileSync(archive(backup));
    const middle = Math.floor(bytes.length / 2);
    bytes[middle] = (bytes[middle] ?? 0) ^ 0xff;
    writeFileSync(archive(backup), bytes);
    const post = await site.call('editor', 'POST', '/api/posts', { title: 'Written after' });
    const refused = await site.call('super_admin', 'POST', `/api/backup/backups/${backup.id}/restore`, {
      confirm: backup.name,
    });
    expect(refused.statusCode, refused.body).toBe(422);
    expect((await site.call('editor', 'GET', `/api/posts/${post.json().data.id}`)).statusCode).toBe(200);
    const after = (await site.call('super_admin', 'GET', `/api/backup/backups/${backup.id}`)).json().data;
    expect(after).toMatchObject({ restore_status: 'failed' });
    expect(after.restore_reason).toBeTruthy();
  });

  it('checks the schedule, takes a scheduled backup when due, and cleans up to keep_last', async () => {
    const { site } = world;
    const bad = await site.call('admin', 'PUT', '/api/settings/backup', { schedule: 'every day' });
    expect(bad.statusCode).toBe(422);
    expect(Object.keys(bad.json().errors)).toEqual(['backup.schedule']);
    const set = await site.call('admin', 'PUT', '/api/settings/backup', {
      schedule: '* * * * *',
      keep_last: 1,
    });
    expect(set.statusCode, set.body).toBe(200);

    const before = await history();
    const tick = await world.t.runtime.jobs.queue.enqueue('backup.scheduled', {}, { siteId: site.siteId });
    await runJobsUntil(
      world,
      async () => (await world.t.runtime.jobs.queue.get(tick))?.status === 'completed',
      'the tick',
    );
    const runs = await history();
    const scheduled = runs.find((run) => run.trigger === 'scheduled');
    expect(scheduled).toMatchObject({ status: 'done', user_id: null });
    // keep_last 1: the older successful backups and their archives are gone.
    expect(runs.filter((run) => run.status === 'done').map((run) => run.id)).toEqual([scheduled?.id]);
    for (const old of before.filter((run) => run.status === 'done'))
      expect(existsSync(archive(old))).toBe(false);
    expect(existsSync(archive(scheduled as BackupRun))).toBe(true);
  });

  it('deletes a backup and its archive', async () => {
    const backup = await backUp(world);
    expect((await world.site.call('admin', 'DELETE', `/api/backup/backups/${backup.id}`)).statusCode).toBe(
      403,
    );
    const gone = await world.site.call('super_admin', 'DELETE', `/api/backup/backups/${backup.id}`);
    expect(gone.statusCode, gone.body).toBe(204);
    expect(existsSync(archive(backup))).toBe(false);
    expect((await world.site.call('super_admin', 'GET', `/api/backup/backups/${backup.id}`)).statusCode).toBe(
      404,
    );
  });

  it('records a failed backup with why and mails the administrators', async () => {
    // The archives' folder replaced by a file: the next backup cannot be written.
    const folder = join(world.t.config.dataDir, 'backups');
    renameSync(folder, `${folder}-kept`);
    writeFileSync(folder, 'not a folder');
    try {
      const failed = await backUp(world);
      expect(failed).toMatchObject({ status: 'failed', size: null });
      expect(failed.reason).toBeTruthy();
      expect(
        (await mailSubjects(world)).filter((subject) => subject === `Backup ${failed.name} failed`),
      ).toHaveLength(2);
    } finally {
      rmSync(folder, { force: true });
      renameSync(`${folder}-kept`, folder);
    }
  });
});
