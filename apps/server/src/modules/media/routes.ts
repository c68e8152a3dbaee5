import multipart from '@fastify/multipart';
import { Type } from '@sinclair/typebox';
import type { App } from '../../core/http/app-type.js';
import { clientGone } from '../../core/http/client-gone.js';
import { operationOf } from '../../core/http/request-actor.js';
import { siteRoutes } from '../../core/http/site-routes.js';
import type { Runtime } from '../../core/runtime.js';
import type { FoldersService } from './folders.js';
import {
  DeleteQuery,
  FolderCreateBody,
  FolderDeleteQuery,
  FolderParams,
  FolderSchema,
  FolderUpdateBody,
  MediaListQuery,
  MediaParams,
  MediaSchema,
  MediaUpdateBody,
  OptimizedSchema,
  UsageSchema,
} from './schemas.js';
import type { MediaService } from './service.js';
import { readUploadForm } from './upload-form.js';

const uploadHelp =
  'multipart/form-data with the parts file (required), folder_id, alt_text, title and caption. The type is told from the ' +
  "file's bytes and must be in the media setting allowed_types (422 errors.file otherwise, also when the name's extension " +
  "contradicts the bytes); over its kind's size limit the upload stops with 413. Images are stored as WebP with the variants " +
  'thumbnail, medium, large and full, without EXIF, XMP, IPTC or GPS data; SVG is sanitized; other files are kept as sent.';

/** /api/media: upload, the library, folders, usage and optimization (spec 4.2). */
export function mediaRoutes(app: App, runtime: Runtime, media: MediaService, folders: FoldersService): void {
  const routes = siteRoutes(app, (request) => operationOf(runtime, request), 'media');

  // Multipart bodies only reach the upload route: everywhere else they stay a 415.
  app.register(async (scope) => {
    await scope.register(multipart, {
      // The file's own limit is per kind and per site (receiveFile); this one only has to be above
      // the largest a setting allows, or the plugin would cut files short at its 1 MiB default.
      limits: {
        files: 1,
        fields: 10,
        fieldSize: 10_000,
        parts: 12,
        headerPairs: 100,
        fileSize: 10 * 1024 ** 3 + 1,
      },
    });
    siteRoutes(scope as unknown as App, (request) => operationOf(runtime, request), 'media').post(
      '/api/media/upload',
      {
        permission: 'media.upload',
        rateLimit: 'upload',
        summary: 'Upload one file to the media library',
        description: uploadHelp,
        data: MediaSchema,
        status: 201,
      },
      async (ctx, { request, reply }) => {
        const form = await readUploadForm(request, media.uploadDir, await media.sizeLimit(ctx));
        return media.upload(ctx, form, clientGone(reply));
      },
    );
  });

  routes.list(
    '/api/media',
    {
      permission: 'media.view',
      summary: 'The media library, newest first',
      description:
        'Search by name, title and alt text; filter by kind or MIME type, dates, folder, uploader, and orphaned (used nowhere).',
      querystring: MediaListQuery,
      data: MediaSchema,
    },
    (ctx, { query }) => media.list(ctx, query),
  );
  routes.get(
    '/api/media/folders',
    { permission: 'media.view', summary: 'The folder tree', data: Type.Array(FolderSchema) },
    (ctx) => folders.tree(ctx),
  );
  routes.post(
    '/api/media/folders',
    {
      permission: 'media.upload',
      summary: 'Create a folder (its name unique among its siblings)',
      body: FolderCreateBody,
      data: FolderSchema,
      status: 201,
    },
    (ctx, { body }) => folders.create(ctx, body),
  );
  routes.put(
    '/api/media/folders/:id',
    {
      permission: 'media.edit',
      summary: 'Rename or move a folder (not into itself or its subfolders)',
      params: FolderParams,
      body: FolderUpdateBody,
      data: FolderSchema,
    },
    (ctx, { params, body }) => folders.update(ctx, params.id, body),
  );
  routes.delete(
    '/api/media/folders/:id',
    {
      permission: 'media.delete',
      summary: 'Delete a folder: 409 when it holds anything, unless move_to_parent=true',
      params: FolderParams,
      querystring: FolderDeleteQuery,
    },
    (ctx, { params, query }) => folders.delete(ctx, params.id, query.move_to_parent),
  );
  routes.get(
    '/api/media/:id',
    { permission: 'media.view', summary: 'One media item', params: MediaParams, data: MediaSchema },
    (ctx, { params }) => media.get(ctx, params.id),
  );
  routes.put(
    '/api/media/:id',
    {
      permission: 'media.edit',
      summary: 'Edit title, alt text, caption, credit, focal point (the variants follow) or folder',
      params: MediaParams,
      body: MediaUpdateBody,
      data: MediaSchema,
    },
    (ctx, { params, body }) => media.update(ctx, params.id, body),
  );
  routes.delete(
    '/api/media/:id',
    {
      permission: 'media.delete',
      summary: 'Delete a media item and its files: 409 listing where it is used, unless force=true',
      params: MediaParams,
      querystring: DeleteQuery,
    },
    (ctx, { params, query }) => media.delete(ctx, params.id, query.force),
  );
  routes.get(
    '/api/media/:id/usage',
    {
      permission: 'media.view',
      summary: 'Where the item is used: entries (featured image, fields, blocks), menus, plugin records',
      params: MediaParams,
      data: Type.Array(UsageSchema),
    },
    (ctx, { params }) => media.usage(ctx, params.id),
  );
  routes.post(
    '/api/media/:id/optimize',
    {
      permission: 'media.edit',
      summary: 'Re-encode an image and its variants at the configured quality and largest size',
      description: 'Kept only when smaller; the answer reports the bytes before and after.',
      params: MediaParams,
      data: OptimizedSchema,
    },
    (ctx, { params }) => media.optimize(ctx, params.id),
  );
}
