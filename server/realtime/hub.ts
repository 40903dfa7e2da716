import type { Channel } from './channel.ts';
import { Session } from './session.ts';

/** A socket that has sent nothing (not even a heartbeat, every 25 s) for this long is dropped. */
export const defaultHeartbeatTimeoutMilliseconds = 60_000;

/** Every live session of this process, for fan-out and for the heartbeat watchdog. */
export class RealtimeHub {
  private readonly sessions = new Set<Session>();
  private readonly watchdog: NodeJS.Timeout;

  constructor(heartbeatTimeoutMilliseconds = defaultHeartbeatTimeoutMilliseconds) {
    this.watchdog = setInterval(() => {
      const deadline = Date.now() - heartbeatTimeoutMilliseconds;
      for (const session of this.sessions) if (session.lastSeen < deadline) session.terminate();
    }, heartbeatTimeoutMilliseconds / 4);
    this.watchdog.unref();
  }

  add(session: Session): void {
    this.sessions.add(session);
  }

  remove(session: Session): void {
    session.close();
    this.sessions.delete(session);
  }

  *channels(): Iterable<Channel> {
    for (const session of this.sessions) yield* session.channels.values();
  }

  /** Client broadcast to the other sockets of this process on the same public topic. */
  broadcast(topic: string, payload: Record<string, unknown>, from: Session): void {
    for (const session of this.sessions) {
      const channel = session.channels.get(topic);
      if (!channel || (session === from && !channel.broadcastSelf)) continue;
      session.send({ joinRef: null, ref: null, topic, event: 'broadcast', payload });
    }
  }

  close(): void {
    clearInterval(this.watchdog);
    for (const session of this.sessions) this.remove(session);
  }
}
