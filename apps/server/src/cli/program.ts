import { Command, CommanderError } from 'commander';
import { commands } from './commands/index.js';
import { failureLine } from './context.js';

export const EXIT_OK = 0;
export const EXIT_FAILURE = 1;
export const EXIT_USAGE = 2;

/**
 * Runs the `tessera` command line and returns the exit code: 0 on success, 1 on a failure (one
 * clear line on stderr, the stack only with --verbose), 2 on an unknown command or bad flag.
 */
export async function runCli(
  argv: string[],
  io: { out: (text: string) => void; err: (text: string) => void } = {
    out: (text) => process.stdout.write(text),
    err: (text) => process.stderr.write(text),
  },
): Promise<number> {
  const program = new Command('tessera')
    .description('Tessera content management system')
    .option('--verbose', 'print stack traces on failure')
    .showHelpAfterError('(run tessera --help for usage)')
    .exitOverride()
    .configureOutput({ writeOut: io.out, writeErr: io.err });

  for (const register of commands) register(program, io);
  program.commands.forEach((command) => {
    command.exitOverride().configureOutput({ writeOut: io.out, writeErr: io.err });
  });

  try {
    if (argv.length === 0) {
      program.outputHelp();
      return EXIT_USAGE;
    }
    await program.parseAsync(argv, { from: 'user' });
    return EXIT_OK;
  } catch (error) {
    if (error instanceof CommanderError) {
      if (
        error.code === 'commander.helpDisplayed' ||
        error.code === 'commander.help' ||
        error.code === 'commander.version'
      ) {
        return EXIT_OK;
      }
      return EXIT_USAGE;
    }
    const verbose = argv.includes('--verbose');
    io.err(`tessera: ${failureLine(error)}\n`);
    if (verbose && error instanceof Error && error.stack) io.err(`${error.stack}\n`);
    return EXIT_FAILURE;
  }
}
