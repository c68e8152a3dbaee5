import type { CommandRegistration } from '../context.js';
import { backupCommand } from './backup.js';
import { cacheCommand } from './cache.js';
import { contentCommand } from './content.js';
import { installCommand } from './install.js';
import { mcpCommand } from './mcp.js';
import { migrateCommand } from './migrate.js';
import { pluginsCommand } from './plugins.js';
import { searchCommand } from './search.js';
import { serveCommand } from './serve.js';
import { sitesCommand } from './sites.js';
import { themesCommand } from './themes.js';
import { usersCommand } from './users.js';
import { workerCommand } from './worker.js';

/** Every `tessera` command; later modules add theirs here. */
export const commands: CommandRegistration[] = [
  serveCommand,
  workerCommand,
  migrateCommand,
  installCommand,
  cacheCommand,
  backupCommand,
  usersCommand,
  sitesCommand,
  pluginsCommand,
  themesCommand,
  contentCommand,
  searchCommand,
  mcpCommand,
];
