import type { Socket } from 'node:net';
import type { WebSocket, RawData } from 'ws';
import type { Database } from '../db/port.ts';
import { prepareBindings } from './bindings.ts';
import { subTopic, type Channel, type ChannelClaims, type SocketCork } from './channel.ts';
import { decode, encode, type PhoenixMessage, type SerializerVersion } from './serializer.ts';
import type { TableCatalog } from './tables.ts';
import { installCaptureTriggers } from './change-capture.ts';
import { checkToken, usableToken } from './tokens.ts';

/** A client that cannot keep up is disconnected rather than buffered without end. */
export const defaultMaxBufferedBytes = 4 * 1024 * 1024;
const maxTimer = 2 ** 31 - 1;
/** Frames held back by a cork beyond this many bytes are written out. */
const maxCorkedBytes = 64 * 1024;

export interface SessionDeps {
  db: Database;
  catalog: TableCatalog;
  jwtSecret: string;
  /** Bytes queued for the socket beyond which it is dropped on the next send. */
  maxBufferedBytes: number;
  broadcast(topic: string, payload: Record<string, unknown>, from: Session): void;
  log(error: unknown): void;
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

function toBuffer(data: RawData): Buffer {
  if (Buffer.isBuffer(data)) return data;
  return Array.isArray(data) ? Buffer.concat(data) : Buffer.from(data);
}

/** One WebSocket speaking the Phoenix protocol: its joined channels, heartbeats and tokens. */
export class Session {
  readonly channels = new Map<string, Channel>();
  lastSeen = Date.now();
  private work: Promise<void> = Promise.resolve();

  private readonly socket: WebSocket;
  private readonly version: SerializerVersion;
  private readonly apikey: string;
  private readonly deps: SessionDeps;
  private readonly connection?: Pick<Socket, 'cork' | 'uncork'>;

  /**
   * `connection`: the TCP socket under the WebSocket (the upgraded request's), corked while several frames
   * are sent at once so that they leave in one write instead of one system call each.
   */
  constructor(
    socket: WebSocket,
    version: SerializerVersion,
    apikey: string,
    deps: SessionDeps,
    connection?: Pick<Socket, 'cork' | 'uncork'>,
  ) {
    this.socket = socket;
    this.version = version;
    this.apikey = apikey;
    this.deps = deps;
    this.connection = connection;
    socket.on('message', (data, isBinary) => {
      this.lastSeen = Date.now();
      let message: PhoenixMessage;
      try {
        message = decode(toBuffer(data), isBinary, version);
      } catch {
        return;
      }
      // One message at a time, so a join is complete before the next message of the socket is read.
      this.work = this.work.then(() => this.handle(message)).catch(deps.log);
    });
  }

  send(message: PhoenixMessage): void {
    if (this.socket.readyState !== this.socket.OPEN) return;
    if (this.socket.bufferedAmount > this.deps.maxBufferedBytes) {
      this.terminate();
      return;
    }
    const frame = encode(message, this.version);
    this.socket.send(frame);
    if (this.corkedBytes === undefined) return;
    // Large frames leave at once: bufferedAmount then measures what the client has not read, as it
    // does without the cork, not what this batch holds back.
    this.corkedBytes += frame.length;
    if (this.corkedBytes >= maxCorkedBytes) {
      this.connection!.uncork();
      this.connection!.cork();
      this.corkedBytes = 0;
    }
  }

  /** Bytes sent since the connection was last corked, while it is. */
  private corkedBytes: number | undefined;

  readonly corked: SocketCork = (work) => {
    const connection = this.connection;
    if (!connection) return work();
    connection.cork();
    this.corkedBytes = 0;
    try {
      work();
    } finally {
      this.corkedBytes = undefined;
      connection.uncork();
    }
  };

  terminate(): void {
    this.socket.terminate();
  }

  /** Forgets every channel; called when the socket is gone. */
  close(): void {
    for (const channel of this.channels.values()) this.leave(channel);
  }

  private reply(request: PhoenixMessage, status: 'ok' | 'error', response: Record<string, unknown>): void {
    this.send({
      joinRef: request.joinRef,
      ref: request.ref,
      topic: request.topic,
      event: 'phx_reply',
      payload: { status, response },
    });
  }

  private async handle(message: PhoenixMessage): Promise<void> {
    if (message.topic === 'phoenix') {
      if (message.event === 'heartbeat') this.reply(message, 'ok', {});
      return;
    }
    if (message.event === 'phx_join') return this.join(message);
    const channel = this.channels.get(message.topic);
    if (!channel) {
      if (message.ref !== null) this.reply(message, 'error', { reason: 'unmatched topic' });
      return;
    }
    switch (message.event) {
      case 'phx_leave':
        this.leave(channel);
        this.reply(message, 'ok', {});
        return;
      case 'access_token':
        return this.updateToken(channel, message.payload.access_token);
      case 'broadcast':
        this.deps.broadcast(message.topic, message.payload, this);
        if (channel.broadcastAck && message.ref !== null) this.reply(message, 'ok', {});
        return;
      default:
        // Presence and anything newer: acknowledged, not implemented.
        if (message.ref !== null) this.reply(message, 'ok', {});
    }
  }

  private async join(message: PhoenixMessage): Promise<void> {
    const previous = this.channels.get(message.topic);
    if (previous) this.leave(previous);
    const config = isObject(message.payload.config) ? message.payload.config : {};
    if (config.private === true) {
      this.reply(message, 'error', { reason: 'Private channels are not supported by this server' });
      return;
    }
    const token = usableToken(message.payload.access_token) ?? this.apikey;
    const checked = await checkToken(token, this.deps.jwtSecret);
    if (!checked.ok) {
      this.reply(message, 'error', { reason: checked.reason });
      return;
    }
    const broadcast = isObject(config.broadcast) ? config.broadcast : {};
    const requested = Array.isArray(config.postgres_changes) ? (config.postgres_changes as unknown[]) : [];
    const channel: Channel = {
      topic: message.topic,
      joinRef: message.joinRef,
      token,
      claims: checked.claims,
      bindings: [],
      broadcastSelf: broadcast.self === true,
      broadcastAck: broadcast.ack === true,
      send: (outgoing) => this.send({ ...outgoing, topic: message.topic }),
      corked: this.corked,
    };
    let failure: string | undefined;
    try {
      if (requested.length > 0) await installCaptureTriggers(this.deps.db);
      channel.bindings = await prepareBindings(this.deps.db, this.deps.catalog, requested);
    } catch (error) {
      failure = error instanceof Error ? error.message : String(error);
    }
    // Subscribed before the reply, so a change committed right after SUBSCRIBED is delivered.
    this.channels.set(message.topic, channel);
    this.scheduleExpiry(channel);
    const echoed = requested.map((binding, index) => ({
      ...(isObject(binding) ? binding : {}),
      id: channel.bindings[index]?.id ?? 0,
    }));
    this.reply(message, 'ok', { postgres_changes: echoed });
    if (requested.length === 0) return;
    channel.send({
      joinRef: null,
      ref: null,
      event: 'system',
      payload: failure
        ? {
            extension: 'postgres_changes',
            status: 'error',
            message: `Unable to subscribe to changes with given parameters. ${failure}`,
            channel: subTopic(message.topic),
          }
        : {
            extension: 'postgres_changes',
            status: 'ok',
            message: 'Subscribed to PostgreSQL',
            channel: subTopic(message.topic),
          },
    });
  }

  private leave(channel: Channel): void {
    clearTimeout(channel.expiryTimer);
    channel.left = true;
    this.channels.delete(channel.topic);
  }

  /** Ends a channel as Realtime does when its token fails: a system message, then phx_close. */
  private closeChannel(channel: Channel, reason: string): void {
    channel.send({
      joinRef: null,
      ref: null,
      event: 'system',
      payload: { extension: 'system', status: 'error', message: reason, channel: subTopic(channel.topic) },
    });
    channel.send({ joinRef: channel.joinRef, ref: null, event: 'phx_close', payload: {} });
    this.leave(channel);
  }

  private scheduleExpiry(channel: Channel): void {
    clearTimeout(channel.expiryTimer);
    const exp = channel.claims.exp;
    if (typeof exp !== 'number') return;
    const delay = Math.min(Math.max(exp * 1000 - Date.now(), 0), maxTimer);
    channel.expiryTimer = setTimeout(() => {
      const ago = Math.max(0, Math.round(Date.now() / 1000 - exp));
      this.closeChannel(channel, `Token has expired ${ago} seconds ago`);
    }, delay);
    channel.expiryTimer.unref();
  }

  private async updateToken(channel: Channel, value: unknown): Promise<void> {
    const token = usableToken(value);
    if (!token || token === channel.token) return;
    const checked = await checkToken(token, this.deps.jwtSecret);
    if (!checked.ok) {
      this.closeChannel(channel, checked.reason);
      return;
    }
    channel.token = token;
    channel.claims = checked.claims satisfies ChannelClaims;
    this.scheduleExpiry(channel);
  }
}
