/** What the confirm dialog needs of a free operator to pick one. */
export interface OperatorChoice {
  id: string;
  proposed: boolean;
}

/** The operator to pre-select: the proposed one, else the first free one, else none. */
export function initialOperatorId(operators: readonly OperatorChoice[]): string | null {
  return (operators.find((operator) => operator.proposed) ?? operators[0])?.id ?? null;
}
