/** Runs `operation` `count` times with `concurrency` in flight; returns operations per second and p50/p95 in ms. */
export async function measure(operation: () => Promise<unknown>, count: number, concurrency = 1) {
  const latencies: number[] = [];
  let next = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < count) {
        next += 1;
        const begin = performance.now();
        await operation();
        latencies.push(performance.now() - begin);
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  const percentile = (p: number) =>
    latencies[Math.min(latencies.length - 1, Math.floor(p * latencies.length))]!;
  return {
    'ops/s': Math.round(count / seconds),
    'p50 ms': Number(percentile(0.5).toFixed(2)),
    'p95 ms': Number(percentile(0.95).toFixed(2)),
  };
}

export interface Latency {
  'p50 ms': number;
  'p95 ms': number;
}

/**
 * Runs every operation once a round, `rounds` times, the order rotating each round (with two, which
 * goes first alternates): all see the same load in the same seconds, and none gains from always going
 * second on a warm cache. Returns p50/p95 in ms per operation.
 */
export async function sideBySide<Name extends string>(
  operations: Record<Name, () => Promise<unknown>>,
  rounds: number,
): Promise<Record<Name, Latency>> {
  const names = Object.keys(operations) as Name[];
  const latencies = new Map<Name, number[]>(names.map((name) => [name, []]));
  for (let round = 0; round < rounds; round += 1) {
    for (let turn = 0; turn < names.length; turn += 1) {
      const name = names[(round + turn) % names.length]!;
      const begin = performance.now();
      await operations[name]();
      latencies.get(name)!.push(performance.now() - begin);
    }
  }
  const percentile = (sorted: number[], p: number) =>
    Number(sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))]!.toFixed(2));
  return Object.fromEntries(
    names.map((name) => {
      const sorted = latencies.get(name)!.sort((a, b) => a - b);
      return [name, { 'p50 ms': percentile(sorted, 0.5), 'p95 ms': percentile(sorted, 0.95) }];
    }),
  ) as Record<Name, Latency>;
}
