import { AppError, type FieldErrors, ValidationFailed } from '../../core/errors.js';
import type { Runtime } from '../../core/runtime.js';
import { type Installation, install, isInstalled } from './service-install.js';
import { createSetupToken, SETUP_TOKEN_HOURS } from './setup-token.js';

export type FirstRun =
  | { kind: 'installed_before' }
  | { kind: 'installed_now'; installation: Installation }
  | { kind: 'setup_required'; token: string; url: string };

/** Site name of an install from the environment; renamed later in the site's settings. */
const DEFAULT_SITE_NAME = 'Tessera';

/** Which variable each install field came from, so a bad value names what the operator must fix. */
const variableOfField: Record<string, string> = {
  admin_email: 'TESSERA_ADMIN_EMAIL',
  admin_password: 'TESSERA_ADMIN_PASSWORD',
  domain: 'PUBLIC_URL',
};

/**
 * What a server does on an empty database before it listens: install from TESSERA_ADMIN_EMAIL and
 * TESSERA_ADMIN_PASSWORD when both are set, else print a one-time setup link. `print` receives the
 * lines a person must see (stdout: a log shipper may drop or reformat log lines).
 */
export async function prepareFirstRun(
  runtime: Runtime,
  print: (line: string) => void = (line) => process.stdout.write(`${line}\n`),
): Promise<FirstRun> {
  if (await isInstalled(runtime)) return { kind: 'installed_before' };
  const { config } = runtime;
  const { email, password } = config.admin;

  if (email !== null || password !== null) {
    if (email === null || password === null) {
      const missing = email === null ? 'TESSERA_ADMIN_EMAIL' : 'TESSERA_ADMIN_PASSWORD';
      throw new ValidationFailed({
        [missing]: ['Must be set together with the other TESSERA_ADMIN_ variable.'],
      });
    }
    const installation = await installFromEnvironment(runtime, email, password);
    if (!installation) return { kind: 'installed_before' };
    print(`Tessera is installed: sign in at ${config.publicUrl}/admin as ${installation.admin.email}.`);
    return { kind: 'installed_now', installation };
  }

  const token = await createSetupToken(runtime);
  const url = `${config.publicUrl}/admin/setup?token=${token}`;
  print(`Tessera is not installed. Open this link within ${SETUP_TOKEN_HOURS} hours to set it up: ${url}`);
  print(
    `Or send POST ${config.publicUrl}/api/setup with {"token": "${token}"} and the site_name, domain, admin_email and admin_password fields.`,
  );
  return { kind: 'setup_required', token, url };
}

async function installFromEnvironment(
  runtime: Runtime,
  email: string,
  password: string,
): Promise<Installation | null> {
  try {
    return await install(
      runtime,
      {
        siteName: DEFAULT_SITE_NAME,
        domain: new URL(runtime.config.publicUrl).hostname,
        adminEmail: email,
        adminPassword: password,
      },
      { via: 'environment', ip: null },
    );
  } catch (error) {
    if (error instanceof ValidationFailed)
      throw new ValidationFailed(renameFields(error.fields), error.message, 'invalid_admin_environment');
    // Instances started together on one empty database race; the losers find the winner's install.
    if (error instanceof AppError && error.code === 'already_installed') return null;
    if (await isInstalled(runtime)) return null;
    throw error;
  }
}

function renameFields(fields: FieldErrors): FieldErrors {
  return Object.fromEntries(
    Object.entries(fields).map(([field, messages]) => [variableOfField[field] ?? field, messages]),
  );
}
