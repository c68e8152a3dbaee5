import { Type } from '@sinclair/typebox';
import type { App } from '../../../core/http/app-type.js';
import { Envelope, ErrorBody, one } from '../../../core/http/envelope.js';
import type { Runtime } from '../../../core/runtime.js';
import { PermissionGroupSchema } from '../schemas.js';

/** GET /api/permissions: what roles can be given, for the role editor. */
export async function permissionRoutes(app: App, runtime: Runtime): Promise<void> {
  app.get(
    '/api/permissions',
    {
      config: { permission: 'roles.view' },
      schema: {
        tags: ['roles'],
        summary: 'The permission catalogue (core and plugins), grouped by area, each with its description',
        response: {
          200: Envelope(Type.Array(PermissionGroupSchema)),
          401: ErrorBody,
          403: ErrorBody,
          429: ErrorBody,
        },
      },
    },
    // Read per request: plugins may register permissions after this route is set up.
    async () =>
      one(
        runtime.permissions.grouped().map((group) => ({
          area: group.area,
          permissions: group.permissions.map(({ id, description }) => ({ id, description })),
        })),
      ),
  );
}
