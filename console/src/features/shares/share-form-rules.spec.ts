import { invalidRecipients, passwordProblem } from './share-form-rules';

describe('share form rules', () => {
  it('names the recipients that are no address', () => {
    expect(invalidRecipients(['a@x.no', 'b@y.no', 'c@z', 'nobody'])).toEqual(['c@z', 'nobody']);
    expect(invalidRecipients([])).toEqual([]);
  });

  it('accepts no password or a long enough one', () => {
    expect(passwordProblem('', 6)).toBe(false);
    expect(passwordProblem('12345', 6)).toBe(true);
    expect(passwordProblem('123456', 6)).toBe(false);
  });
});
