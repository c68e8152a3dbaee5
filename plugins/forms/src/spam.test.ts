import { describe, expect, it } from 'vitest';
import { blankField } from './model.js';
import { linksIn, tooManyLinks } from './spam.js';

describe('links in a submission', () => {
  it('counts written-out addresses once each, whatever link markup holds them', () => {
    expect(linksIn('See https://a.example and http://b.example/x')).toBe(2);
    expect(linksIn('www.cheap.example, or https://www.cheap.example')).toBe(2);
    expect(linksIn('<a href="https://spam.example">deal</a> [url=http://spam.example]x[/url]')).toBe(2);
    expect(linksIn('Write to ada@www.example or call; the www is down')).toBe(0);
  });

  it('names the text field holding the most when the form’s text holds more than it takes', () => {
    const fields = [
      blankField('text', 'name', 'Name'),
      blankField('email', 'email', 'Email'),
      blankField('textarea', 'message', 'Message'),
    ];
    const values = {
      name: 'https://a.example',
      email: 'https://b.example',
      message: 'https://c.example https://d.example',
    };
    expect(tooManyLinks(fields, values, 3)).toBeNull();
    expect(tooManyLinks(fields, values, 2)).toBe('message');
    expect(tooManyLinks(fields, { name: 'no links' }, 0)).toBeNull();
    expect(tooManyLinks(fields, { name: 'www.x.example' }, 0)).toBe('name');
  });
});
