import { attachment, type PluginContext } from '@tessera/plugin';
import { MANAGE, VIEW } from './model.js';
import type { BackupRuns } from './runs.js';

/** The routes under /api/backup: the history, a manual backup, download, delete and restore. */
export function backupRoutes(plugin: PluginContext, runs: BackupRuns): void {
  const T = plugin.schema;
  const nullable = <S extends ReturnType<typeof T.String> | ReturnType<typeof T.Integer>>(schema: S) =>
    T.Union([T.Null(), schema]);
  const Run = T.Object({
    id: T.Integer(),
    name: T.String(),
    status: T.String(),
    reason: nullable(T.String()),
    trigger: T.String(),
    user_id: nullable(T.Integer()),
    started_at: T.String(),
    finished_at: nullable(T.String()),
    duration_ms: nullable(T.Integer()),
    size: nullable(T.Integer()),
    tables: nullable(T.Integer()),
    files: nullable(T.Integer()),
    restored_at: nullable(T.String()),
    restored_by: nullable(T.Integer()),
    restore_status: nullable(T.String()),
    restore_reason: nullable(T.String()),
  });
  const Id = T.Object({ id: T.Integer({ minimum: 1 }) });

  plugin.routes.post(
    '/backups',
    {
      permission: MANAGE,
      summary: 'Start a backup of the whole installation (Super Admins): answered at once, taken by a job',
      response: Run,
      // 202 would say it best; the context's routes answer 200, 201 or 204 only.
      status: 201,
    },
    (ctx) => runs.start(ctx),
  );

  plugin.routes.get(
    '/backups',
    { permission: VIEW, summary: 'The backups started from this site, newest first', response: T.Array(Run) },
    (ctx) => runs.list(ctx),
  );

  plugin.routes.get(
    '/backups/:id',
    { permission: VIEW, summary: 'One backup of the history', params: Id, response: Run },
    (ctx, { params }) => runs.get(ctx, params.id),
  );

  plugin.routes.get(
    '/backups/:id/download',
    { permission: MANAGE, summary: 'The backup’s archive, a gzipped tar (Super Admins)', params: Id },
    async (ctx, { params }) => {
      const { run, archive } = await runs.download(ctx, params.id);
      return attachment({
        filename: `${run.name}.tar.gz`,
        contentType: 'application/gzip',
        body: archive.body,
      });
    },
  );

  plugin.routes.delete(
    '/backups/:id',
    {
      permission: MANAGE,
      summary: 'Delete a backup and its archive (Super Admins)',
      params: Id,
      status: 204,
    },
    async (ctx, { params }) => {
      await runs.remove(ctx, params.id);
    },
  );

  plugin.routes.post(
    '/backups/:id/restore',
    {
      permission: MANAGE,
      summary:
        'Restore the installation from the backup, after a safety backup (Super Admins); confirm with the backup’s name',
      params: Id,
      body: T.Object({ confirm: T.String({ maxLength: 200 }) }, { additionalProperties: false }),
      response: Run,
    },
    (ctx, { params, body }) => runs.restore(ctx, params.id, body.confirm),
  );
}
