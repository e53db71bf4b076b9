import type { PatternPart, QueryNode, RangeNode } from './query.ast';

/** Characters the lexer reads as syntax somewhere in a word; escaping them everywhere is always safe. */
const syntaxCharacters = /[\s\\()"*?:[\]{}<>]/g;
/** After `field:` a colon is an ordinary character, so dates and times need no escapes there. */
const valueSyntaxCharacters = /[\s\\()"*?[\]{}<>]/g;

function formatWord(parts: readonly PatternPart[], field: { id: string } | null): string {
  const syntax = field ? valueSyntaxCharacters : syntaxCharacters;
  const text = parts
    .map((part) => {
      if (part.kind === 'anyRun') return '*';
      if (part.kind === 'anyChar') return '?';
      return part.text.replace(syntax, (char) => `\\${char}`);
    })
    .join('');
  // Standing alone, a leading -/+ would read as NOT/required and a bare AND/OR/NOT as the operator.
  if (field) return `${field.id}:${text}`;
  return /^[-+]|^(AND|OR|NOT)$/.test(text) ? `\\${text}` : text;
}

function formatRange(node: RangeNode): string {
  const { lower, upper } = node;
  if (lower && upper) {
    return `${lower.inclusive ? '[' : '{'}${lower.value} TO ${upper.value}${upper.inclusive ? ']' : '}'}`;
  }
  if (lower) return `${lower.inclusive ? '>=' : '>'}${lower.value}`;
  if (upper) return `${upper.inclusive ? '<=' : '<'}${upper.value}`;
  return '[* TO *]';
}

function fieldPrefix(field: { id: string } | null): string {
  return field ? `${field.id}:` : '';
}

function formatOperand(node: QueryNode, parent: 'and' | 'or' | 'not'): string {
  // AND binds tighter than OR: an AND under an OR needs none. Every other nested AND/OR keeps its parentheses, so
  // that even an AST the parser would have flattened comes back unchanged.
  const needsParentheses = node.kind === 'or' || (node.kind === 'and' && parent !== 'or');
  const text = format(node, true);
  return needsParentheses ? `(${text})` : text;
}

function format(node: QueryNode, nested: boolean): string {
  switch (node.kind) {
    case 'all':
      // Only the top level can be empty; inside an expression `*` says the same.
      return nested ? '*' : '';
    case 'term':
      return formatWord([{ kind: 'literal', text: node.value }], node.field);
    case 'phrase':
      return `${fieldPrefix(node.field)}"${node.value.replace(/[\\"]/g, (char) => `\\${char}`)}"`;
    case 'wildcard':
      return formatWord(node.parts, node.field);
    case 'range':
      return fieldPrefix(node.field) + formatRange(node);
    case 'not':
      return `NOT ${formatOperand(node.operand, 'not')}`;
    case 'and':
      return node.operands.map((operand) => formatOperand(operand, 'and')).join(' ');
    case 'or':
      return node.operands.map((operand) => formatOperand(operand, 'or')).join(' OR ');
  }
}

/**
 * The query text for an AST, in canonical form (implicit AND, NOT for `-`, comparisons for half-open ranges), so
 * that parsing it again gives the same AST. Saved searches are stored this way.
 */
export function formatQuery(ast: QueryNode): string {
  return format(ast, false);
}
