import { AppError } from '@mam/core';
import { forEachItem } from './bulk-items';

describe('forEachItem', () => {
  it('runs each distinct id once, in order, and keeps going past a refusal', async () => {
    const seen: string[] = [];
    const results = await forEachItem(['a', 'b', 'a', 'c'], async (id) => {
      seen.push(id);
      if (id === 'b') throw new AppError('NOT_FOUND');
      return { value: id.toUpperCase() };
    });
    expect(seen).toEqual(['a', 'b', 'c']);
    expect(results).toEqual([
      { itemId: 'a', ok: true, value: 'A' },
      { itemId: 'b', ok: false, code: 'NOT_FOUND', message: new AppError('NOT_FOUND').message },
      { itemId: 'c', ok: true, value: 'C' },
    ]);
  });

  it('lets a fault that is not a refusal through', async () => {
    await expect(
      forEachItem(['a'], async () => {
        throw new Error('database down');
      }),
    ).rejects.toThrow('database down');
  });

  it('refuses more distinct ids than the maximum before running any', async () => {
    let runs = 0;
    const run = async () => {
      runs += 1;
      return {};
    };
    await expect(forEachItem(['a', 'b', 'c'], run, 2)).rejects.toThrow(RangeError);
    expect(runs).toBe(0);
    // Repeats do not count against it.
    expect(await forEachItem(['a', 'b', 'a'], run, 2)).toHaveLength(2);
  });
});
