import { mentionToken, splitMentions, type TMentionKind } from '@mam/core';

/** A mention as the editor shows it: `@Name` at [start, end) of the shown text. */
export interface TEditorMention {
  start: number;
  end: number;
  kind: TMentionKind;
  id: string;
  name: string;
}

/** What the editor shows: mentions as `@Name`, with where each sits; the saved text keeps its tokens. */
export interface TEditorText {
  text: string;
  mentions: TEditorMention[];
}

/** Saved comment text (with `@[Name](kind:id)` tokens) as the editor shows it. */
export function toEditorText(saved: string): TEditorText {
  let text = '';
  const mentions: TEditorMention[] = [];
  for (const part of splitMentions(saved)) {
    if (part.type === 'text') {
      text += part.text;
      continue;
    }
    const shown = `@${part.name}`;
    mentions.push({
      start: text.length,
      end: text.length + shown.length,
      kind: part.kind,
      id: part.id,
      name: part.name,
    });
    text += shown;
  }
  return { text, mentions };
}

/** The text to save: each mention back as its token, so notifications and the thread work as before. */
export function toSavedText({ text, mentions }: TEditorText): string {
  let out = '';
  let at = 0;
  for (const m of [...mentions].sort((a, b) => a.start - b.start)) {
    out += text.slice(at, m.start) + mentionToken(m.kind, m.id, m.name);
    at = m.end;
  }
  return out + text.slice(at);
}

/**
 * The mentions after the shown text changed from `before.text` to `next` (typing, pasting, cutting): those before
 * the change stay, those after it move with it, and one the change touched is no longer a mention (its name became
 * plain text, since the user edited it).
 */
export function afterEdit(before: TEditorText, next: string): TEditorText {
  const old = before.text;
  let head = 0;
  const most = Math.min(old.length, next.length);
  while (head < most && old[head] === next[head]) head++;
  let tail = 0;
  while (tail < most - head && old[old.length - 1 - tail] === next[next.length - 1 - tail]) tail++;
  const changeStart = head;
  const changeEnd = old.length - tail;
  const shift = next.length - old.length;
  const mentions: TEditorMention[] = [];
  for (const m of before.mentions) {
    if (m.end <= changeStart) mentions.push(m);
    else if (m.start >= changeEnd) mentions.push({ ...m, start: m.start + shift, end: m.end + shift });
  }
  return { text: next, mentions };
}

/** The mention a caret sits inside or at the end of (where Backspace would eat into it), if any. */
export function mentionEndingAt(mentions: readonly TEditorMention[], caret: number): TEditorMention | null {
  return mentions.find((m) => m.start < caret && caret <= m.end) ?? null;
}

/** The mention a caret sits at the start of or inside (where Delete would eat into it), if any. */
export function mentionStartingAt(mentions: readonly TEditorMention[], caret: number): TEditorMention | null {
  return mentions.find((m) => m.start <= caret && caret < m.end) ?? null;
}

/** The text without one mention, whole: Backspace or Delete at a mention takes all of it. */
export function withoutMention(value: TEditorText, mention: TEditorMention): TEditorText {
  const length = mention.end - mention.start;
  return {
    text: value.text.slice(0, mention.start) + value.text.slice(mention.end),
    mentions: value.mentions
      .filter((m) => m !== mention)
      .map((m) => (m.start >= mention.end ? { ...m, start: m.start - length, end: m.end - length } : m)),
  };
}

/**
 * Picking a user or group for the `@query` typed at [start, caret): the query becomes `@Name ` and a mention.
 * Returns the new value and where the caret goes (after the space).
 */
export function insertMention(
  value: TEditorText,
  query: { start: number; caret: number },
  target: { kind: TMentionKind; id: string; name: string },
): { value: TEditorText; caret: number } {
  // The name as its token keeps it (brackets and line breaks go), so the shown name and the saved one agree.
  const [part] = splitMentions(mentionToken(target.kind, target.id, target.name));
  const name = part && part.type === 'mention' ? part.name : target.name;
  const shown = `@${name}`;
  const text = value.text.slice(0, query.start) + `${shown} ` + value.text.slice(query.caret);
  const shift = shown.length + 1 - (query.caret - query.start);
  const mentions = value.mentions
    .filter((m) => m.end <= query.start || m.start >= query.caret)
    .map((m) => (m.start >= query.caret ? { ...m, start: m.start + shift, end: m.end + shift } : m));
  mentions.push({ start: query.start, end: query.start + shown.length, kind: target.kind, id: target.id, name });
  mentions.sort((a, b) => a.start - b.start);
  return { value: { text, mentions }, caret: query.start + shown.length + 1 };
}
