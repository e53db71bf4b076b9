/**
 * Mentions in comment text. The console inserts a token per mention, `@[Rita Reviewer](user:<uuid>)` or
 * `@[Editors](group:<uuid>)`, so the name shown stays what the writer saw while the id is what gets notified.
 */
export interface TMentions {
  users: string[];
  groups: string[];
}

export type TMentionKind = 'user' | 'group';

/** One piece of comment text: plain text, or a mention to render as a name. */
export type TMentionPart =
  { type: 'text'; text: string } | { type: 'mention'; kind: TMentionKind; id: string; name: string };

const UUID = '[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}';
// Names may not hold brackets: the console strips them before inserting a token.
const TOKEN = `@\\[([^\\[\\]\\n]{1,200})\\]\\((user|group):(${UUID})\\)`;

function tokens(text: string): RegExpMatchArray[] {
  return [...text.matchAll(new RegExp(TOKEN, 'g'))];
}

/** Who the text mentions, each id once, in order of first mention (ids lower-cased). */
export function parseMentions(text: string): TMentions {
  const users = new Set<string>();
  const groups = new Set<string>();
  for (const match of tokens(text)) {
    (match[2] === 'user' ? users : groups).add(match[3]!.toLowerCase());
  }
  return { users: [...users], groups: [...groups] };
}

/** The text split into plain runs and mentions, for rendering mentions highlighted. */
export function splitMentions(text: string): TMentionPart[] {
  const parts: TMentionPart[] = [];
  let at = 0;
  for (const match of tokens(text)) {
    const start = match.index ?? 0;
    if (start > at) parts.push({ type: 'text', text: text.slice(at, start) });
    parts.push({ type: 'mention', kind: match[2] as TMentionKind, id: match[3]!.toLowerCase(), name: match[1]! });
    at = start + match[0].length;
  }
  if (at < text.length) parts.push({ type: 'text', text: text.slice(at) });
  return parts;
}

/** Plain text for e-mail and previews: each token becomes `@Name`. */
export function mentionsToPlainText(text: string): string {
  return splitMentions(text)
    .map((part) => (part.type === 'text' ? part.text : `@${part.name}`))
    .join('');
}

/** The token the console inserts for a user or group; brackets and line breaks in the name would break it. */
export function mentionToken(kind: TMentionKind, id: string, name: string): string {
  const clean =
    name
      .replace(/[[\]\n\r]/g, ' ')
      .trim()
      .slice(0, 200) || kind;
  return `@[${clean}](${kind}:${id})`;
}
