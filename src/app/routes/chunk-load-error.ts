/**
 * A lazily loaded chunk that did not arrive: after a deploy the old hashed file is gone, or the device
 * is offline. Browsers word it differently (Chromium, Firefox, Safari, Vite's CSS preload).
 */
const chunkFailures = [
  /failed to fetch dynamically imported module/i,
  /error loading dynamically imported module/i,
  /importing a module script failed/i,
  /unable to preload css/i,
];

export function isChunkLoadError(error: unknown): boolean {
  return error instanceof Error && chunkFailures.some((pattern) => pattern.test(error.message));
}
