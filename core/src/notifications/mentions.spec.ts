import { mentionsToPlainText, mentionToken, parseMentions, splitMentions } from './mentions';

const rita = '6f1c2e8a-1b2c-4d3e-8f9a-0b1c2d3e4f5a';
const editors = 'a0b1c2d3-e4f5-4a6b-8c7d-9e0f1a2b3c4d';

describe('parseMentions', () => {
  it('finds users and groups, each once', () => {
    const text = `@[Rita Reviewer](user:${rita}) and @[Editors](group:${editors}), again @[Rita](user:${rita.toUpperCase()})`;
    expect(parseMentions(text)).toEqual({ users: [rita], groups: [editors] });
  });

  it('ignores plain @names, malformed tokens and unknown kinds', () => {
    expect(parseMentions('mail @rita or @[Rita](user:not-a-uuid) or @[X](team:' + rita + ')')).toEqual({
      users: [],
      groups: [],
    });
    expect(parseMentions('')).toEqual({ users: [], groups: [] });
  });
});

describe('splitMentions and mentionsToPlainText', () => {
  const text = `Cut here @[Rita Reviewer](user:${rita}), ask @[Editors](group:${editors})!`;

  it('splits text around tokens', () => {
    expect(splitMentions(text)).toEqual([
      { type: 'text', text: 'Cut here ' },
      { type: 'mention', kind: 'user', id: rita, name: 'Rita Reviewer' },
      { type: 'text', text: ', ask ' },
      { type: 'mention', kind: 'group', id: editors, name: 'Editors' },
      { type: 'text', text: '!' },
    ]);
    expect(splitMentions('no mentions')).toEqual([{ type: 'text', text: 'no mentions' }]);
  });

  it('renders names for e-mail', () => {
    expect(mentionsToPlainText(text)).toBe('Cut here @Rita Reviewer, ask @Editors!');
  });
});

describe('mentionToken', () => {
  it('builds a token that parses back, even from a name with brackets', () => {
    const token = mentionToken('user', rita, 'Rita [QA]');
    expect(token).toBe(`@[Rita  QA](user:${rita})`);
    expect(parseMentions(token)).toEqual({ users: [rita], groups: [] });
  });
});
