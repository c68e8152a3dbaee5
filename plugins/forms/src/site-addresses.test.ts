import { describe, expect, it } from 'vitest';
import { formName, formPath, isSitePath, sentPath } from './site-addresses.js';

const FORM_NAME = /^[a-z0-9][a-z0-9_.:-]{0,63}$/;

describe('a form’s addresses and name', () => {
  it('are under /forms, with the language’s prefix but for the site’s own language', () => {
    const site = { default_locale: 'en' };
    expect(formPath(site, 'en', 'contact')).toBe('/forms/contact');
    expect(formPath(site, 'fr', 'contact')).toBe('/fr/forms/contact');
    expect(sentPath(site, 'fr', 'contact')).toBe('/fr/forms/contact/sent');
  });

  it('name each form apart within the platform’s 64 characters, long slugs by a digest', () => {
    expect(formName('contact')).toBe('forms.contact');
    const long = 'a'.repeat(60);
    const longer = `${'a'.repeat(59)}b`;
    expect(formName(long)).toMatch(FORM_NAME);
    expect(formName(long)).toHaveLength(64);
    expect(formName(longer)).toMatch(FORM_NAME);
    expect(formName(long)).not.toBe(formName(longer));
    expect(formName(long)).toBe(formName(long));
  });

  it('redirect only to paths of the site itself', () => {
    expect(isSitePath('/thanks')).toBe(true);
    expect(isSitePath('//evil.example')).toBe(false);
    expect(isSitePath('/\\evil.example')).toBe(false);
    expect(isSitePath('https://example.org/thanks')).toBe(false);
  });
});
