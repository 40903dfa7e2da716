import type { Claims } from '../jwt/jwt.ts';
import type { ChangeFilter } from './filters.ts';
import type { PhoenixMessage } from './serializer.ts';

export type ChangeEvent = 'INSERT' | 'UPDATE' | 'DELETE';

/** One `postgres_changes` binding of a channel, with the id its events carry in `ids`. */
export interface Binding {
  id: number;
  event: '*' | ChangeEvent;
  schema: string;
  /** Undefined or '*' for every table of the schema. */
  table?: string;
  filterText?: string;
  filter?: ChangeFilter;
}

export type ChannelClaims = Claims & { role: string };

/** A joined topic on one socket. */
export interface Channel {
  topic: string;
  joinRef: string | null;
  token: string;
  claims: ChannelClaims;
  bindings: Binding[];
  broadcastSelf: boolean;
  broadcastAck: boolean;
  expiryTimer?: NodeJS.Timeout;
  /** Left, closed (its token failed or expired) or its socket gone: it is sent nothing more. */
  left?: boolean;
  send(message: Omit<PhoenixMessage, 'topic'>): void;
  /** The socket's, shared by its channels: frames sent inside `work` leave in one write. */
  corked: SocketCork;
}

export type SocketCork = (work: () => void) => void;

/** The part after `realtime:`, which is how Realtime names a channel in system messages. */
export const subTopic = (topic: string) => topic.replace(/^realtime:/, '');
