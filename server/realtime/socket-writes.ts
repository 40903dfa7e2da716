import type { Channel, SocketCork } from './channel.ts';
import { nextTurn } from './next-turn.ts';
import type { PhoenixMessage } from './serializer.ts';

/** A frame for one channel. */
export type Outgoing = { channel: Channel; message: Omit<PhoenixMessage, 'topic'> };

/** Sockets written per turn of the event loop: API requests wait for at most this many. */
export const socketsPerTurn = 50;

/**
 * Sends each socket its frames of the batch, in order, in one write (its channels share a cork); a turn
 * of the event loop between every `socketsPerTurn` sockets. A channel that has left gets none.
 */
export async function sendBySocket(frames: Outgoing[]): Promise<void> {
  const bySocket = new Map<SocketCork, Outgoing[]>();
  for (const frame of frames) {
    if (frame.channel.left) continue;
    const list = bySocket.get(frame.channel.corked);
    if (list) list.push(frame);
    else bySocket.set(frame.channel.corked, [frame]);
  }
  let written = 0;
  for (const [corked, list] of bySocket) {
    if (written > 0 && written % socketsPerTurn === 0) await nextTurn();
    corked(() => {
      // A channel may leave while the earlier sockets are written.
      for (const { channel, message } of list) if (!channel.left) channel.send(message);
    });
    written += 1;
  }
}
