import type { TMentionTarget } from './mention-targets.context';

/** The `@word` being typed right before the caret, or null when the caret is not in one. */
export function mentionQueryAt(text: string, caret: number): { start: number; query: string } | null {
  const before = text.slice(0, caret);
  const match = /(^|\s)@([^\s@[\]()]{0,40})$/.exec(before);
  if (!match) return null;
  return { start: caret - match[2]!.length - 1, query: match[2]! };
}

/** Targets whose name (or a user's e-mail) contains the query, names starting with it first. */
export function filterMentionTargets(targets: TMentionTarget[], query: string, limit = 8): TMentionTarget[] {
  const q = query.toLowerCase();
  const scored = targets
    .map((target) => {
      const name = target.name.toLowerCase();
      const detail = typeof target.detail === 'string' ? target.detail.toLowerCase() : '';
      const score = name.startsWith(q) ? 0 : name.includes(q) ? 1 : detail.includes(q) ? 2 : -1;
      return { target, score };
    })
    .filter((x) => x.score >= 0);
  scored.sort((a, b) => a.score - b.score || a.target.name.localeCompare(b.target.name));
  return scored.slice(0, limit).map((x) => x.target);
}
