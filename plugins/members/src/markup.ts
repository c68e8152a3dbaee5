import { type FieldDefinition, html, type SafeHtml } from '@tessera/plugin';
import type { Plan } from './model.js';
import type { Words } from './words.js';

/**
 * The plugin's HTML: plans with their benefits, and profile fields as inputs with their errors
 * beside them (aria-invalid, aria-describedby), working without JavaScript.
 */

export function priceOf(plan: Plan, words: Words, locale: string): string {
  if (plan.price === 0 || plan.currency === null) return words.free;
  const amount = new Intl.NumberFormat(locale, { style: 'currency', currency: plan.currency }).format(
    plan.price / 100,
  );
  return plan.interval === 'year' ? words.perYear(amount) : words.perMonth(amount);
}

export function planCard(plan: Plan, words: Words, locale: string, action: SafeHtml | string): SafeHtml {
  return html`<article class="tb-members-plan" aria-labelledby="plan-${plan.slug}">
  <h2 id="plan-${plan.slug}">${plan.name}</h2>
  <p class="tb-members-price">${priceOf(plan, words, locale)}</p>
  ${plan.description ? html`<p>${plan.description}</p>` : ''}
  ${plan.benefits.length > 0 ? html`<ul>${plan.benefits.map((benefit) => html`<li>${benefit}</li>`)}</ul>` : ''}
  ${action}
</article>`;
}

/** Profile inputs of these fields (image fields are set by administrators, by media id: left out). */
export function profileInputs(
  fields: readonly FieldDefinition[],
  values: Record<string, unknown>,
  faults: Record<string, string[]>,
  words: Words,
): SafeHtml {
  return html`${fields.filter((field) => field.type !== 'image').map((field) => fieldInput(field, values[field.key], faults[field.key], words))}`;
}

function fieldInput(
  field: FieldDefinition,
  value: unknown,
  fault: string[] | undefined,
  words: Words,
): SafeHtml {
  const id = `profile-${field.key}`;
  const name = `profile_${field.key}`;
  const errorId = `${id}-error`;
  const help = field.help_text ? html`<p class="tb-help" id="${id}-help">${field.help_text}</p>` : '';
  const describedBy = [fault ? errorId : '', field.help_text ? `${id}-help` : ''].filter(Boolean).join(' ');
  const aria = html`${describedBy ? html` aria-describedby="${describedBy}"` : ''}${fault ? html` aria-invalid="true"` : ''}${field.required ? html` required` : ''}`;
  const label = html`${field.label}${field.required ? html` <span class="tb-required">(${words.required})</span>` : ''}`;
  const error = fault ? html`<p class="tb-field-error" id="${errorId}">${fault.join(' ')}</p>` : '';
  const text = value === null || value === undefined ? '' : String(value);
  if (field.type === 'checkbox')
    return html`<div class="tb-field"><input type="checkbox" id="${id}" name="${name}" value="1"${value === true ? html` checked` : ''}${aria}> <label for="${id}">${label}</label>${help}${error}</div>`;
  if (field.type === 'radio')
    return html`<fieldset class="tb-field"${aria}><legend>${label}</legend>${(field.choices ?? []).map(
      (choice, index) =>
        html`<div><input type="radio" id="${id}-${index}" name="${name}" value="${choice.value}"${text === choice.value ? html` checked` : ''}> <label for="${id}-${index}">${choice.label}</label></div>`,
    )}${help}${error}</fieldset>`;
  let input: SafeHtml;
  if (field.type === 'textarea') input = html`<textarea id="${id}" name="${name}"${aria}>${text}</textarea>`;
  else if (field.type === 'select') {
    const chosen = Array.isArray(value) ? value.map(String) : [text];
    input = html`<select id="${id}" name="${name}"${field.multiple ? html` multiple` : ''}${aria}>${field.multiple ? '' : html`<option value=""></option>`}${(
      field.choices ?? []
    ).map(
      (choice) =>
        html`<option value="${choice.value}"${chosen.includes(choice.value) ? html` selected` : ''}>${choice.label}</option>`,
    )}</select>`;
  } else {
    const type =
      { number: 'number', email: 'email', url: 'url', date: 'date', color: 'color' }[field.type as string] ??
      'text';
    input = html`<input type="${type}" id="${id}" name="${name}" value="${text}"${aria}>`;
  }
  return html`<div class="tb-field"><label for="${id}">${label}</label>${help}${input}${error}</div>`;
}
