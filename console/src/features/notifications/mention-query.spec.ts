import { filterMentionTargets, mentionQueryAt } from './mention-query';
import type { TMentionTarget } from './mention-targets.context';

describe('mentionQueryAt', () => {
  it('finds the @word before the caret', () => {
    expect(mentionQueryAt('Hello @ri', 9)).toEqual({ start: 6, query: 'ri' });
    expect(mentionQueryAt('@', 1)).toEqual({ start: 0, query: '' });
    expect(mentionQueryAt('line\n@Ed', 8)).toEqual({ start: 5, query: 'Ed' });
  });

  it('ignores e-mail addresses, finished words and inserted tokens', () => {
    expect(mentionQueryAt('mail me@host', 12)).toBeNull();
    expect(mentionQueryAt('@rita ', 6)).toBeNull();
    expect(mentionQueryAt('@[Rita](user:1)', 15)).toBeNull();
  });
});

describe('filterMentionTargets', () => {
  const targets: TMentionTarget[] = [
    { kind: 'user', id: '1', name: 'Rita Reviewer', detail: 'rita@x.test' },
    { kind: 'user', id: '2', name: 'Maria', detail: 'maria@x.test' },
    { kind: 'group', id: '3', name: 'Editors', detail: 4 },
  ];

  it('puts names starting with the query first, then names and e-mails containing it', () => {
    expect(filterMentionTargets(targets, 'ri').map((t) => t.id)).toEqual(['1', '2']);
    expect(filterMentionTargets(targets, 'edit').map((t) => t.id)).toEqual(['3']);
    expect(filterMentionTargets(targets, '').map((t) => t.id)).toEqual(['3', '2', '1']);
    expect(filterMentionTargets(targets, 'zzz')).toEqual([]);
  });
});
