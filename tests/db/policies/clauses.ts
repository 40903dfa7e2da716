/** A policy expression as PostgreSQL deparses it, split into its AND and OR clauses. */
export type Clause = { op: 'AND' | 'OR'; parts: Clause[] } | { leaf: string };

/** Strips parentheses that wrap the whole text. */
function unwrap(text: string): string {
  let inner = text.trim();
  while (inner.startsWith('(') && closingOf(inner, 0) === inner.length - 1) inner = inner.slice(1, -1).trim();
  return inner;
}

function closingOf(text: string, open: number): number {
  let depth = 0;
  let quoted = false;
  for (let i = open; i < text.length; i += 1) {
    const char = text[i];
    if (char === "'") quoted = !quoted;
    else if (!quoted && char === '(') depth += 1;
    else if (!quoted && char === ')') {
      depth -= 1;
      if (depth === 0) return i;
    }
  }
  return -1;
}

/** Splits at `op` outside parentheses and string literals. */
function splitAt(text: string, op: 'AND' | 'OR'): string[] {
  const parts: string[] = [];
  const separator = ` ${op} `;
  let depth = 0;
  let quoted = false;
  let start = 0;
  for (let i = 0; i < text.length; i += 1) {
    const char = text[i];
    if (char === "'") quoted = !quoted;
    else if (!quoted && char === '(') depth += 1;
    else if (!quoted && char === ')') depth -= 1;
    else if (!quoted && depth === 0 && text.startsWith(separator, i)) {
      parts.push(text.slice(start, i));
      start = i + separator.length;
    }
  }
  parts.push(text.slice(start));
  return parts;
}

export function parseClauses(expression: string): Clause {
  const inner = unwrap(expression);
  for (const op of ['AND', 'OR'] as const) {
    const parts = splitAt(inner, op);
    if (parts.length > 1) return { op, parts: parts.map(parseClauses) };
  }
  return { leaf: inner };
}

export function renderClauses(clause: Clause): string {
  if ('leaf' in clause) return `(${clause.leaf})`;
  return `(${clause.parts.map(renderClauses).join(` ${clause.op} `)})`;
}

export interface ClauseDrop {
  /** e.g. 'drop AND clause (status = ...)', 'nested' when under another AND/OR. */
  label: string;
  expression: string;
}

/** Every expression obtained by dropping one clause of one AND or OR, at any depth. */
export function clauseDrops(expression: string): ClauseDrop[] {
  const drops: ClauseDrop[] = [];
  const visit = (clause: Clause, rebuild: (replacement: Clause) => Clause, depth: number) => {
    if ('leaf' in clause) return;
    clause.parts.forEach((part, index) => {
      const rest = clause.parts.filter((_, other) => other !== index);
      const dropped: Clause = rest.length === 1 ? rest[0]! : { op: clause.op, parts: rest };
      drops.push({
        label: `drop ${depth === 0 ? 'top-level' : 'nested'} ${clause.op} clause ${renderClauses(part)}`,
        expression: renderClauses(rebuild(dropped)),
      });
      visit(
        part,
        (replacement) =>
          rebuild({
            op: clause.op,
            parts: clause.parts.map((p, other) => (other === index ? replacement : p)),
          }),
        depth + 1,
      );
    });
  };
  visit(parseClauses(expression), (replacement) => replacement, 0);
  return drops;
}
