import type { Command } from 'commander';
import { bumpCacheEpoch } from '../core/cache/cache-epoch.js';
import { loadConfig, readEnvironment } from '../core/config.js';
import { AppError } from '../core/errors.js';
import { createRuntime, type Runtime } from '../core/runtime.js';
import type { Site } from '../core/sites/site.js';
import { prepareRuntime } from '../lifecycle.js';

/** A failure the user can act on; printed as one line without a stack. */
export class CliFailure extends Error {}

/**
 * The one line printed for a failure. A domain error with field errors names each field, since its
 * general message ("The given data was invalid.") would not tell the user what to fix.
 */
export function failureLine(error: unknown): string {
  if (error instanceof AppError && Object.keys(error.fields).length > 0) {
    return Object.entries(error.fields)
      .map(([field, messages]) => `${field}: ${messages.join(' ')}`)
      .join('; ');
  }
  const message = error instanceof Error ? error.message : String(error);
  // A multi-line message (a driver's, say) would break the one-line promise; its first line says enough.
  return message.split('\n')[0] ?? message;
}

export interface CliIo {
  out: (text: string) => void;
  err: (text: string) => void;
}

export type CommandRegistration = (program: Command, io: CliIo) => void;

/** For `withRuntime`: a command that only reads. */
export const READ_ONLY = { migrate: true, readOnly: true } as const;

/**
 * Opens a runtime for one command from the environment, brings the schema up to date when asked,
 * and always closes it, so a command leaves no pool or timer behind. A command that may have
 * changed data moves the cache epoch on when it succeeds: the running servers keep pages and API
 * answers in memory, and learn of a change made by this process no other way (they clear within
 * the epoch's poll, 5 s). `readOnly` commands (lists, export) leave their caches be.
 */
export async function withRuntime<T>(
  work: (runtime: Runtime) => Promise<T>,
  options: { migrate?: boolean; readOnly?: boolean } = { migrate: true },
): Promise<T> {
  const config = loadConfig(readEnvironment(process.env, process.cwd()));
  const runtime = createRuntime({
    ...config,
    logLevel: config.logLevel === 'info' ? 'warn' : config.logLevel,
  });
  try {
    // Every command sees the same modules as the server: their permissions, hooks and job handlers.
    if (options.migrate !== false) await prepareRuntime(runtime);
    const result = await work(runtime);
    // Only once the schema is known to hold the epoch's table (migrate --status may run before it).
    if (options.migrate !== false && !options.readOnly) await bumpCacheEpoch(runtime.data.global);
    return result;
  } finally {
    await runtime.close();
  }
}

/** The site a command's `--site <domain>` names, or the oldest site without one. */
export async function siteOf(runtime: Runtime, domain: string | undefined): Promise<Site> {
  if (domain !== undefined) {
    const site = await runtime.siteStore.findByDomain(domain.trim().toLowerCase());
    if (!site) throw new CliFailure(`No site answers on ${domain}.`);
    return site;
  }
  const site = await runtime.siteStore.findDefault();
  if (!site) throw new CliFailure('Tessera is not installed: run tessera install first.');
  return site;
}
