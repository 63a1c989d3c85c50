import { describe, expect, it } from 'vitest';
import { runSteps, type Steps, step } from './steps';

describe('runSteps', () => {
  it('runs synchronously, result and all, while no step waits', () => {
    function* steps(): Steps<number> {
      const a = yield* step(2);
      const b = yield* step(a * 3);
      return a + b;
    }
    expect(runSteps(steps())).toBe(8);
  });

  it('goes on asynchronously from the first step that waits, in order', async () => {
    const seen: string[] = [];
    function* steps(): Steps<string> {
      seen.push('start');
      const a = yield* step(Promise.resolve('a'));
      seen.push(a);
      const b = yield* step('b');
      seen.push(b);
      const c = yield* step(Promise.resolve('c'));
      return a + b + c;
    }
    const result = runSteps(steps());
    expect(result).toBeInstanceOf(Promise);
    expect(seen).toEqual(['start']);
    expect(await result).toBe('abc');
    expect(seen).toEqual(['start', 'a', 'b']);
  });

  it("throws a step's rejection into the handler at that step, where it can catch it", async () => {
    function* steps(): Steps<string> {
      try {
        yield* step(Promise.reject(new Error('store down')));
        return 'not reached';
      } catch (error) {
        const after = yield* step(Promise.resolve(' (handled)'));
        return (error as Error).message + after;
      }
    }
    expect(await runSteps(steps())).toBe('store down (handled)');
  });

  it("rejects with the handler's own error, thrown after a step that waited", async () => {
    function* steps(): Steps<string> {
      yield* step(Promise.resolve(1));
      throw new Error('bug');
    }
    await expect(runSteps(steps())).rejects.toThrow('bug');
  });
});
