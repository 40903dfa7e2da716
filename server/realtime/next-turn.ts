/** Resolves on the next turn of the event loop, after pending I/O such as incoming requests. */
export const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

/**
 * For work done in steps: a function to await between steps that takes a turn of the event loop once
 * `milliseconds` have passed since the last, so requests wait for at most about that long.
 */
export function turnsEvery(milliseconds: number): () => Promise<void> {
  let since = performance.now();
  return async () => {
    if (performance.now() - since < milliseconds) return;
    await nextTurn();
    since = performance.now();
  };
}
