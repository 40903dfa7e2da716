import { execFileSync } from 'node:child_process';
import { createDecipheriv, createECDH, hkdfSync, randomBytes, type ECDH } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { Agent, createServer, type Server } from 'node:https';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** A browser's side of a push subscription: its key pair and auth secret, as PushManager makes them. */
export interface TestSubscription {
  endpoint: string;
  p256dh: string;
  auth: string;
  ecdh: ECDH;
  authSecret: Buffer;
}

export interface ReceivedPush {
  path: string;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
}

/** A push service on 127.0.0.1 over TLS (its own certificate, trusted through `agent`). */
export interface PushEndpoint {
  url: string;
  agent: Agent;
  /** The endpoint's certificate (PEM), for another process's NODE_EXTRA_CA_CERTS. */
  certificate: string;
  received: ReceivedPush[];
  /** The status each path answers (201 unless set). */
  answers: Map<string, number>;
  subscription(path: string): TestSubscription;
  close(): Promise<void>;
}

function selfSignedCertificate(): { key: string; cert: string } {
  const folder = mkdtempSync(join(tmpdir(), 'push-endpoint-'));
  try {
    execFileSync(
      'openssl',
      [
        'req',
        '-x509',
        '-newkey',
        'ec',
        '-pkeyopt',
        'ec_paramgen_curve:prime256v1',
        '-nodes',
        '-days',
        '1',
        '-subj',
        '/CN=127.0.0.1',
        '-addext',
        'subjectAltName=IP:127.0.0.1',
        '-keyout',
        join(folder, 'key.pem'),
        '-out',
        join(folder, 'cert.pem'),
      ],
      { stdio: 'ignore' },
    );
    return {
      key: readFileSync(join(folder, 'key.pem'), 'utf8'),
      cert: readFileSync(join(folder, 'cert.pem'), 'utf8'),
    };
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
}

export async function startPushEndpoint(): Promise<PushEndpoint> {
  const { key, cert } = selfSignedCertificate();
  const received: ReceivedPush[] = [];
  const answers = new Map<string, number>();
  const server: Server = createServer({ key, cert }, (request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const path = request.url ?? '/';
      received.push({ path, headers: request.headers, body: Buffer.concat(chunks) });
      response.statusCode = answers.get(path) ?? 201;
      response.end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  const url = `https://127.0.0.1:${port}`;
  return {
    url,
    agent: new Agent({ ca: cert }),
    certificate: cert,
    received,
    answers,
    subscription(path) {
      const ecdh = createECDH('prime256v1');
      ecdh.generateKeys();
      const authSecret = randomBytes(16);
      return {
        endpoint: `${url}${path}`,
        p256dh: ecdh.getPublicKey().toString('base64url'),
        auth: authSecret.toString('base64url'),
        ecdh,
        authSecret,
      };
    },
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

/** Decrypts an aes128gcm push message (RFC 8291) as the browser holding `subscription` would. */
export function decryptPush(subscription: TestSubscription, body: Buffer): string {
  const salt = body.subarray(0, 16);
  const recordSize = body.readUInt32BE(16);
  const keyIdLength = body[20]!;
  const senderPublicKey = body.subarray(21, 21 + keyIdLength);
  const ciphertext = body.subarray(21 + keyIdLength);
  if (ciphertext.length > recordSize) throw new Error('More than one record');

  const sharedSecret = subscription.ecdh.computeSecret(senderPublicKey);
  const keyInfo = Buffer.concat([
    Buffer.from('WebPush: info\0'),
    subscription.ecdh.getPublicKey(),
    senderPublicKey,
  ]);
  const inputKey = Buffer.from(hkdfSync('sha256', sharedSecret, subscription.authSecret, keyInfo, 32));
  const contentKey = Buffer.from(hkdfSync('sha256', inputKey, salt, 'Content-Encoding: aes128gcm\0', 16));
  const nonce = Buffer.from(hkdfSync('sha256', inputKey, salt, 'Content-Encoding: nonce\0', 12));

  const decipher = createDecipheriv('aes-128-gcm', contentKey, nonce);
  decipher.setAuthTag(ciphertext.subarray(ciphertext.length - 16));
  const padded = Buffer.concat([
    decipher.update(ciphertext.subarray(0, ciphertext.length - 16)),
    decipher.final(),
  ]);
  // The last record ends with the delimiter 0x02, then zero padding.
  let end = padded.length - 1;
  while (end >= 0 && padded[end] === 0) end -= 1;
  if (padded[end] !== 2) throw new Error('No last-record delimiter');
  return padded.subarray(0, end).toString('utf8');
}
