/** One Phoenix message, whatever the serializer version. */
export interface PhoenixMessage {
  joinRef: string | null;
  ref: string | null;
  topic: string;
  event: string;
  payload: Record<string, unknown>;
}

export type SerializerVersion = '1.0.0' | '2.0.0';

const userBroadcastPush = 3;
const jsonEncoding = 1;

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const asRef = (value: unknown) => (typeof value === 'string' ? value : null);

/**
 * realtime-js's binary user broadcast (kind 3): lengths of join_ref, ref, topic, event and meta, the
 * payload encoding, those strings, then the payload.
 */
function decodeBinary(bytes: Buffer): PhoenixMessage {
  if (bytes[0] !== userBroadcastPush || bytes.length < 7) throw new Error('Unsupported binary frame');
  const lengths = [bytes[1]!, bytes[2]!, bytes[3]!, bytes[4]!, bytes[5]!];
  const encoding = bytes[6]!;
  let offset = 7;
  const [joinRef, ref, topic, event, meta] = lengths.map((length) => {
    const text = bytes.subarray(offset, offset + length).toString('utf8');
    offset += length;
    return text;
  }) as [string, string, string, string, string];
  const rest = bytes.subarray(offset);
  const payload =
    encoding === jsonEncoding ? (JSON.parse(rest.toString('utf8')) as unknown) : rest.toString('base64');
  return {
    joinRef: joinRef || null,
    ref: ref || null,
    topic,
    event: 'broadcast',
    payload: {
      type: 'broadcast',
      event,
      payload,
      ...(meta ? { meta: JSON.parse(meta) as unknown } : {}),
    },
  };
}

export function decode(data: Buffer, isBinary: boolean, version: SerializerVersion): PhoenixMessage {
  if (isBinary) return decodeBinary(data);
  const parsed: unknown = JSON.parse(data.toString('utf8'));
  if (version === '2.0.0') {
    if (!Array.isArray(parsed) || parsed.length !== 5) throw new Error('Expected a five-element array');
    const [joinRef, ref, topic, event, payload] = parsed as unknown[];
    if (typeof topic !== 'string' || typeof event !== 'string') throw new Error('Invalid topic or event');
    return {
      joinRef: asRef(joinRef),
      ref: asRef(ref),
      topic,
      event,
      payload: isObject(payload) ? payload : {},
    };
  }
  if (!isObject(parsed) || typeof parsed.topic !== 'string' || typeof parsed.event !== 'string') {
    throw new Error('Invalid message');
  }
  return {
    joinRef: asRef(parsed.join_ref),
    ref: asRef(parsed.ref),
    topic: parsed.topic,
    event: parsed.event,
    payload: isObject(parsed.payload) ? parsed.payload : {},
  };
}

/**
 * A payload may carry its own JSON under this key (JSON.stringify skips symbol keys): one change sent to
 * many channels is then serialised once, not once per channel.
 */
export const encodedPayload = Symbol('encodedPayload');

export function encode(message: PhoenixMessage, version: SerializerVersion): string {
  const { joinRef, ref, topic, event, payload } = message;
  const payloadJson = (payload as { [encodedPayload]?: string })[encodedPayload] ?? JSON.stringify(payload);
  const [joinRefJson, refJson, topicJson, eventJson] = [joinRef, ref, topic, event].map((value) =>
    JSON.stringify(value),
  );
  return version === '2.0.0'
    ? `[${joinRefJson},${refJson},${topicJson},${eventJson},${payloadJson}]`
    : `{"join_ref":${joinRefJson},"ref":${refJson},"topic":${topicJson},"event":${eventJson},"payload":${payloadJson}}`;
}
