import type { RealtimeChannel } from '@supabase/supabase-js';

/** Collects what a callback receives; `next()` waits a bounded time for the next one. */
export class Inbox<T> {
  private readonly items: T[] = [];
  private readonly waiting: ((item: T) => void)[] = [];

  readonly push = (item: T) => {
    const waiter = this.waiting.shift();
    if (waiter) waiter(item);
    else this.items.push(item);
  };

  get pending(): number {
    return this.items.length;
  }

  next(what = 'an event'): Promise<T> {
    const item = this.items.shift();
    if (item !== undefined) return Promise.resolve(item);
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`No ${what} within 5 s`)), 5000);
      this.waiting.push((value) => {
        clearTimeout(timer);
        resolve(value);
      });
    });
  }
}

/** Subscribes a channel and resolves once the server has acknowledged the join. */
export function subscribed(channel: RealtimeChannel): Promise<void> {
  return new Promise((resolve, reject) => {
    channel.subscribe((status, error) => {
      if (status === 'SUBSCRIBED') resolve();
      else reject(new Error(`${status}: ${error?.message ?? ''}`));
    });
  });
}
