import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { TesseraModule } from '../../core/modules/module.js';
import { pluginsOf } from '../../core/plugins/plugin-host.js';
import type { Runtime } from '../../core/runtime.js';
import { builderRoutes } from './builder/routes.js';
import { contentOf } from './content.js';
import { entryRoutes } from './entries/routes.js';
import { revisionRoutes } from './revisions/routes.js';
import { taxonomyRoutes } from './taxonomies/routes.js';
import { translationRoutes } from './translations/routes.js';
import { contentUninstallStep, pagePrefixesFree, typeSlugsFree } from './types/plugin-types.js';
import { contentTypeRoutes } from './types/routes.js';
import { workflowRoutes } from './workflow/routes.js';

/** Content types, entries of every type (pages and posts included), taxonomies, workflow, revisions. */
export const contentModule: TesseraModule = {
  name: 'content',
  migrations: join(dirname(fileURLToPath(import.meta.url)), 'migrations'),
  async setup(runtime: Runtime) {
    await contentOf(runtime).setup();
    const plugins = pluginsOf(runtime);
    plugins.addActivationCheck(typeSlugsFree(runtime, plugins));
    plugins.addActivationCheck(pagePrefixesFree(runtime, plugins));
    plugins.addUninstallStep(contentUninstallStep(runtime));
  },
  routes(app, runtime) {
    const content = contentOf(runtime);
    contentTypeRoutes(app, runtime, content.types);
    entryRoutes(app, runtime, content.entries);
    workflowRoutes(app, runtime, content.workflow, content.locks);
    revisionRoutes(app, runtime, content.revisions);
    taxonomyRoutes(app, runtime, content.taxonomies);
    translationRoutes(app, runtime, content.translations);
    builderRoutes(app, runtime, content);
  },
};
