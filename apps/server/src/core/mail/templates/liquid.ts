import {
  Liquid,
  LiquidError,
  type LiquidOptions,
  Tag,
  type Template,
  UndefinedVariableError,
} from 'liquidjs';

/** A mail template's three parts, as an administrator writes them. */
export interface MailParts {
  subject: string;
  html: string;
  text: string;
}

export type MailPart = keyof MailParts;

/** Where a template went wrong, and what, in the words of its line: "Line 3: ...". */
export interface TemplateFault {
  line: number;
  message: string;
}

/** Thrown for a part that cannot become a mail; its fault says where and why. */
export class TemplateFailed extends Error {
  constructor(
    readonly part: MailPart,
    readonly fault: TemplateFault,
  ) {
    super(fault.message);
    this.name = 'TemplateFailed';
  }
}

/** Why include, render and layout are refused: a mail template reads nothing but its variables. */
class OtherTemplateRefused extends Error {}

class RefusedTag extends Tag {
  constructor(...args: ConstructorParameters<typeof Tag>) {
    super(...args);
    throw new OtherTemplateRefused();
  }
  *render(): Generator<never, void> {}
}

/**
 * The bounds of one template: administrators write them, so a loop over a huge range or a string
 * doubled in a loop must fail instead of holding the worker (LiquidJS 10's DoS limits).
 */
const LIMITS = {
  /** Characters parsed per call: a part is at most 100,000 (the API's limit), with room for the layout. */
  parseLimit: 1_000_000,
  /** Milliseconds per render. */
  renderLimit: 2_000,
  /** Objects and characters allocated per render (ranges, joins, appends). */
  memoryLimit: 10_000_000,
};

function safeLiquid(options: LiquidOptions): Liquid {
  const liquid = new Liquid({
    // An empty in-memory file table: no template is ever looked up on disk.
    templates: {},
    relativeReference: false,
    dynamicPartials: false,
    strictVariables: true,
    strictFilters: true,
    // Only the values handed in are reachable, never a prototype's (`constructor`...).
    ownPropertyOnly: true,
    ...LIMITS,
    ...options,
  });
  for (const tag of ['include', 'render', 'layout']) liquid.registerTag(tag, RefusedTag);
  return liquid;
}

/**
 * The two engines mail templates run on: the HTML part escapes every value it prints (a visitor's
 * name `<script>` arrives as text; `| raw` opts out), the subject and text parts print values as
 * they are, since neither is HTML.
 */
const engines: Record<'html' | 'plain', Liquid> = {
  html: safeLiquid({ outputEscape: 'escape' }),
  plain: safeLiquid({}),
};

function engineOf(part: MailPart): Liquid {
  return part === 'html' ? engines.html : engines.plain;
}

/** A parsed part, or its fault. */
export function parsePart(part: MailPart, source: string): Template[] {
  try {
    return engineOf(part).parse(source);
  } catch (error) {
    throw new TemplateFailed(part, faultOf(error));
  }
}

/** The global variables a parsed part reads (`site.name`), with the line of each use. */
export function variablesRead(
  part: MailPart,
  templates: Template[],
): Array<{ path: string[]; line: number }> {
  const analysis = engineOf(part).analyzeSync(templates);
  return Object.values(analysis.globals).flatMap((uses) =>
    uses.map((use) => ({
      // A dynamic index (`list[i]`) ends the path there: what it reaches is known only at render.
      path: takeWhileNames(use.segments),
      line: use.location.row,
    })),
  );
}

function takeWhileNames(segments: ReadonlyArray<unknown>): string[] {
  const names: string[] = [];
  for (const segment of segments) {
    if (typeof segment !== 'string') break;
    names.push(segment);
  }
  return names;
}

/** Renders a parsed part with `variables`; a fault (an unknown variable at render) is thrown as TemplateFailed. */
export async function renderPart(part: MailPart, templates: Template[], variables: object): Promise<string> {
  try {
    return String(await engineOf(part).render(templates, variables));
  } catch (error) {
    throw new TemplateFailed(part, faultOf(error));
  }
}

/**
 * A LiquidJS failure as a line and a sentence. Unknown variables, unknown filters, refused tags and
 * exceeded limits get words of ours (said in French too); other syntax errors keep LiquidJS's.
 */
function faultOf(error: unknown): TemplateFault {
  if (!(error instanceof LiquidError)) throw error;
  const line = error.token?.getPosition()[0] ?? 1;
  const original = error.originalError;
  const problem = (original?.message ?? error.message).replace(/, line:\d+, col:\d+$/, '');
  if (original instanceof OtherTemplateRefused)
    return { line, message: `Line ${line}: a mail template cannot include another template.` };
  const variable = /^undefined variable: (.+)$/.exec(problem);
  if (error instanceof UndefinedVariableError || variable)
    return { line, message: unknownVariable(line, variable?.[1] ?? '?') };
  const filter = /^undefined filter: (.+)$/.exec(problem);
  if (filter) return { line, message: `Line ${line}: there is no filter ${filter[1]}.` };
  if (/limit exceeded/.test(problem))
    return { line, message: `Line ${line}: this template takes too much time or memory to render.` };
  return { line, message: `Line ${line}: ${problem}` };
}

export function unknownVariable(line: number, name: string): string {
  return `Line ${line}: there is no variable ${name} in this mail.`;
}
