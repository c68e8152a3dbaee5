import type { App } from '../../../core/http/app-type.js';
import type { Runtime } from '../../../core/runtime.js';

/** Declares the campaigns half's job handlers, hooks and settings (every process). */
export function setupCampaigns(_runtime: Runtime): void {}

/** The campaigns half's API and public routes (the server only). */
export function campaignRoutes(_app: App, _runtime: Runtime): void {}
