import { describe, expect, it } from 'vitest';
import { isPassingFailure, retrying } from './retry';

const noWait = () => Promise.resolve();

describe('calls made again when their failure may pass', () => {
  it('tells a failure that may pass from an answer', () => {
    expect(isPassingFailure({ message: 'network' })).toBe(true);
    for (const status of [429, 502, 503, 504]) expect(isPassingFailure({ status })).toBe(true);
    for (const status of [400, 401, 403, 404, 500])
      expect(isPassingFailure({ status })).toBe(false);
  });

  it('makes a call again after a network failure, and answers what it finally got', async () => {
    let calls = 0;
    const waits: number[] = [];
    const answer = await retrying(
      async () => {
        calls += 1;
        if (calls < 3) throw { message: 'network' };
        return 'account';
      },
      [100, 200, 400],
      { wait: async (ms) => void waits.push(ms) },
    );
    expect(answer).toBe('account');
    expect(calls).toBe(3);
    expect(waits).toEqual([100, 200]);
  });

  it('gives up after the last delay, with the last failure', async () => {
    let calls = 0;
    await expect(
      retrying(
        async () => {
          calls += 1;
          throw { status: 503, message: `try ${calls}` };
        },
        [1, 1],
        { wait: noWait },
      ),
    ).rejects.toMatchObject({ message: 'try 3' });
    expect(calls).toBe(3);
  });

  it('does not make a refused call again, nor one whose caller has gone', async () => {
    let calls = 0;
    await expect(
      retrying(
        async () => {
          calls += 1;
          throw { status: 401, message: 'signed out' };
        },
        [1, 1],
        { wait: noWait },
      ),
    ).rejects.toMatchObject({ status: 401 });
    expect(calls).toBe(1);
    calls = 0;
    await expect(
      retrying(
        async () => {
          calls += 1;
          throw { message: 'network' };
        },
        [1, 1],
        { wait: noWait, stop: () => true },
      ),
    ).rejects.toMatchObject({ message: 'network' });
    expect(calls).toBe(1);
  });
});
