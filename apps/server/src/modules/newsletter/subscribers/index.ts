import type { App } from '../../../core/http/app-type.js';
import type { Runtime } from '../../../core/runtime.js';

/** Declares the subscribers half's job handlers, hooks and settings (every process). */
export function setupSubscribers(_runtime: Runtime): void {}

/** The subscribers half's API and public routes (the server only). */
export function subscriberRoutes(_app: App, _runtime: Runtime): void {}
