import { AppError } from '../errors/app-error';
import { assertReplicationEnds, isReplicationShardCount, splitIntoShards } from './replication-setting';

describe('replication settings', () => {
  it('deals work round robin to at most the shard count, never an empty shard', () => {
    expect(splitIntoShards(['a', 'b', 'c', 'd', 'e'], 2)).toEqual([
      ['a', 'c', 'e'],
      ['b', 'd'],
    ]);
    expect(splitIntoShards(['a', 'b'], 16)).toEqual([['a'], ['b']]);
    expect(splitIntoShards([], 4)).toEqual([]);
    const many = Array.from({ length: 100 }, (_, i) => i);
    const shards = splitIntoShards(many, 16);
    expect(shards).toHaveLength(16);
    expect(shards.flat().sort((a, b) => a - b)).toEqual(many);
    expect(Math.max(...shards.map((s) => s.length)) - Math.min(...shards.map((s) => s.length))).toBeLessThanOrEqual(1);
  });

  it('accepts 1 to 16 whole shards only', () => {
    expect([1, 2, 16].map(isReplicationShardCount)).toEqual([true, true, true]);
    expect([0, 17, 1.5, -1, Number.NaN].map(isReplicationShardCount)).toEqual([false, false, false, false, false]);
    expect(() => splitIntoShards(['a'], 0)).toThrow(AppError);
    expect(() => splitIntoShards(['a'], 17)).toThrow(AppError);
  });

  it('refuses the same storage at both ends and an externally replicated source', () => {
    const code = (fn: () => void) => {
      try {
        fn();
        return null;
      } catch (error) {
        return (error as AppError).code;
      }
    };
    expect(code(() => assertReplicationEnds({ sourceId: 'a', targetId: 'a', sourceExternallyReplicated: false }))).toBe(
      'REPLICATION_SAME_STORAGE',
    );
    expect(code(() => assertReplicationEnds({ sourceId: 'a', targetId: 'b', sourceExternallyReplicated: true }))).toBe(
      'REPLICATION_SOURCE_EXTERNAL',
    );
    expect(code(() => assertReplicationEnds({ sourceId: 'a', targetId: 'b', sourceExternallyReplicated: false }))).toBe(
      null,
    );
  });
});
