// Reads Postgres's node-tree text (`pg_rewrite.ev_action::text`, a view's stored query) far enough to tell where
// each output column of the view comes from: the target list's `resorigtbl`/`resorigcol`, which the parser fills in
// when a column shows a table's column unchanged. No SQL is deparsed and `pg_get_viewdef` is never called.

type NodeValue = string | null | NodeValue[] | NodeObject;

interface NodeObject {
  type: string;
  fields: Map<string, NodeValue>;
}

/** One output column of a view and the relation column it shows (0 when it shows none). */
export interface TargetOrigin {
  /** The view column's number (its `attnum`). */
  position: number;
  relation: number;
  column: number;
}

const NULL_TOKEN = '\u0000null';
const STRUCTURAL = new Set(['(', ')', '{', '}']);
const isSpace = (char: string) => char === ' ' || char === '\n' || char === '\t' || char === '\r';

/** Splits on whitespace and the four structural characters; a backslash keeps the next character in a token. */
function tokenize(text: string): string[] {
  const tokens: string[] = [];
  let i = 0;
  while (i < text.length) {
    const char = text[i];
    if (isSpace(char)) {
      i++;
      continue;
    }
    if (STRUCTURAL.has(char)) {
      tokens.push(char);
      i++;
      continue;
    }
    let token = '';
    let escaped = false;
    while (i < text.length && !isSpace(text[i]) && !STRUCTURAL.has(text[i])) {
      if (text[i] === '\\' && i + 1 < text.length) {
        escaped = true;
        token += text[i + 1];
        i += 2;
      } else token += text[i++];
    }
    // `<>` is an empty field; an escaped one is the text `<>`.
    tokens.push(token === '<>' && !escaped ? NULL_TOKEN : token);
  }
  return tokens;
}

/** Lists as arrays, nodes as their type and `:field value` pairs, everything else as text. */
function parse(tokens: string[]): NodeValue {
  let position = 0;
  const value = (): NodeValue => {
    const token = tokens[position++];
    if (token === undefined) return null;
    if (token === '(') {
      const items: NodeValue[] = [];
      while (position < tokens.length && tokens[position] !== ')') items.push(value());
      position++;
      return items;
    }
    if (token === '{') {
      const node: NodeObject = { type: tokens[position++], fields: new Map() };
      while (position < tokens.length && tokens[position] !== '}') {
        const field = tokens[position];
        if (!field.startsWith(':')) {
          // Outside any field: the bytes of a constant's datum, which follow its length.
          value();
          continue;
        }
        position++;
        const end = tokens[position] === '}' || tokens[position] === ')';
        node.fields.set(field.slice(1), end ? null : value());
      }
      position++;
      return node;
    }
    return token === NULL_TOKEN ? null : token;
  };
  return value();
}

const isNode = (value: NodeValue | undefined, type: string): value is NodeObject =>
  typeof value === 'object' && value !== null && !Array.isArray(value) && value.type === type;

const integer = (value: NodeValue | undefined): number => (typeof value === 'string' ? Number(value) || 0 : 0);

/** The origins of a view's output columns, read from its `_RETURN` rule's query. */
export function viewTargetOrigins(definition: string): TargetOrigin[] {
  const tree = parse(tokenize(definition));
  const query = Array.isArray(tree) ? tree[0] : tree;
  if (!isNode(query, 'QUERY')) return [];
  const targets = query.fields.get('targetList');
  if (!Array.isArray(targets)) return [];
  return targets
    .filter((entry): entry is NodeObject => isNode(entry, 'TARGETENTRY') && entry.fields.get('resjunk') !== 'true')
    .map((entry) => ({
      position: integer(entry.fields.get('resno')),
      relation: integer(entry.fields.get('resorigtbl')),
      column: integer(entry.fields.get('resorigcol')),
    }));
}
