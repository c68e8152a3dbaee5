import { CronExpressionParser } from 'cron-parser';
import { ValidationFailed } from '../errors.js';

/**
 * The first time after `after` that a cron expression names, in UTC. Accepts five fields (minute
 * first), six (seconds first) or a predefined alias such as `@daily`; anything else is a
 * ValidationFailed on the `cron` field.
 */
export function nextRunAfter(expression: string, after: Date): Date {
  const cron = expression.trim();
  const fields = cron.split(/\s+/).length;
  // cron-parser fills missing fields with defaults, so an empty or short expression would run every minute.
  if (!cron.startsWith('@') && (fields < 5 || fields > 6)) {
    throw invalidCron(
      'Must have five fields (minute hour day-of-month month day-of-week), or six with seconds first.',
    );
  }
  try {
    return CronExpressionParser.parse(cron, { currentDate: after, tz: 'UTC' }).next().toDate();
  } catch (error) {
    throw invalidCron(
      `Not a valid cron expression: ${error instanceof Error ? error.message : String(error)}.`,
    );
  }
}

/** Throws ValidationFailed unless the expression can be scheduled. */
export function assertValidCron(expression: string): void {
  nextRunAfter(expression, new Date());
}

function invalidCron(message: string): ValidationFailed {
  return ValidationFailed.field('cron', message, 'invalid_cron');
}
