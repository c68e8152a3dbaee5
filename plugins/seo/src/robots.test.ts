import { describe, expect, it } from 'vitest';
import { robotsProblem, robotsText } from './robots.js';

describe('robots.txt as written in the admin', () => {
  it('accepts the rules crawlers read, comments and blank lines', () => {
    expect(
      robotsProblem(
        '# crawlers\nUser-agent: *\nDisallow: /private/\nAllow: /private/open\n\nUser-agent: Googlebot\nDisallow:\nCrawl-delay: 2\nSitemap: https://a.example/news.xml\n',
      ),
    ).toBeNull();
    expect(robotsProblem('')).toBeNull();
  });

  it('names the first line that is not a rule, and why', () => {
    expect(robotsProblem('User-agent: *\nDisalow: /x')).toMatch(/^Line 2: “Disalow” is not a field/);
    expect(robotsProblem('Disallow: /x')).toMatch(/^Line 1: Disallow must follow a User-agent line/);
    expect(robotsProblem('User-agent: *\nDisallow: private')).toMatch(/path starting with \//);
    expect(robotsProblem('Sitemap: /sitemap.xml')).toMatch(/full address/);
    expect(robotsProblem('just words')).toMatch(/^Line 1 is not a rule/);
    expect(robotsProblem('User-agent:')).toMatch(/crawler's name/);
  });

  it('serves the text with the sitemap named once, everything disallowed while discouraged', () => {
    const sitemap = 'https://a.example/sitemap.xml';
    expect(robotsText('core', { discourage: false, text: '', sitemap })).toBe('core');
    expect(robotsText('core', { discourage: false, text: 'User-agent: *\nDisallow: /x', sitemap })).toBe(
      `User-agent: *\nDisallow: /x\n\nSitemap: ${sitemap}\n`,
    );
    expect(
      robotsText('core', { discourage: false, text: `User-agent: *\nSitemap: ${sitemap}`, sitemap }),
    ).toBe(`User-agent: *\nSitemap: ${sitemap}\n`);
    expect(robotsText('core', { discourage: true, text: 'User-agent: *', sitemap })).toBe(
      'User-agent: *\nDisallow: /\n',
    );
  });
});
