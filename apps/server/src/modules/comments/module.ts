import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { TesseraModule } from '../../core/modules/module.js';
import type { Runtime } from '../../core/runtime.js';
import { contentOf } from '../content/content.js';
import { commentRoutes } from './routes.js';
import { CommentsService } from './service.js';

const byRuntime = new WeakMap<Runtime, CommentsService>();

/** The comments of a runtime: one service, shared by the API and the public site. */
export function commentsOf(runtime: Runtime): CommentsService {
  let comments = byRuntime.get(runtime);
  if (!comments) {
    comments = new CommentsService(runtime, contentOf(runtime));
    byRuntime.set(runtime, comments);
  }
  return comments;
}

/** Comments with anti-spam and moderation (spec 1 Blog). */
export const commentsModule: TesseraModule = {
  name: 'comments',
  migrations: join(dirname(fileURLToPath(import.meta.url)), 'migrations'),
  routes(app, runtime) {
    commentRoutes(app, runtime, commentsOf(runtime));
  },
};
