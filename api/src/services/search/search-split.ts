import type { TSearchSplit } from '@mam/db';
import { prefixStem, type QueryNode } from '@mam/search';

/** Whether the query reads the search document: an unfielded word, phrase or wildcard anywhere in it. */
function readsDocument(node: QueryNode): boolean {
  switch (node.kind) {
    case 'all':
    case 'range':
      return false;
    case 'not':
      return readsDocument(node.operand);
    case 'and':
    case 'or':
      return node.operands.some(readsDocument);
    case 'term':
    case 'phrase':
    case 'wildcard':
      return !node.field;
  }
}

/**
 * Whether the document's word index finds every match: an unfielded word, phrase or prefix (`berg*`) that must hold
 * (not under NOT; in every branch of an OR). That index has each search half apart; other wildcards go through the
 * trigram index, which has not.
 */
function foundByDocument(node: QueryNode): boolean {
  switch (node.kind) {
    case 'all':
    case 'range':
    case 'not':
      return false;
    case 'and':
      return node.operands.some(foundByDocument);
    case 'or':
      return node.operands.every(foundByDocument);
    case 'term':
    case 'phrase':
      return !node.field;
    case 'wildcard':
      return !node.field && prefixStem(node.parts) !== undefined;
  }
}

/**
 * How a server may split the search in two (TItemSearchRequest.split): by search half when the word index finds the
 * matches; by id range when the tenant's items are read in id order (no document words, no folder).
 */
export function splitOf(ast: QueryNode, folderId: string | undefined): TSearchSplit | undefined {
  if (foundByDocument(ast)) return 'searchHalves';
  return !readsDocument(ast) && !folderId ? 'idOrder' : undefined;
}
