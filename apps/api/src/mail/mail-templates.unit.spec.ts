import { escapeHtml } from '@facet/contracts';
import { brandedHtml, headerSafe, itemsTableHtml, itemsText, money } from './mail-templates';

describe('mail templates', () => {
  it('should escape every interpolated value', () => {
    expect(escapeHtml(`<img src=x onerror="a('b')">&`)).toBe('&lt;img src=x onerror=&quot;a(&#39;b&#39;)&quot;&gt;&amp;');
    const html = itemsTableHtml([{ name: '<b>Ring</b>', quantity: 2, unitCents: 12_345 }], {
      subtotalCents: 24_690,
      shippingCents: 0,
      taxCents: 1975,
      totalCents: 26_665,
    });
    expect(html).toContain('&lt;b&gt;Ring&lt;/b&gt;');
    expect(html).not.toContain('<b>Ring');
    expect(html).toContain('$246.90');
    expect(html).toContain('Free');
    expect(brandedHtml('<t>', '')).toContain('<title>&lt;t&gt;</title>');
  });

  it('should write money like the shop and keep header values on one line', () => {
    expect(money(1_250_000)).toBe('$12,500');
    expect(money(123_450)).toBe('$1,234.50');
    expect(
      itemsText([{ name: 'Ring', quantity: 1, unitCents: 2500 }], {
        subtotalCents: 2500,
        shippingCents: 2500,
        taxCents: 200,
        totalCents: 5200,
      }),
    ).toContain('Total: $52');
    expect(headerSafe('a\r\nBcc: x@y.z')).toBe('a Bcc: x@y.z');
  });
});
