import { RE2JS, RE2JSSyntaxException } from 're2js';
import { fieldMessage } from '../../../core/i18n/field-messages.js';

/**
 * The regular expressions a site's Admin writes (a text field's `pattern`), run by RE2 (re2js)
 * rather than by JavaScript's backtracking engine: RE2's time grows with the value's length times
 * the pattern's size, never exponentially, so a pattern such as `((a+))+` cannot hold the process
 * and every site's requests with it. A pattern must also be a valid JavaScript expression (u flag):
 * the admin app and MCP clients (as JSON Schema) check values with it too.
 */

/** Instructions of a compiled pattern, at most: `[a-z0-9-]{1,100}` is about 200, `.{0,255}` about 520. */
const MAX_SIZE = 1000;

/**
 * The work one operation (a type's definitions, an entry's values) may spend on patterns: matching
 * costs the pattern's size times the value's length, compiling `COMPILE_COST` per instruction.
 * Measured with re2js 2.10, the slowest patterns take about 20 ns a unit, so this is under half a second.
 */
const WORK_PER_OPERATION = 20_000_000;
const COMPILE_COST = 50;

const CACHE_SIZE = 500;

const NOT_VALID = fieldMessage('definition.pattern_invalid');

type Compiled = { ok: true; program: RE2JS; size: number } | { ok: false; problem: string };

/** Compiled patterns by source, the oldest dropped first past CACHE_SIZE. */
const cache = new Map<string, Compiled>();

/** What an operation has left to spend on patterns; see WORK_PER_OPERATION. */
export class PatternBudget {
  #left = WORK_PER_OPERATION;

  /** Takes `work` from what is left; false, taking nothing, when not enough is left. */
  spend(work: number): boolean {
    if (work > this.#left) return false;
    this.#left -= work;
    return true;
  }
}

/** Why `source` cannot be a field's pattern (a message for the 422), or null when it can. */
export function patternProblem(source: string, budget: PatternBudget): string | null {
  const compiled = compile(source);
  if (!compiled.ok) return compiled.problem;
  return budget.spend(compiled.size * COMPILE_COST) ? null : fieldMessage('definition.patterns_too_large');
}

/** Why `value` fails the pattern `source` (matched against the whole value), or null when it matches. */
export function formatProblem(source: string, value: string, budget: PatternBudget): string | null {
  const compiled = compile(source);
  if (!compiled.ok) return fieldMessage('field.pattern_refused');
  if (!budget.spend(compiled.size * (value.length + 1))) return fieldMessage('field.pattern_work');
  return compiled.program.testExact(value) ? null : fieldMessage('field.pattern');
}

function compile(source: string): Compiled {
  let compiled = cache.get(source);
  if (compiled) return compiled;
  compiled = compileAnew(source);
  if (cache.size >= CACHE_SIZE) cache.delete(cache.keys().next().value ?? '');
  cache.set(source, compiled);
  return compiled;
}

function compileAnew(source: string): Compiled {
  try {
    new RegExp(source, 'u');
  } catch {
    return { ok: false, problem: NOT_VALID };
  }
  const construct = backtrackingConstruct(source);
  if (construct === 'backreference')
    return { ok: false, problem: fieldMessage('definition.pattern_backreference') };
  if (construct === 'lookaround')
    return { ok: false, problem: fieldMessage('definition.pattern_lookaround') };
  let program: RE2JS;
  try {
    // translateRegExp turns JavaScript's own spellings (\u00e9, \u{1F600}, \cA, [^]) into RE2's.
    program = RE2JS.compile(`(?:${RE2JS.translateRegExp(source)})`);
  } catch (error) {
    if (!(error instanceof RE2JSSyntaxException)) return { ok: false, problem: NOT_VALID };
    return {
      ok: false,
      problem: fieldMessage('definition.pattern_unsupported', {
        what: error.error,
        where: error.input ?? '',
      }),
    };
  }
  const size = program.programSize();
  if (size > MAX_SIZE)
    return { ok: false, problem: fieldMessage('definition.pattern_too_large', { size, limit: MAX_SIZE }) };
  return { ok: true, program, size };
}

/**
 * The first construct of a valid JavaScript pattern that only a backtracking engine can run, or
 * null. Looked for before translating, which would quietly make `\k<name>` the letters `k<name>`.
 */
function backtrackingConstruct(source: string): 'backreference' | 'lookaround' | null {
  let inClass = false;
  for (let i = 0; i < source.length; i++) {
    const char = source[i];
    if (char === '\\') {
      const next = source[i + 1] ?? '';
      // With the u flag, \1 to \9 and \k are backreferences outside a class and errors inside one.
      if (!inClass && /[1-9k]/.test(next)) return 'backreference';
      i++;
    } else if (inClass) {
      if (char === ']') inClass = false;
    } else if (char === '[') inClass = true;
    else if (char === '(' && /^\(\?<?[=!]/.test(source.slice(i, i + 4))) return 'lookaround';
  }
  return null;
}

/**
 * `plugin.patterns`: the same engine for plugins' own patterns (a form field's), each call with a
 * budget of its own. Messages are the server's, in English.
 */
export const pluginPatterns = {
  problem: (pattern: string): string | null =>
    typeof pattern === 'string' ? patternProblem(pattern, new PatternBudget()) : NOT_VALID,
  matches: (pattern: string, value: string): boolean =>
    typeof pattern === 'string' &&
    typeof value === 'string' &&
    formatProblem(pattern, value, new PatternBudget()) === null,
};
