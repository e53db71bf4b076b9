import { mentionToken } from '@mam/core';
import {
  afterEdit,
  insertMention,
  mentionEndingAt,
  mentionStartingAt,
  toEditorText,
  toSavedText,
  withoutMention,
} from './mention-editor';

const rita = { kind: 'user' as const, id: '11111111-1111-4111-8111-111111111111', name: 'Rita Reviewer' };
const editors = { kind: 'group' as const, id: '22222222-2222-4222-8222-222222222222', name: 'Editors' };
const saved = `Hi ${mentionToken('user', rita.id, rita.name)}, ask ${mentionToken('group', editors.id, editors.name)}.`;

describe('the mention editor', () => {
  it('shows tokens as names and saves them back as the same tokens', () => {
    const shown = toEditorText(saved);
    expect(shown.text).toBe('Hi @Rita Reviewer, ask @Editors.');
    expect(shown.mentions.map((m) => shown.text.slice(m.start, m.end))).toEqual(['@Rita Reviewer', '@Editors']);
    expect(toSavedText(shown)).toBe(saved);
    expect(toSavedText(toEditorText('plain'))).toBe('plain');
  });

  it('moves mentions with typing before them and keeps them with typing after them', () => {
    const shown = toEditorText(saved);
    const typedBefore = afterEdit(shown, `Oh ${shown.text}`);
    expect(toSavedText(typedBefore)).toBe(`Oh ${saved}`);
    const typedAfter = afterEdit(shown, `${shown.text} Thanks`);
    expect(toSavedText(typedAfter)).toBe(`${saved} Thanks`);
  });

  it('turns a mention whose name was edited into plain text', () => {
    const shown = toEditorText(saved);
    const edited = afterEdit(shown, shown.text.replace('Reviewer', 'Reviewr'));
    expect(edited.mentions.map((m) => m.name)).toEqual(['Editors']);
    expect(toSavedText(edited)).toBe(`Hi @Rita Reviewr, ask ${mentionToken('group', editors.id, editors.name)}.`);
  });

  it('finds the mention Backspace or Delete would eat into and removes it whole', () => {
    const shown = toEditorText(saved);
    const end = 'Hi @Rita Reviewer'.length;
    expect(mentionEndingAt(shown.mentions, end)?.name).toBe('Rita Reviewer');
    expect(mentionEndingAt(shown.mentions, 3)).toBeNull();
    expect(mentionStartingAt(shown.mentions, 3)?.name).toBe('Rita Reviewer');
    expect(mentionStartingAt(shown.mentions, end)).toBeNull();
    const removed = withoutMention(shown, mentionEndingAt(shown.mentions, end)!);
    expect(removed.text).toBe('Hi , ask @Editors.');
    expect(toSavedText(removed)).toBe(`Hi , ask ${mentionToken('group', editors.id, editors.name)}.`);
  });

  it('replaces the typed @query with the picked name and puts the caret after it', () => {
    const typing = afterEdit(toEditorText(''), 'Look @ri now');
    const { value, caret } = insertMention(typing, { start: 5, caret: 8 }, rita);
    expect(value.text).toBe('Look @Rita Reviewer  now');
    expect(caret).toBe('Look @Rita Reviewer '.length);
    expect(toSavedText(value)).toBe(`Look ${mentionToken('user', rita.id, rita.name)}  now`);
    // A name with brackets is shown as its token keeps it.
    const odd = insertMention(toEditorText('@x'), { start: 0, caret: 2 }, { ...editors, name: 'News [desk]' });
    expect(odd.value.text).toBe('@News  desk ');
    expect(toSavedText(odd.value)).toBe(`${mentionToken('group', editors.id, 'News [desk]')} `);
  });
});
