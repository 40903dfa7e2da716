/**
 * The part of Go's text/template and html/template that Supabase's e-mail templates use: fields
 * (`{{ .ConfirmationURL }}`, `{{ .Data.name }}`), `if` / `else if` / `else` / `end`, the functions
 * eq, ne, not, and, or, len, and comments, with `{{-` / `-}}` trimming. The same template files
 * therefore render here and on hosted Supabase.
 */
export type TemplateData = Record<string, unknown>;

type Expr =
  | { kind: 'field'; path: string[] }
  | { kind: 'literal'; value: unknown }
  | { kind: 'call'; name: string; args: Expr[] };

type Node =
  | { kind: 'text'; value: string }
  | { kind: 'output'; expr: Expr }
  | { kind: 'if'; branches: { condition: Expr; body: Node[] }[]; otherwise: Node[] };

type Action =
  | { kind: 'text'; value: string }
  | { kind: 'output'; source: string }
  | { kind: 'if' | 'elseif'; source: string }
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
    if (inner.startsWith('-')) {
      text = text.trimEnd();
      inner = inner.slice(1);
    }
    if (inner.endsWith('-')) {
      inner = inner.slice(0, -1);
      rest = rest.trimStart();
    }
    if (text) actions.push({ kind: 'text', value: text });
    const source = inner.trim();
    if (source.startsWith('/*')) continue;
    if (source === 'else') actions.push({ kind: 'else' });
    else if (source === 'end') actions.push({ kind: 'end' });
    else if (source.startsWith('else if ')) actions.push({ kind: 'elseif', source: source.slice(8) });
    else if (source.startsWith('if ')) actions.push({ kind: 'if', source: source.slice(3) });
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
    if (token.startsWith('.')) return { kind: 'field', path: token.split('.').filter(Boolean) };
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

  function block(inIf: boolean): { nodes: Node[]; stop?: Action } {
    const nodes: Node[] = [];
    while (position < actions.length) {
      const action = actions[position++]!;
      if (action.kind === 'text') nodes.push({ kind: 'text', value: action.value });
      else if (action.kind === 'output') nodes.push({ kind: 'output', expr: parseExpression(action.source) });
      else if (action.kind === 'if') nodes.push(ifNode(action.source));
      else if (inIf) return { nodes, stop: action };
      else throw new TemplateError(`unexpected {{ ${action.kind} }}`);
    }
    if (inIf) throw new TemplateError('missing {{ end }}');
    return { nodes };
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

function evaluate(expr: Expr, data: TemplateData): unknown {
  if (expr.kind === 'literal') return expr.value;
  if (expr.kind === 'field') {
    let value: unknown = data;
    for (const key of expr.path) {
      value = value && typeof value === 'object' ? (value as Record<string, unknown>)[key] : undefined;
    }
    return value;
  }
  const args = expr.args.map((arg) => evaluate(arg, data));
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

function renderNodes(nodes: Node[], data: TemplateData, escapeHtml: boolean): string {
  return nodes
    .map((node) => {
      if (node.kind === 'text') return node.value;
      if (node.kind === 'output') return print(evaluate(node.expr, data), escapeHtml);
      const branch = node.branches.find((candidate) => truthy(evaluate(candidate.condition, data)));
      return renderNodes(branch ? branch.body : node.otherwise, data, escapeHtml);
    })
    .join('');
}

/** Renders `template` with `data`; `html` escapes the values as html/template does in text. */
export function renderGoTemplate(template: string, data: TemplateData, options: { html: boolean }): string {
  return renderNodes(parse(template), data, options.html);
}
