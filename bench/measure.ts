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
