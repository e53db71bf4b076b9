import { formatQuery, type QueryNode } from '@mam/search';

/** Searches with fewer hits than this get a "did you mean" when their words can be corrected. */
export const SUGGEST_BELOW_HITS = 3;

const correctable = /^\p{L}{3,40}$/u;

/** The words of a query a correction may replace: unfielded plain words outside NOT, lower-case, each once. */
export function correctableWords(ast: QueryNode): string[] {
  const words = new Set<string>();
  const visit = (node: QueryNode) => {
    switch (node.kind) {
      case 'term':
        if (!node.field && correctable.test(node.value)) words.add(node.value.toLowerCase());
        return;
      case 'and':
      case 'or':
        node.operands.forEach(visit);
        return;
      default:
        return;
    }
  };
  visit(ast);
  return [...words];
}

/** The query with its words replaced as `corrections` says, as query text; null when none is replaced. */
export function correctedQuery(ast: QueryNode, corrections: ReadonlyMap<string, string>): string | null {
  let replaced = false;
  const rewrite = (node: QueryNode): QueryNode => {
    switch (node.kind) {
      case 'term': {
        const correction = node.field ? undefined : corrections.get(node.value.toLowerCase());
        if (correction === undefined) return node;
        replaced = true;
        return { ...node, value: correction };
      }
      case 'and':
      case 'or':
        return { ...node, operands: node.operands.map(rewrite) };
      default:
        return node;
    }
  };
  const corrected = rewrite(ast);
  return replaced ? formatQuery(corrected) : null;
}

/** Edit distance with adjacent swaps (optimal string alignment): `gaol` is one edit from `goal`. */
export function editDistance(a: string, b: string): number {
  const x = [...a];
  const y = [...b];
  const d = Array.from({ length: x.length + 1 }, (_, i) => Array.from({ length: y.length + 1 }, (_, j) => i + j));
  for (let i = 1; i <= x.length; i++) {
    for (let j = 1; j <= y.length; j++) {
      const cost = x[i - 1] === y[j - 1] ? 0 : 1;
      d[i]![j] = Math.min(d[i - 1]![j]! + 1, d[i]![j - 1]! + 1, d[i - 1]![j - 1]! + cost);
      if (i > 1 && j > 1 && x[i - 1] === y[j - 2] && x[i - 2] === y[j - 1]) {
        d[i]![j] = Math.min(d[i]![j]!, d[i - 2]![j - 2]! + 1);
      }
    }
  }
  return d[x.length]![y.length]!;
}

/**
 * The candidate closest to a mistyped word: fewest edits (one for words up to five letters, two above), then the
 * most used, then the first in code point order; null when none is that close.
 */
export function closestWord(word: string, candidates: ReadonlyArray<{ word: string; items: number }>): string | null {
  const allowed = [...word].length <= 5 ? 1 : 2;
  let best: { word: string; items: number; distance: number } | null = null;
  for (const candidate of candidates) {
    if (candidate.word === word) continue;
    const distance = editDistance(word, candidate.word);
    if (distance > allowed) continue;
    if (
      !best ||
      distance < best.distance ||
      (distance === best.distance &&
        (candidate.items > best.items || (candidate.items === best.items && candidate.word < best.word)))
    ) {
      best = { ...candidate, distance };
    }
  }
  return best?.word ?? null;
}
