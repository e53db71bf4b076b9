import { pickerQuery } from './relation-picker';

describe('relation picker query', () => {
  it('makes plain words prefixes and leaves query syntax alone', () => {
    expect(pickerQuery('rush')).toBe('rush*');
    expect(pickerQuery(' cup  final.mp4 ')).toBe('cup* final.mp4*');
    expect(pickerQuery('title:cup')).toBe('title:cup');
    expect(pickerQuery('"cup final"')).toBe('"cup final"');
  });
});
