import type { estypes } from '@elastic/elasticsearch';
import { contentField } from './elasticsearch.fields';

/**
 * The body asking the term suggester for each word the index lacks (suggest_mode missing) the closest word its
 * documents have, the most frequent among equally close ones. The index is the tenant's own, so are the words.
 */
export function suggestRequestBody(words: readonly string[]) {
  return {
    size: 0,
    track_total_hits: false,
    _source: false,
    suggest: {
      text: words.join(' '),
      words: {
        term: { field: contentField, suggest_mode: 'missing', sort: 'score', size: 1, min_word_length: 3 },
      },
    },
  } as const;
}

/** The suggester's answer as word → correction, for the words it has one for. */
export function suggestions(response: estypes.SearchResponse): Map<string, string> {
  const found = new Map<string, string>();
  const entries = (response.suggest?.words ?? []) as Array<{ text: string; options: unknown }>;
  for (const entry of entries) {
    const options = (Array.isArray(entry.options) ? entry.options : [entry.options]) as Array<{ text?: string }>;
    const best = options[0]?.text;
    if (best && best !== entry.text) found.set(entry.text, best);
  }
  return found;
}
