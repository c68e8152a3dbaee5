import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';

/**
 * What the server can say to the admin, read from its source: the error codes it sends and the
 * messages it writes, each value in a message as `‹1›`, `‹2›`... For the parity tests of the admin's
 * catalogue (server-text.parity.test.ts); like them outside the admin's type check, since it reads the server.
 */
export interface ServerSource {
  /** Each code with where it is written. */
  codes: Map<string, string>;
  /** Each message (values as ‹n›) with where it is first written. */
  messages: Map<string, string>;
  /** The top message an error goes out with, beside its code, where both are known at the throw. */
  thrown: Array<{ code: string; message: string; where: string }>;
}

/** The server's source and the blocks' (their checks answer the builder's saves), by the name given to their files. */
const ROOTS: Record<string, string> = {
  server: fileURLToPath(new URL('../../../../server/src', import.meta.url)),
  blocks: fileURLToPath(new URL('../../../../../packages/blocks/src', import.meta.url)),
};

/**
 * Where the server speaks to someone other than a person in the admin: the command line, AI clients
 * (MCP), the public site's visitors and theme words, database migrations, the OpenAPI document,
 * startup; and of the blocks, all but the tree's checks and the blocks' own refinements.
 */
const NOT_FOR_THE_ADMIN = [
  /^server\/cli\//,
  /^server\/modules\/mcp\//,
  /^server\/modules\/public\/theme\//,
  /^server\/modules\/public\/contact-form\.ts$/,
  /\/migrations\//,
  /^server\/core\/http\/openapi\.ts$/,
  /^server\/core\/db\//,
  /^server\/core\/config\.ts$/,
  /^server\/main\.ts$/,
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

const INVALID = 'The given data was invalid.';

/** Per error class: which argument is the message, which the code, and what each is when left out. */
interface Thrown {
  message: number;
  code?: number;
  /** Arguments that are neither (an error kind, an HTTP status). */
  skip?: number[];
  defaultCode?: string;
  defaultMessage?: string;
  /** NotFound's message is `<what> not found.` */
  what?: boolean;
}

const THROWN: Record<string, Thrown> = {
  NotFound: { message: 0, code: 1, defaultCode: 'not_found', what: true },
  ValidationFailed: { message: 1, code: 2, defaultCode: 'validation_failed', defaultMessage: INVALID },
  Conflict: { message: 0, code: 1, defaultCode: 'conflict' },
  Forbidden: {
    message: 0,
    code: 1,
    defaultCode: 'forbidden',
    defaultMessage: 'You do not have permission to do this.',
  },
  Unauthenticated: {
    message: 0,
    code: 1,
    defaultCode: 'unauthenticated',
    defaultMessage: 'Authentication is required.',
  },
  BadRequest: { message: 0, code: 1, defaultCode: 'bad_request' },
  PayloadTooLarge: { message: 0, code: 1, defaultCode: 'payload_too_large' },
  UnsupportedMediaType: { message: 0, code: 1, defaultCode: 'unsupported_media_type' },
  UpstreamFailed: { message: 0, code: 1, defaultCode: 'upstream_failed' },
  Locked: { message: 0, code: 1, defaultCode: 'locked' },
  TooManyRequests: {
    message: 1,
    code: 2,
    skip: [0],
    defaultCode: 'rate_limited',
    defaultMessage: 'Too many requests. Try again later.',
  },
  AppError: { message: 2, code: 1, skip: [0] },
  // Failures whose message the server passes on to the client as it is.
  ProviderError: { message: 0, skip: [1] },
  OutboundFailed: { message: 0, skip: [1] },
  DownloadFailed: { message: 0, skip: [1] },
  ImageRefused: { message: 0 },
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

/** Every literal an expression may give (both branches of a `?:`, the messages of a field map). */
function literalsIn(node: ts.Node | undefined, out: Array<[string, ts.Node]> = []): Array<[string, ts.Node]> {
  if (!node) return out;
  const words = wordsOf(node);
  if (words !== null) out.push([words, node]);
  else if (ts.isConditionalExpression(node)) {
    literalsIn(node.whenTrue, out);
    literalsIn(node.whenFalse, out);
  } else ts.forEachChild(node, (child) => void literalsIn(child, out));
  return out;
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

export function readServerSource(): ServerSource {
  const codes = new Map<string, string>();
  const messages = new Map<string, string>();
  const thrown: ServerSource['thrown'] = [];
  for (const [source, root] of Object.entries(ROOTS)) {
    for (const path of sourceFiles(root)) {
      const name = `${source}/${relative(root, path)}`;
      if (NOT_FOR_THE_ADMIN.some((pattern) => pattern.test(name))) continue;
      const file = ts.createSourceFile(path, readFileSync(path, 'utf8'), ts.ScriptTarget.Latest, true);
      const where = (node: ts.Node) =>
        `${name}:${file.getLineAndCharacterOfPosition(node.getStart()).line + 1}`;
      const message = (words: string, node: ts.Node) => {
        if (!messages.has(words)) messages.set(words, where(node));
      };
      const throws = (node: ts.Node, codeWords: string[], top: string | null) => {
        if (top !== null)
          for (const code of codeWords) thrown.push({ code, message: top, where: where(node) });
      };
      const visit = (node: ts.Node): void => {
        const callee =
          ts.isNewExpression(node) || ts.isCallExpression(node) ? node.expression.getText(file) : '';
        const spec = ts.isNewExpression(node) ? THROWN[callee] : undefined;
        if (spec && ts.isNewExpression(node)) {
          const args = node.arguments ?? [];
          const codeWords =
            spec.code === undefined ? [] : literalsIn(args[spec.code]).map(([words]) => words);
          for (const [words, literal] of spec.code === undefined ? [] : literalsIn(args[spec.code]))
            codes.set(words, where(literal));
          args.forEach((argument, i) => {
            if (i === spec.code || spec.skip?.includes(i)) return;
            for (const [words, literal] of literalsIn(argument))
              message(spec.what && i === spec.message ? `${words} not found.` : words, literal);
          });
          const said = args[spec.message];
          const top = said ? wordsOf(said) : (spec.defaultMessage ?? null);
          throws(
            node,
            codeWords.length > 0 ? codeWords : spec.defaultCode ? [spec.defaultCode] : [],
            top !== null && spec.what && said ? `${top} not found.` : top,
          );
          return;
        }
        if (
          ts.isCallExpression(node) &&
          (callee === 'ValidationFailed.field' || callee === 'addFieldError')
        ) {
          const [messageAt, codeAt] = callee === 'addFieldError' ? [2, -1] : [1, 2];
          node.arguments.forEach((argument, i) => {
            for (const [words, literal] of literalsIn(argument)) {
              if (i === messageAt) message(words, literal);
              if (i === codeAt) codes.set(words, where(literal));
            }
          });
          if (callee === 'ValidationFailed.field') {
            const codeWords = literalsIn(node.arguments[2]).map(([words]) => words);
            throws(node, codeWords.length > 0 ? codeWords : ['validation_failed'], INVALID);
          }
          return;
        }
        // `{ code, message }` built by hand (the envelopes of core/http, refusals passed on) and
        // `code = '...'` defaults. Only the core's go out as they are, message on top.
        if (
          ts.isPropertyAssignment(node) &&
          node.name.getText(file) === 'code' &&
          ts.isObjectLiteralExpression(node.parent)
        ) {
          const said = node.parent.properties.find((property) => property.name?.getText(file) === 'message');
          if (said && ts.isPropertyAssignment(said)) {
            const codeWords = literalsIn(node.initializer).map(([words]) => words);
            for (const code of codeWords) codes.set(code, where(node));
            if (name.startsWith('server/core/') || /sendError/.test(node.parent.parent.getText(file)))
              throws(node, codeWords, wordsOf(said.initializer));
          }
        }
        if (ts.isParameter(node) && node.name.getText(file) === 'code' && node.initializer)
          for (const [words, literal] of literalsIn(node.initializer)) codes.set(words, where(literal));
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
  return { codes, messages, thrown };
}
