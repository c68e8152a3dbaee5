import { describe, expect, it } from 'vitest';
import { LANGUAGES } from '../../i18n/language.js';
import type { MailFrame } from './layout.js';
import { MAIL_EVENTS, mailEventNamed, sampleOf } from './mail-events.js';
import { renderMail, templateProblems } from './render.js';

const frame: MailFrame = {
  language: 'en',
  siteName: 'Quay Studio',
  siteUrl: 'https://quay.example',
  logoUrl: null,
  primaryColor: '#0f766e',
};

const event = (name: string) => {
  const found = mailEventNamed(name);
  if (!found) throw new Error(`no event ${name}`);
  return found;
};

describe('default mail templates', () => {
  for (const definition of MAIL_EVENTS.values())
    for (const language of LANGUAGES)
      it(`${definition.name} renders in ${language} with its sample data`, async () => {
        const parts = definition.defaults[language];
        expect(await templateProblems(definition, parts)).toEqual({});
        const mail = await renderMail(parts, sampleOf(definition), { ...frame, language });
        for (const part of [mail.subject, mail.html, mail.text]) {
          expect(part).not.toMatch(/\{\{|\{%|undefined|\[object Object\]/);
          expect(part.trim()).not.toBe('');
        }
        expect(mail.subject).not.toContain('\n');
        expect(mail.html).toContain(`<html lang="${language}">`);
        expect(mail.text).toMatch(/\n-- \nQuay Studio\nhttps:\/\/quay\.example\n$/);
        // Each of the event's own values (a link, a name) shows in both parts.
        for (const variable of definition.variables)
          if (
            typeof variable.example === 'string' &&
            variable.name !== 'recipient.email' &&
            variable.name !== 'form.subject'
          ) {
            const first = variable.example.split('\n')[0] as string;
            expect(mail.text, variable.name).toContain(first);
          }
      });
});

describe('rendering', () => {
  const verify = event('account.verify');

  it('escapes values in the HTML part, not in the subject and text', async () => {
    const sample = sampleOf(verify) as { recipient: { name: string } };
    sample.recipient.name = '<script>alert(1)</script> & Co';
    const mail = await renderMail(
      {
        subject: 'For {{ recipient.name }}',
        html: '<p>{{ recipient.name }}</p>',
        text: '{{ recipient.name }}',
      },
      sample,
      frame,
    );
    expect(mail.html).toContain('&lt;script&gt;alert(1)&lt;/script&gt; &amp; Co');
    expect(mail.html).not.toContain('<script>');
    expect(mail.text).toContain('<script>alert(1)</script> & Co');
    expect(mail.subject).toBe('For <script>alert(1)</script> & Co');
  });

  it('frames the HTML with the site: its name, logo and colour, inlined, and no vendor name', async () => {
    const mail = await renderMail(verify.defaults.en, sampleOf(verify), {
      ...frame,
      logoUrl: 'https://quay.example/logo.png',
    });
    expect(mail.html).toContain('<img class="logo" src="https://quay.example/logo.png" alt="Quay Studio"');
    expect(mail.html).toMatch(/class="button"[^>]*style="[^"]*background-color: #0f766e/);
    expect(mail.html).not.toMatch(/<style>[^<]*\.button/);
    expect(mail.html).toContain('@media only screen and (max-width: 620px)');
    expect(mail.html + mail.text).not.toMatch(/tessera/i);
  });

  it('puts dark text on a light brand colour, and keeps links readable', async () => {
    const mail = await renderMail(verify.defaults.en, sampleOf(verify), {
      ...frame,
      primaryColor: '#fde047',
    });
    expect(mail.html).toMatch(/class="button"[^>]*style="[^"]*color: #1f2937/);
    expect(mail.html).toMatch(
      /<a href="https:\/\/quay\.example\/account\/verify\?token=sample" style="color: #1d4ed8/,
    );
  });
});

describe('checking a template', () => {
  const verify = event('account.verify');
  const parts = verify.defaults.en;

  it('names the part and line of a syntax error', async () => {
    const problems = await templateProblems(verify, { ...parts, html: '<p>Hi</p>\n<p>\n{% if %}</p>' });
    expect(problems).toEqual({ html: [expect.stringMatching(/^Line 3: /)] });
  });

  it('refuses a variable the event does not have, and an unknown filter', async () => {
    expect(
      await templateProblems(verify, { ...parts, text: 'Hi\n{{ recipient.nickname }}\n{{ order.total }}' }),
    ).toEqual({
      text: [
        'Line 2: there is no variable recipient.nickname in this mail.',
        'Line 3: there is no variable order.total in this mail.',
      ],
    });
    expect(await templateProblems(verify, { ...parts, subject: '{{ site.name | shout }}' })).toEqual({
      subject: ['Line 1: there is no filter shout.'],
    });
    // Past a documented value, rendering with the sample data decides.
    expect(await templateProblems(verify, { ...parts, subject: '{{ site.name.size }}' })).toEqual({});
    expect(await templateProblems(verify, { ...parts, subject: '\n{{ site.name.nope }}' })).toEqual({
      subject: ['Line 2: there is no variable site.name.nope in this mail.'],
    });
  });

  it('reads no file and bounds the work of a template', async () => {
    for (const tag of ['{% include "secrets" %}', '{% render "/etc/passwd" %}', '{% layout "x" %}'])
      expect(await templateProblems(verify, { ...parts, text: `Hi\n${tag}` })).toEqual({
        text: ['Line 2: a mail template cannot include another template.'],
      });
    const bomb =
      '{% assign s = "xxxxxxxxxx" %}{% for i in (1..40) %}{% assign s = s | append: s %}{% endfor %}{{ s.size }}';
    expect(await templateProblems(verify, { ...parts, text: bomb })).toEqual({
      text: ['Line 1: this template takes too much time or memory to render.'],
    });
  });

  it('allows what a loop or assign defines, and the variables of the site', async () => {
    const form = event('form.submission');
    expect(
      await templateProblems(form, {
        subject: '{{ form.subject }} ({{ site.name }})',
        html: '{% for field in form.fields %}<b>{{ field.label }}</b>{% endfor %}{% assign n = form.fields.size %}{{ n }}',
        text: '{{ site.url }} {{ site.logo_url }}',
      }),
    ).toEqual({});
  });
});
