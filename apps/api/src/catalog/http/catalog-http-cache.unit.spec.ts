import { keptAnswerKey } from './catalog-http-cache';

describe('keptAnswerKey', () => {
  it('should file a list under its own parameters only, in any order', () => {
    const a = keptAnswerKey('/api/products', '/api/products', { search: 'ring', limit: '20' });
    const b = keptAnswerKey('/api/products', '/api/products', { limit: '20', search: 'ring' });
    expect(a).toBe(b);
    expect(a).not.toBe(keptAnswerKey('/api/products', '/api/products', { limit: '21', search: 'ring' }));
    expect(a).not.toBe(keptAnswerKey('/api/products', '/api/products', { search: 'ring' }));
  });

  it('should not answer from a kept body a list read with a parameter its route refuses', () => {
    expect(keptAnswerKey('/api/products', '/api/products', { limit: '20', utm_source: 'x'.repeat(12_000) })).toBeNull();
    expect(keptAnswerKey('/api/products/category/women-rings', '/api/products/category/:category', { search: 'x' })).toBeNull();
  });

  it('should ignore every parameter of a read that takes none', () => {
    const id = '/api/products/3f0c2a1e-8d1b-4c3e-9a7f-0b1c2d3e4f50';
    expect(keptAnswerKey(id, '/api/products/:id', { ref: 'x'.repeat(12_000), n: '1' })).toBe(id);
    expect(keptAnswerKey('/api/categories', '/api/categories', { utm_source: 'y' })).toBe('/api/categories');
  });

  it('should keep nothing under a key longer than any valid read has', () => {
    expect(keptAnswerKey('/api/products', '/api/products', { search: 'q'.repeat(3000) })).toBeNull();
    expect(keptAnswerKey(`/api/categories/${'%41'.repeat(1000)}`, '/api/categories/:id', {})).toBeNull();
    // The longest valid search, 200 characters of two-byte text, fits.
    expect(keptAnswerKey('/api/products', '/api/products', { search: '€'.repeat(200), limit: '100', page: '100000' })).not.toBeNull();
  });
});
