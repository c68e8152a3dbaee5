import pino from 'pino';
import { buildApp } from '../../app.js';
import { loadConfig, readEnvironment } from '../../core/config.js';
import { createLogger } from '../../core/logger.js';
import { createRuntime } from '../../core/runtime.js';
import type { Site } from '../../core/sites/site.js';
import { prepareRuntime } from '../../lifecycle.js';
import { CliFailure, type CommandRegistration } from '../context.js';

/**
 * `tessera mcp`: the MCP server over stdio, for AI clients that start a local process. The token
 * comes from an environment variable named on the command line, never from a flag, so it stays out
 * of shell history and process listings. stdout carries the protocol: logs go to stderr.
 */
export const mcpCommand: CommandRegistration = (program) => {
  program
    .command('mcp')
    .description('serve MCP over stdio for a local AI client, acting with an API token of the site')
    .requiredOption('--site <host or id>', 'the site: one of its host names, or its id')
    .requiredOption('--token-env <variable>', 'the environment variable holding the API token')
    .action(async (options: { site: string; tokenEnv: string }) => {
      const token = process.env[options.tokenEnv]?.trim();
      if (!token) throw new CliFailure(`Set the API token in the environment variable ${options.tokenEnv}.`);
      const config = loadConfig(readEnvironment(process.env, process.cwd()));
      const runtime = createRuntime(config, { log: createLogger(config, pino.destination(2)) });
      try {
        await prepareRuntime(runtime);
        const site = await siteNamed(runtime.siteStore, options.site);
        const app = await buildApp(runtime);
        await app.ready();
        // Loaded here, not with the command table: every other command (serve first) goes without
        // the MCP SDK's few dozen MiB.
        const [{ StdioServerTransport }, { relayToEndpoint }] = await Promise.all([
          import('@modelcontextprotocol/sdk/server/stdio.js'),
          import('../../modules/mcp/stdio.js'),
        ]);
        const transport = new StdioServerTransport(process.stdin, process.stdout);
        process.stdin.once('end', () => void transport.close());
        await relayToEndpoint(app, site, token, transport);
        await app.close();
      } finally {
        await runtime.close();
      }
    });
};

async function siteNamed(
  sites: { findById(id: number): Promise<Site | null>; findByDomain(host: string): Promise<Site | null> },
  name: string,
): Promise<Site> {
  const site = /^\d+$/.test(name)
    ? await sites.findById(Number(name))
    : await sites.findByDomain(name.trim().toLowerCase());
  if (!site) throw new CliFailure(`No site ${name}: give one of its host names or its id.`);
  return site;
}
