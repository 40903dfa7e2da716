/**
 * The part of Go's text/template and html/template that Supabase's e-mail templates use: fields
 * (`{{ .ConfirmationURL }}`, `{{ .Data.name }}`, `{{ $.SiteURL }}`), `if` / `else if` / `else` / `end`,
 * `range` over a list or map (`.` is the element inside; `{{ else }}` when it is empty), the functions
 * eq, ne, not, and, or, len, and comments, with `{{- ` / ` -}}` trimming. The same template files
 * therefore render here and on hosted Supabase.
 */
export type TemplateData = Record<string, unknown>;

type Expr =
  | { kind: 'field'; path: string[]; fromRoot: boolean }
  | { kind: 'literal'; value: unknown }
  | { kind: 'call'; name: string; args: Expr[] };

type Node =
  | { kind: 'text'; value: string }
  | { kind: 'output'; expr: Expr }
  | { kind: 'if'; branches: { condition: Expr; body: Node[] }[]; otherwise: Node[] }
  | { kind: 'range'; over: Expr; body: Node[]; otherwise: Node[] };

type Action =
  | { kind: 'text'; value: string }
  | { kind: 'output'; source: string }
  | { kind: 'if' | 'elseif' | 'range'; source: string }
  | { kind: 'else' | 'end' };

export class TemplateError extends Error {}

function splitActions(template: string): Action[] {
  const actions: Action[] = [];
  let rest = template;
  while (rest.length > 0) {
    const open = rest.indexOf('{{');
    if (open < 0) {
      actions.push({ kind: 'text', value: rest });
      break;
    }
    let text = rest.slice(0, open);
    const close = rest.indexOf('}}', open);
    if (close < 0) throw new TemplateError('unclosed action');
    let inner = rest.slice(open + 2, close);
    rest = rest.slice(close + 2);
    // As in Go, a trim marker is a dash next to the braces with a space after or before it
    // (`{{-3}}` prints -3); it removes the spaces, tabs and newlines on that side.
    if (/^-[ \t\r\n]/.test(inner)) {
      text = text.replace(/[ \t\r\n]+$/, '');
      inner = inner.slice(1);
    }
    if (/[ \t\r\n]-$/.test(inner)) {
      inner = inner.slice(0, -1);
      rest = rest.replace(/^[ \t\r\n]+/, '');
    }
    if (text) actions.push({ kind: 'text', value: text });
    const source = inner.trim();
    if (source.startsWith('/*')) continue;
    if (source === 'else') actions.push({ kind: 'else' });
    else if (source === 'end') actions.push({ kind: 'end' });
    else if (source.startsWith('else if ')) actions.push({ kind: 'elseif', source: source.slice(8) });
    else if (source.startsWith('if ')) actions.push({ kind: 'if', source: source.slice(3) });
    else if (source.startsWith('range ')) actions.push({ kind: 'range', source: source.slice(6) });
    else actions.push({ kind: 'output', source });
  }
  return actions;
}

function tokenize(source: string): string[] {
  const tokens = source.match(/"(?:[^"\\]|\\.)*"|`[^`]*`|[()]|[^\s()]+/g);
  if (!tokens) throw new TemplateError(`empty action`);
  return tokens;
}

function parseExpression(source: string): Expr {
  const tokens = tokenize(source);
  let position = 0;

  function operand(): Expr {
    const token = tokens[position++];
    if (token === undefined) throw new TemplateError(`incomplete action: ${source}`);
    if (token === '(') {
      const inner = command();
      if (tokens[position++] !== ')') throw new TemplateError(`missing ) in: ${source}`);
      return inner;
    }
    if (token.startsWith('"')) return { kind: 'literal', value: JSON.parse(token) as string };
    if (token.startsWith('`')) return { kind: 'literal', value: token.slice(1, -1) };
    if (token.startsWith('.') || token === '$' || token.startsWith('$.'))
      return { kind: 'field', path: token.split('.').slice(1).filter(Boolean), fromRoot: token[0] === '$' };
    if (/^-?\d+(\.\d+)?$/.test(token)) return { kind: 'literal', value: Number(token) };
    if (token === 'true' || token === 'false') return { kind: 'literal', value: token === 'true' };
    if (token === 'nil') return { kind: 'literal', value: null };
    return { kind: 'call', name: token, args: [] };
  }

  function command(): Expr {
    const head = operand();
    if (head.kind !== 'call') return head;
    while (position < tokens.length && tokens[position] !== ')') head.args.push(operand());
    return head;
  }

  const expression = command();
  if (position !== tokens.length) throw new TemplateError(`unexpected ${tokens[position]} in: ${source}`);
  return expression;
}

function parse(template: string): Node[] {
  const actions = splitActions(template);
  let position = 0;

  /** Nodes up to the `else`, `else if` or `end` that closes the enclosing block (none at top level). */
  function block(inBlock: boolean): { nodes: Node[]; stop?: Action } {
    const nodes: Node[] = [];
    while (position < actions.length) {
      const action = actions[position++]!;
      if (action.kind === 'text') nodes.push({ kind: 'text', value: action.value });
      else if (action.kind === 'output') nodes.push({ kind: 'output', expr: parseExpression(action.source) });
      else if (action.kind === 'if') nodes.push(ifNode(action.source));
      else if (action.kind === 'range') nodes.push(rangeNode(action.source));
      else if (inBlock) return { nodes, stop: action };
      else throw new TemplateError(`unexpected {{ ${action.kind === 'elseif' ? 'else if' : action.kind} }}`);
    }
    if (inBlock) throw new TemplateError('missing {{ end }}');
    return { nodes };
  }

  function rangeNode(source: string): Node {
    const over = parseExpression(source);
    const { nodes, stop } = block(true);
    if (stop?.kind === 'elseif') throw new TemplateError('unexpected {{ else if }} in {{ range }}');
    let otherwise: Node[] = [];
    if (stop?.kind === 'else') {
      const tail = block(true);
      if (tail.stop?.kind !== 'end') throw new TemplateError('expected {{ end }} after {{ else }}');
      otherwise = tail.nodes;
    }
    return { kind: 'range', over, body: nodes, otherwise };
  }

  function ifNode(source: string): Node {
    const node: Extract<Node, { kind: 'if' }> = { kind: 'if', branches: [], otherwise: [] };
    let condition = parseExpression(source);
    for (;;) {
      const { nodes, stop } = block(true);
      node.branches.push({ condition, body: nodes });
      if (stop?.kind === 'elseif') {
        condition = parseExpression(stop.source);
        continue;
      }
      if (stop?.kind === 'else') {
        const tail = block(true);
        if (tail.stop?.kind !== 'end') throw new TemplateError('expected {{ end }} after {{ else }}');
        node.otherwise = tail.nodes;
      }
      return node;
    }
  }

  return block(false).nodes;
}

function truthy(value: unknown): boolean {
  if (Array.isArray(value)) return value.length > 0;
  if (value && typeof value === 'object') return Object.keys(value).length > 0;
  return Boolean(value);
}

/** `.` is the data, or the element inside a `range`; `$` is always the data. */
interface Scope {
  dot: unknown;
  root: TemplateData;
}

function evaluate(expr: Expr, scope: Scope): unknown {
  if (expr.kind === 'literal') return expr.value;
  if (expr.kind === 'field') {
    let value: unknown = expr.fromRoot ? scope.root : scope.dot;
    for (const key of expr.path) {
      value = value && typeof value === 'object' ? (value as Record<string, unknown>)[key] : undefined;
    }
    return value;
  }
  const args = expr.args.map((arg) => evaluate(arg, scope));
  switch (expr.name) {
    case 'eq':
      return args.slice(1).some((other) => other === args[0]);
    case 'ne':
      return args[0] !== args[1];
    case 'not':
      return !truthy(args[0]);
    case 'and':
      return args.find((arg) => !truthy(arg)) ?? args[args.length - 1];
    case 'or':
      return args.find((arg) => truthy(arg)) ?? args[args.length - 1];
    case 'len':
      return typeof args[0] === 'string' || Array.isArray(args[0]) ? args[0].length : 0;
    default:
      throw new TemplateError(`function "${expr.name}" not defined`);
  }
}

const htmlEscapes: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&#34;',
  "'": '&#39;',
};

function print(value: unknown, escapeHtml: boolean): string {
  if (value === undefined || value === null) return '';
  const text = typeof value === 'object' ? JSON.stringify(value) : String(value);
  return escapeHtml ? text.replace(/[&<>"']/g, (char) => htmlEscapes[char]!) : text;
}

/** A list's elements, or a map's values in key order, as Go ranges over them; nothing for nil. */
function elementsOf(value: unknown): unknown[] {
  if (value === undefined || value === null) return [];
  if (Array.isArray(value)) return value;
  if (typeof value === 'object')
    return Object.keys(value)
      .sort()
      .map((key) => (value as Record<string, unknown>)[key]);
  throw new TemplateError(`range can't iterate over ${String(value)}`);
}

function renderNodes(nodes: Node[], scope: Scope, escapeHtml: boolean): string {
  return nodes
    .map((node) => {
      if (node.kind === 'text') return node.value;
      if (node.kind === 'output') return print(evaluate(node.expr, scope), escapeHtml);
      if (node.kind === 'range') {
        const elements = elementsOf(evaluate(node.over, scope));
        if (elements.length === 0) return renderNodes(node.otherwise, scope, escapeHtml);
        return elements
          .map((element) => renderNodes(node.body, { dot: element, root: scope.root }, escapeHtml))
          .join('');
      }
      const branch = node.branches.find((candidate) => truthy(evaluate(candidate.condition, scope)));
      return renderNodes(branch ? branch.body : node.otherwise, scope, escapeHtml);
    })
    .join('');
}

/** Renders `template` with `data`; `html` escapes the values as html/template does in text. */
export function renderGoTemplate(template: string, data: TemplateData, options: { html: boolean }): string {
  return renderNodes(parse(template), { dot: data, root: data }, options.html);
}
