import { defaultConcurrency } from './create-workflow-runtime';

describe('default activity concurrency', () => {
  it('leaves the API a core on a small machine', () => {
    expect(defaultConcurrency(1)).toBe(1);
    expect(defaultConcurrency(2)).toBe(1);
    expect(defaultConcurrency(8)).toBe(7);
  });
});
