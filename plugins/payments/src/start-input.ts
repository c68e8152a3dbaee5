import type { PluginErrors } from '@tessera/plugin';
import type { PaymentLineItem, PaymentMethod, StartPayment } from './api.js';
import { failures } from './errors.js';
import { METHODS, MOST_AMOUNT } from './model.js';
import type { NewPayment } from './repo.js';

/**
 * What a caller's `start` must hold, checked before anything is written or asked of the provider:
 * a plugin's code sends it, so a fault is a 422 naming the input's key for that plugin's author.
 */
export interface CheckedStart {
  method: PaymentMethod;
  payment: NewPayment;
  lines: PaymentLineItem[];
  successUrl: string;
  cancelUrl: string;
}

const PURPOSE = /^[a-z0-9][a-z0-9-]{1,39}$/;
const CURRENCY = /^[A-Za-z]{3}$/;
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

const minorUnits = (value: unknown, least: number) =>
  typeof value === 'number' && Number.isInteger(value) && value >= least && value <= MOST_AMOUNT;

function absoluteUrl(value: unknown): boolean {
  if (typeof value !== 'string' || value.length > 2000) return false;
  try {
    const url = new URL(value);
    return url.protocol === 'https:' || url.protocol === 'http:';
  } catch {
    return false;
  }
}

export function checkStart(errors: PluginErrors, input: StartPayment): CheckedStart {
  const problems: Record<string, string[]> = {};
  const problem = (key: string, message: string) => {
    problems[key] = [message];
  };
  if (typeof input.purpose !== 'string' || !PURPOSE.test(input.purpose))
    problem('purpose', 'The calling plugin’s name: 2 to 40 characters of a-z, 0-9 and -.');
  const reference = typeof input.reference === 'string' ? input.reference.trim() : '';
  if (reference === '' || reference.length > 100) problem('reference', 'Give 1 to 100 characters.');
  if (!minorUnits(input.amount, 1)) problem('amount', `An integer of minor units, from 1 to ${MOST_AMOUNT}.`);
  if (typeof input.currency !== 'string' || !CURRENCY.test(input.currency))
    problem('currency', 'An ISO 4217 code of three letters, such as EUR.');
  const description = typeof input.description === 'string' ? input.description.trim() : '';
  if (description === '' || description.length > 500) problem('description', 'Give 1 to 500 characters.');
  const email = input.customerEmail ?? null;
  if (email !== null && (typeof email !== 'string' || email.length > 254 || !EMAIL.test(email)))
    problem('customerEmail', 'This is not an email address.');
  if (!METHODS.includes(input.method)) problem('method', `One of ${METHODS.join(', ')}.`);
  if (!absoluteUrl(input.successUrl)) problem('successUrl', 'An absolute http(s) address.');
  if (!absoluteUrl(input.cancelUrl)) problem('cancelUrl', 'An absolute http(s) address.');

  const lines = input.lineItems ?? [{ name: description, unitAmount: input.amount, quantity: 1 }];
  if (!Array.isArray(lines) || lines.length === 0 || lines.length > 100)
    problem('lineItems', 'From 1 to 100 lines.');
  else
    lines.forEach((line, index) => {
      if (typeof line.name !== 'string' || line.name.trim() === '' || line.name.length > 250)
        problem(`lineItems.${index}.name`, 'Give 1 to 250 characters.');
      if (!minorUnits(line.unitAmount, 0))
        problem(`lineItems.${index}.unitAmount`, 'An integer of minor units.');
      if (!(Number.isInteger(line.quantity) && line.quantity >= 1 && line.quantity <= 9999))
        problem(`lineItems.${index}.quantity`, 'From 1 to 9999.');
    });
  if (Object.keys(problems).length > 0) throw new errors.ValidationFailed(problems);
  const total = lines.reduce((sum, line) => sum + line.unitAmount * line.quantity, 0);
  if (total !== input.amount) throw failures(errors)('payments_amount_mismatch');

  return {
    method: input.method,
    payment: {
      purpose: input.purpose,
      reference,
      method: input.method,
      amount: input.amount,
      currency: input.currency.toUpperCase(),
      description,
      customer_email: email,
    },
    lines: lines.map((line) => ({
      name: line.name.trim(),
      unitAmount: line.unitAmount,
      quantity: line.quantity,
    })),
    successUrl: input.successUrl,
    cancelUrl: input.cancelUrl,
  };
}
