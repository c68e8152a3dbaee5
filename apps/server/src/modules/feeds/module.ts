import type { TesseraModule } from '../../core/modules/module.js';
import type { Runtime } from '../../core/runtime.js';
import { contentOf } from '../content/content.js';
import { feedRoutes } from './routes.js';
import { FeedsService } from './service.js';

const byRuntime = new WeakMap<Runtime, FeedsService>();

function feedsOf(runtime: Runtime): FeedsService {
  let feeds = byRuntime.get(runtime);
  if (!feeds) {
    feeds = new FeedsService(runtime, contentOf(runtime));
    byRuntime.set(runtime, feeds);
  }
  return feeds;
}

/** RSS feeds of the blog (spec 1 Blog): the latest posts, per category and per tag. */
export const feedsModule: TesseraModule = {
  name: 'feeds',
  setup(runtime) {
    feedsOf(runtime).listen();
  },
  routes(app, runtime) {
    feedRoutes(app, feedsOf(runtime));
  },
};
