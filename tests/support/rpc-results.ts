import { expect } from 'vitest';
import type { TestClient } from './test-server.ts';

/** Asserts a 400 with the Italian message. */
export function expectRefused(
  result: { error: { message: string } | null; status: number },
  message: string,
) {
  expect(result.error?.message, message).toBe(message);
  expect(result.status).toBe(400);
}

/** Asserts success and returns the data. */
export function expectOk<T>(result: { error: { message: string } | null; data: unknown }): T {
  expect(result.error?.message ?? null).toBeNull();
  return result.data as T;
}

/** Awaits a supabase-js call, asserts success and returns the data. */
export async function expectSucceeds<T = Record<string, unknown>>(
  call: PromiseLike<{ error: { message: string } | null; data: unknown }>,
): Promise<T> {
  return expectOk<T>(await call);
}

/** Calls an api function and fails with its Italian message if it refuses; returns its data. */
export async function rpcData<T>(
  client: TestClient,
  name: string,
  args: Record<string, unknown> = {},
): Promise<T> {
  const { data, error } = await client.rpc(name, args);
  if (error) throw new Error(`${name}: ${error.message}`);
  return data as T;
}
