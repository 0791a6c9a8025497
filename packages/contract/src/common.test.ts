import { describe, expect, it } from 'vitest';
import { findUnsafeString, jsonNestsDeeperThan } from './common';

describe('jsonNestsDeeperThan', () => {
  it('counts objects and arrays, not brackets inside strings or after escapes', () => {
    expect(jsonNestsDeeperThan('[[[1]]]', 3)).toBe(false);
    expect(jsonNestsDeeperThan('[[[[1]]]]', 3)).toBe(true);
    expect(jsonNestsDeeperThan('{"a":{"b":[{}]}}', 3)).toBe(true);
    expect(jsonNestsDeeperThan(JSON.stringify({ a: '[[[[[[' }), 2)).toBe(false);
    expect(jsonNestsDeeperThan(JSON.stringify({ a: 'say \\"[[[[' }), 2)).toBe(false);
    expect(jsonNestsDeeperThan('[1],[2],[3]', 1)).toBe(false);
  });
});

describe('findUnsafeString', () => {
  it('names the first bad string in reading order, keys included, without recursing', () => {
    expect(findUnsafeString({ a: 'ok', b: ['fine', 'x\u0000'], c: '\u0000' })).toBe('b.1');
    expect(findUnsafeString({ ['k\u0000']: 1 })).toBe('k\u0000');
    expect(findUnsafeString({ a: 'fine' })).toBeNull();
    let deep: unknown = 'bad\u0000';
    for (let i = 0; i < 20_000; i++) deep = [deep];
    expect(findUnsafeString(deep)?.split('.').length).toBe(20_000);
  });
});
