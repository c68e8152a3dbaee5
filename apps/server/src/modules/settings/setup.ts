import type { Runtime } from '../../core/runtime.js';
import { registerCoreSettings } from './core-groups.js';

const prepared = new WeakSet<Runtime>();

/**
 * Registers core's settings groups on a runtime, once. The HTTP module and every service
 * constructor call it, so `tessera` commands and the worker see the same groups as the server.
 */
export function prepareSettings(runtime: Runtime): void {
  if (prepared.has(runtime)) return;
  prepared.add(runtime);
  registerCoreSettings(runtime.settings);
}
