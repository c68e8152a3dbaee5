import { addFieldError, type FieldErrors, fieldErrors } from '../../errors.js';
import { framedHtml, framedText, type MailFrame } from './layout.js';
import {
  type MailPart,
  type MailParts,
  parsePart,
  renderPart,
  TemplateFailed,
  unknownVariable,
  variablesRead,
} from './liquid.js';
import type { MailEventDefinition } from './mail-event.js';
import { sampleOf, variablesOf } from './mail-events.js';

/** A mail as it is queued: what the templates gave, in the site's frame. */
export interface RenderedMail {
  subject: string;
  html: string;
  text: string;
}

const PARTS: readonly MailPart[] = ['subject', 'html', 'text'];

/**
 * Renders a mail's three parts with `variables` and frames them: the HTML part in the site's layout
 * with its CSS inlined, the text part with the site's signature, the subject on one line. A part
 * that cannot render throws TemplateFailed (stored templates were checked when saved, so that is a
 * variable the sender did not give).
 */
export async function renderMail(
  parts: MailParts,
  variables: object,
  frame: MailFrame,
): Promise<RenderedMail> {
  const [subject, html, text] = await Promise.all(
    PARTS.map((part) => renderPart(part, parsePart(part, parts[part]), variables)),
  );
  const oneLine = (subject ?? '').replace(/\s+/g, ' ').trim();
  return {
    subject: oneLine,
    html: framedHtml(html ?? '', oneLine, frame),
    text: framedText(text ?? '', frame),
  };
}

/**
 * What is wrong with templates for `event`, by part, each message naming its line: a Liquid syntax
 * error, a variable the event does not have, an unknown filter, or a failure to render with the
 * event's sample data. Empty when they may be saved.
 */
export async function templateProblems(event: MailEventDefinition, parts: MailParts): Promise<FieldErrors> {
  const problems = fieldErrors();
  const known = variablesOf(event).map((variable) => variable.name.split('.'));
  const sample = sampleOf(event);
  for (const part of PARTS) {
    try {
      const parsed = parsePart(part, parts[part]);
      const unknown = variablesRead(part, parsed).filter(({ path }) => !isKnown(path, known));
      for (const { path, line } of unknown) {
        const message = unknownVariable(line, path.join('.'));
        addFieldError(problems, part, message);
      }
      if (unknown.length === 0) await renderPart(part, parsed, sample);
    } catch (error) {
      if (!(error instanceof TemplateFailed)) throw error;
      addFieldError(problems, part, error.fault.message);
    }
  }
  return problems;
}

/**
 * Whether a path read by a template agrees with a documented variable as far as both go: it stops
 * above one (`site`, an object), names one, or reaches past one (`site.name.size`, which rendering
 * with the sample data checks further).
 */
function isKnown(path: readonly string[], known: readonly string[][]): boolean {
  return known.some((name) => name.every((segment, i) => i >= path.length || path[i] === segment));
}
