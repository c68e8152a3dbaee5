import type { TesseraModule } from '../../core/modules/module.js';
import { contentOf } from '../content/content.js';
import { mediaOf } from '../media/module.js';
import { publicRoutes } from './routes.js';
import { PublicSite } from './service.js';

/** The public site: entries at their URLs in the default theme (spec 1, 2.1). */
export const publicModule: TesseraModule = {
  name: 'public',
  routes(app, runtime) {
    publicRoutes(app, new PublicSite(runtime, contentOf(runtime), mediaOf(runtime).media));
  },
};
