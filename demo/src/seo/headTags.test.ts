import { describe, expect, it } from 'vitest';
import { portfolio } from '../content/portfolio';
import { headTags, hostPageHead, personJsonLd, robotsTxt, sitemapXml } from './headTags';

describe('head tags of the prerendered page', () => {
  const head = headTags(portfolio);

  it('has the title, description, canonical URL, Open Graph and Twitter tags with an absolute image', () => {
    expect(head).toContain(`<title>${portfolio.pageTitle}</title>`);
    expect(head).toContain('<meta name="description"');
    expect(head).toContain(`<link rel="canonical" href="${portfolio.siteUrl}/" />`);
    expect(head).toContain(
      `<meta property="og:image" content="${portfolio.siteUrl}/images/social-card.jpg" />`,
    );
    expect(head).toContain('<meta property="og:image:width" content="1200" />');
    expect(head).toContain('<meta name="twitter:card" content="summary_large_image" />');
    expect(head).toContain(
      `<meta name="twitter:image" content="${portfolio.siteUrl}/images/social-card.jpg" />`,
    );
  });

  it('describes the owner as a schema.org Person', () => {
    const person = JSON.parse(personJsonLd(portfolio));
    expect(person).toMatchObject({ '@type': 'Person', name: portfolio.name, jobTitle: portfolio.jobTitle });
    expect(person.sameAs).toContain('https://github.com/example');
  });

  it('escapes content so it can neither break an attribute nor close the JSON-LD script', () => {
    const hostile = { ...portfolio, name: '</script><b>', description: 'say "hi" & <go>' };
    expect(personJsonLd(hostile)).not.toContain('</script>');
    expect(headTags(hostile)).toContain('content="say &quot;hi&quot; &amp; &lt;go&gt;"');
  });

  it('lists / in the sitemap and points robots.txt at it', () => {
    expect(sitemapXml(portfolio)).toContain(`<loc>${portfolio.siteUrl}/</loc>`);
    expect(robotsTxt(portfolio)).toContain(`Sitemap: ${portfolio.siteUrl}/sitemap.xml`);
  });

  it('lets crawlers reach the host pages (Lighthouse counts a blocked page as not crawlable)', () => {
    expect(robotsTxt(portfolio)).not.toContain('Disallow');
  });
});

describe('head tags of a prerendered host page', () => {
  it('has the title naming the page, a description and the canonical URL, escaped', () => {
    const head = hostPageHead({ ...portfolio, name: 'A & B' }, '/passage', {
      title: 'Sign in',
      description: 'Sign in "here"',
    });
    expect(head).toContain('<title>Sign in · A &amp; B</title>');
    expect(head).toContain('<meta name="description" content="Sign in &quot;here&quot;" />');
    expect(head).toContain(`<link rel="canonical" href="${portfolio.siteUrl}/passage" />`);
  });
});
