import { escapeHtml } from '@facet/contracts';
import { renderBrandedMail, subjectSafe } from './mail-templates';

describe('branded mail', () => {
  it('should escape every value in the HTML and keep the text plain', () => {
    const { html, text } = renderBrandedMail({
      greeting: 'Dear <Eve>,',
      paragraphs: [`It's "fine" & done`],
      details: [
        ['Notes', '<script>x</script>'],
        ['Empty', null],
      ],
    });
    expect(html).toContain('Dear &lt;Eve&gt;,');
    expect(html).toContain('It&#39;s &quot;fine&quot; &amp; done');
    expect(html).toContain('&lt;script&gt;x&lt;/script&gt;');
    expect(html).not.toContain('<script>');
    expect(html).not.toContain('Empty');
    expect(html).toContain('FACET');
    expect(text).toContain('Notes: <script>x</script>');
    expect(text).toContain('Dear <Eve>,');
  });

  it('should flatten line breaks out of subjects and shorten long ones', () => {
    expect(subjectSafe('Hi\r\nBcc: x@y.z')).toBe('Hi Bcc: x@y.z');
    expect(subjectSafe('x'.repeat(100), 10)).toHaveLength(10);
    expect(escapeHtml(null)).toBe('');
  });
});
