import type { RealtimeChannel } from '@supabase/supabase-js';
import WebSocket from 'ws';

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

  next(what = 'an event', timeoutMs = 5000): Promise<T> {
    const item = this.items.shift();
    if (item !== undefined) return Promise.resolve(item);
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`No ${what} within ${timeoutMs / 1000} s`)), timeoutMs);
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

/** A Phoenix frame as vsn 2.0.0 sends it: `[join_ref, ref, topic, event, payload]`. */
export type PhoenixFrame = [string | null, string | null, string, string, Record<string, unknown>];

/** Rejects after `timeoutMs` unless `promise` settles first. */
export function within<T>(promise: Promise<T>, timeoutMs: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(new Error(`No ${what} within ${timeoutMs / 1000} s`)), timeoutMs);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

/**
 * A bare realtime client on `ws` (vsn 2.0.0) that the test drives by hand: it sends heartbeats only
 * when told to, can stop reading its socket, and reports when the server drops it.
 */
export class PhoenixSocket {
  /** Every frame received, heartbeat replies aside. */
  readonly frames = new Inbox<PhoenixFrame>();
  /** Resolves with the close code once the connection is gone, whoever ended it. */
  readonly closed: Promise<number>;
  private ref = 0;
  private heartbeat?: NodeJS.Timeout;

  readonly socket: WebSocket;

  private constructor(socket: WebSocket) {
    this.socket = socket;
    socket.on('message', (data) => {
      const frame = JSON.parse(String(data)) as PhoenixFrame;
      if (frame[2] !== 'phoenix') this.frames.push(frame);
    });
    this.closed = new Promise((resolve) => socket.once('close', (code) => resolve(code)));
    void this.closed.then(() => this.stopHeartbeats());
  }

  static async open(url: string, apikey: string): Promise<PhoenixSocket> {
    const socket = new WebSocket(
      `${url.replace(/^http/, 'ws')}/realtime/v1/websocket?apikey=${apikey}&vsn=2.0.0`,
    );
    await within(
      new Promise((resolve, reject) => socket.once('open', resolve).once('error', reject)),
      5000,
      'websocket upgrade',
    );
    return new PhoenixSocket(socket);
  }

  get isOpen(): boolean {
    return this.socket.readyState === WebSocket.OPEN;
  }

  push(
    topic: string,
    event: string,
    payload: Record<string, unknown>,
    joinRef: string | null = null,
  ): string {
    const ref = String(++this.ref);
    this.socket.send(JSON.stringify([joinRef, ref, topic, event, payload]));
    return ref;
  }

  /** Joins `realtime:<name>` with postgres_changes bindings; resolves once subscribed. */
  async join(name: string, bindings: Record<string, unknown>[]): Promise<void> {
    const topic = `realtime:${name}`;
    const ref = String(this.ref + 1);
    this.push(topic, 'phx_join', { config: { postgres_changes: bindings } }, ref);
    const reply = await this.frames.next(`join reply on ${topic}`);
    if (reply[3] !== 'phx_reply' || reply[1] !== ref || reply[4].status !== 'ok') {
      throw new Error(`Join of ${topic} answered ${JSON.stringify(reply)}`);
    }
    const system = await this.frames.next(`system message on ${topic}`);
    if (system[3] !== 'system' || system[4].status !== 'ok') {
      throw new Error(`Subscription on ${topic} answered ${JSON.stringify(system)}`);
    }
  }

  /** Sends a heartbeat now and then every `intervalMs`, as realtime-js does every 25 s. */
  startHeartbeats(intervalMs: number): void {
    this.stopHeartbeats();
    const beat = () => {
      if (this.isOpen) this.push('phoenix', 'heartbeat', {});
    };
    beat();
    this.heartbeat = setInterval(beat, intervalMs);
  }

  stopHeartbeats(): void {
    clearInterval(this.heartbeat);
    this.heartbeat = undefined;
  }

  close(): void {
    this.stopHeartbeats();
    this.socket.terminate();
  }
}
