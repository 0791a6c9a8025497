import { describe, expect, it } from 'vitest';
import { mergeSearchParams, type SearchParamValue } from './search-params';

const merge = (query: string, changes: Record<string, SearchParamValue>, reset?: string[]) =>
  mergeSearchParams(new URLSearchParams(query), changes, reset).toString();

describe('mergeSearchParams', () => {
  it('sets, joins lists and removes empty values', () => {
    expect(
      merge('q=a&status=x', { q: 'b', status: null, colors: ['red', 'blue'], limit: 50 }),
    ).toBe('q=b&colors=red%2Cblue&limit=50');
    expect(merge('colors=red', { colors: [] })).toBe('');
  });

  it('leaves page 1 out', () => {
    expect(merge('page=3', { page: 1 })).toBe('');
    expect(merge('', { page: 2 })).toBe('page=2');
  });

  it('resets the named keys unless the change names them', () => {
    const reset = ['page', 'after'];
    expect(merge('page=4&after=x&q=a', { q: 'b' }, reset)).toBe('q=b');
    expect(merge('page=4&q=a', { page: 5, after: 'y' }, reset)).toBe('page=5&q=a&after=y');
  });
});
