import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { TesseraModule } from '../../core/modules/module.js';
import type { Runtime } from '../../core/runtime.js';
import { patternRoutes } from './routes.js';
import { PatternsService } from './service.js';

const services = new WeakMap<Runtime, PatternsService>();

export function patternsOf(runtime: Runtime): PatternsService {
  let service = services.get(runtime);
  if (!service) {
    service = new PatternsService(runtime);
    services.set(runtime, service);
  }
  return service;
}

/** Reusable block patterns (spec 1). */
export const patternsModule: TesseraModule = {
  name: 'patterns',
  migrations: join(dirname(fileURLToPath(import.meta.url)), 'migrations'),
  routes(app, runtime) {
    patternRoutes(app, runtime, patternsOf(runtime));
  },
};
