// @vitest-environment jsdom
import { act, renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

import { useCursorPages } from './use-cursor-pages';

describe('useCursorPages', () => {
  it('keeps each page under its cursor, in order, and replaces a page read again', () => {
    const { result } = renderHook(() => useCursorPages<number>('a'));
    expect(result.current.cursor).toBeUndefined();
    expect(result.current.cursors).toEqual([undefined]);

    act(() => result.current.keep([1, 2]));
    act(() => result.current.more('c2'));
    expect(result.current.cursor).toBe('c2');
    expect(result.current.cursors).toEqual([undefined, 'c2']);

    act(() => result.current.keep([3]));
    act(() => result.current.keep([3, 4]));
    expect(result.current.rows).toEqual([1, 2, 3, 4]);
  });

  it('starts again from the first page on a new filter, and on reset', () => {
    const { result, rerender } = renderHook(({ key }) => useCursorPages<number>(key), {
      initialProps: { key: 'a' },
    });
    act(() => result.current.keep([1]));
    act(() => result.current.more('c2'));
    act(() => result.current.keep([2]));

    rerender({ key: 'b' });
    expect(result.current.cursors).toEqual([undefined]);
    expect(result.current.rows).toEqual([]);

    act(() => result.current.keep([5]));
    act(() => result.current.more('c6'));
    act(() => result.current.reset());
    expect(result.current.cursor).toBeUndefined();
    expect(result.current.rows).toEqual([]);
  });
});
