import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';

/**
 * What the server can say to a person through its API, read from its source: the error codes it
 * sends and the messages it writes, each value in a message as `‹1›`, `‹2›`... For the parity test
 * of its catalogue (core/i18n/catalogue.parity.test.ts): every message has its words in French.
 */

/** The server's source and the blocks' (their checks answer the builder's saves), by the name given to their files. */
const ROOTS: Record<string, string> = {
  server: fileURLToPath(new URL('../src', import.meta.url)),
  blocks: fileURLToPath(new URL('../../../packages/blocks/src', import.meta.url)),
};

/**
 * Where the server speaks other than through the API's error envelope: the command line, AI clients
 * (MCP), the public site's visitors and theme words, database migrations, the OpenAPI document,
 * startup, and the catalogue itself; and of the blocks, all but the tree's checks and the blocks'
 * own refinements.
 */
const NOT_IN_THE_API = [
  /^server\/cli\//,
  /^server\/modules\/mcp\//,
  /^server\/modules\/public\/theme\//,
  /^server\/modules\/public\/contact-form\.ts$/,
  /\/migrations\//,
  /^server\/core\/http\/openapi\.ts$/,
  /^server\/core\/db\//,
  /^server\/core\/config\.ts$/,
  /^server\/main\.ts$/,
  /^server\/core\/i18n\//,
  /^blocks\/(?!tree\.ts$|blocks\/)/,
];

/** Errors whose message is for the server's log or a 500, never shown as written. */
const INTERNAL_ERRORS = new Set([
  'Error',
  'TypeError',
  'RangeError',
  'AggregateError',
  'SecretBoxError',
  'ConfigError',
]);

/** Properties that document (OpenAPI, settings' help) or render, rather than answer. */
const DOCUMENTING = new Set(['description', 'summary', 'help_text', 'title', 'label', 'default']);

/**
 * Per error class: which argument is the message, and which are not words (its code, an error
 * kind, an HTTP status). NotFound's message is `<what> not found.`
 */
interface Thrown {
  message: number;
  skip: number[];
  what?: boolean;
}

const THROWN: Record<string, Thrown> = {
  NotFound: { message: 0, skip: [1], what: true },
  ValidationFailed: { message: 1, skip: [2] },
  Conflict: { message: 0, skip: [1] },
  Forbidden: { message: 0, skip: [1] },
  Unauthenticated: { message: 0, skip: [1] },
  BadRequest: { message: 0, skip: [1] },
  PayloadTooLarge: { message: 0, skip: [1] },
  UnsupportedMediaType: { message: 0, skip: [1] },
  UpstreamFailed: { message: 0, skip: [1] },
  Locked: { message: 0, skip: [1] },
  TooManyRequests: { message: 1, skip: [0, 2] },
  AppError: { message: 2, skip: [0, 1] },
  // Failures whose message the server passes on to the client as it is.
  ProviderError: { message: 0, skip: [1] },
  OutboundFailed: { message: 0, skip: [1] },
  DownloadFailed: { message: 0, skip: [1] },
  ImageRefused: { message: 0, skip: [] },
};

function sourceFiles(dir: string, out: string[] = []): string[] {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) sourceFiles(path, out);
    else if (path.endsWith('.ts') && !/\.(test|test-d|d)\.ts$/.test(path)) out.push(path);
  }
  return out;
}

/** A string or template literal's words, its values as ‹1›, ‹2›...; null for anything else. */
function wordsOf(node: ts.Node): string | null {
  if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) return node.text;
  if (ts.isTemplateExpression(node))
    return node.head.text + node.templateSpans.map((span, i) => `‹${i + 1}›${span.literal.text}`).join('');
  return null;
}

/**
 * Every literal an expression may give (both branches of a `?:`, the messages of a field map); not
 * the codes of field messages (core/i18n/field-messages.ts), whose words the catalogue holds itself.
 */
function literalsIn(node: ts.Node | undefined, out: Array<[string, ts.Node]> = []): Array<[string, ts.Node]> {
  if (!node || isFieldMessage(node)) return out;
  const words = wordsOf(node);
  if (words !== null) out.push([words, node]);
  else if (ts.isConditionalExpression(node)) {
    literalsIn(node.whenTrue, out);
    literalsIn(node.whenFalse, out);
  } else ts.forEachChild(node, (child) => void literalsIn(child, out));
  return out;
}

function isFieldMessage(node: ts.Node): boolean {
  return (
    ts.isCallExpression(node) && ts.isIdentifier(node.expression) && node.expression.text === 'fieldMessage'
  );
}

/** A literal that reads as a sentence said to someone, ending with a full stop. */
function isSentence(words: string): boolean {
  return /^[A-Za-z‹"{]/.test(words) && words.endsWith('.') && words.includes(' ');
}

/** Whether a literal documents, logs or builds an internal error rather than answering a person. */
function isAside(node: ts.Node, file: ts.SourceFile): boolean {
  for (let at: ts.Node = node.parent; at && !ts.isSourceFile(at); at = at.parent) {
    if (ts.isPropertyAssignment(at) && DOCUMENTING.has(at.name.getText(file).replace(/['"]/g, '')))
      return true;
    if (ts.isVariableDeclaration(at) && /description|summary/i.test(at.name.getText(file))) return true;
    if (ts.isNewExpression(at) && INTERNAL_ERRORS.has(at.expression.getText(file))) return true;
    if (
      ts.isCallExpression(at) &&
      /(^|\.)(log|info|warn|error|debug|print)$|\blog\??\./.test(at.expression.getText(file))
    )
      return true;
    if (ts.isStatement(at) || ts.isFunctionLike(at)) return false;
  }
  return false;
}

/** Each message the server's source writes for a person (values as ‹n›), with where it is first written. */
export function writtenMessages(): Map<string, string> {
  const messages = new Map<string, string>();
  for (const [source, root] of Object.entries(ROOTS)) {
    for (const path of sourceFiles(root)) {
      const name = `${source}/${relative(root, path)}`;
      if (NOT_IN_THE_API.some((pattern) => pattern.test(name))) continue;
      const file = ts.createSourceFile(path, readFileSync(path, 'utf8'), ts.ScriptTarget.Latest, true);
      const where = (node: ts.Node) =>
        `${name}:${file.getLineAndCharacterOfPosition(node.getStart()).line + 1}`;
      const message = (words: string, node: ts.Node) => {
        if (!messages.has(words)) messages.set(words, where(node));
      };
      const visit = (node: ts.Node): void => {
        if (isFieldMessage(node)) return;
        const callee =
          ts.isNewExpression(node) || ts.isCallExpression(node) ? node.expression.getText(file) : '';
        const spec = ts.isNewExpression(node) ? THROWN[callee] : undefined;
        if (spec && ts.isNewExpression(node)) {
          (node.arguments ?? []).forEach((argument, i) => {
            if (spec.skip.includes(i)) return;
            for (const [words, literal] of literalsIn(argument))
              message(spec.what && i === spec.message ? `${words} not found.` : words, literal);
          });
          return;
        }
        if (
          ts.isCallExpression(node) &&
          (callee === 'ValidationFailed.field' || callee === 'addFieldError')
        ) {
          const messageAt = callee === 'addFieldError' ? 2 : 1;
          for (const [words, literal] of literalsIn(node.arguments[messageAt])) message(words, literal);
          return;
        }
        const words = wordsOf(node);
        if (words !== null) {
          if (isSentence(words) && !isAside(node, file)) message(words, node);
          return;
        }
        ts.forEachChild(node, visit);
      };
      visit(file);
    }
  }
  return messages;
}
