/** Resolves on the next turn of the event loop, after pending I/O such as incoming requests. */
export const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));
