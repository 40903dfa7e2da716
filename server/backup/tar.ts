import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import type { Writable } from 'node:stream';

/**
 * A minimal POSIX ustar writer and reader: regular files only, names under 100 bytes. Enough for a
 * backup archive, without depending on the platform's tar.
 */
const block = 512;

function octal(value: number, width: number): string {
  return `${value.toString(8).padStart(width - 1, '0')}\0`;
}

function header(name: string, size: number, mode: number, mtime: Date): Buffer {
  const nameBytes = Buffer.from(name, 'utf8');
  if (nameBytes.length > 100) throw new Error(`Archive entry name too long: ${name}`);
  const bytes = Buffer.alloc(block);
  nameBytes.copy(bytes, 0);
  bytes.write(octal(mode & 0o7777, 8), 100, 'ascii');
  bytes.write(octal(0, 8), 108, 'ascii');
  bytes.write(octal(0, 8), 116, 'ascii');
  bytes.write(octal(size, 12), 124, 'ascii');
  bytes.write(octal(Math.floor(mtime.getTime() / 1000), 12), 136, 'ascii');
  bytes.write('        ', 148, 'ascii');
  bytes.write('0', 156, 'ascii');
  bytes.write('ustar\0', 257, 'ascii');
  bytes.write('00', 263, 'ascii');
  let sum = 0;
  for (const byte of bytes) sum += byte;
  bytes.write(`${sum.toString(8).padStart(6, '0')}\0 `, 148, 'ascii');
  return bytes;
}

const padding = (size: number) => Buffer.alloc((block - (size % block)) % block);

/** Waits for the destination to accept more when it asks the writer to slow down. */
async function write(output: Writable, chunk: Buffer): Promise<void> {
  if (!output.write(chunk)) {
    await new Promise<void>((resolve, reject) => {
      const onDrain = () => {
        output.off('error', onError);
        resolve();
      };
      const onError = (error: Error) => {
        output.off('drain', onDrain);
        reject(error);
      };
      output.once('drain', onDrain);
      output.once('error', onError);
    });
  }
}

export class TarWriter {
  private readonly output: Writable;

  constructor(output: Writable) {
    this.output = output;
  }

  async addBytes(name: string, bytes: Uint8Array, mode = 0o600): Promise<void> {
    await write(this.output, header(name, bytes.length, mode, new Date()));
    await write(this.output, Buffer.from(bytes));
    await write(this.output, padding(bytes.length));
  }

  /** Copies a file that nobody rewrites meanwhile (stored object versions never change). */
  async addFile(name: string, path: string, mode = 0o600): Promise<void> {
    const { size, mtime } = await stat(path);
    await write(this.output, header(name, size, mode, mtime));
    let copied = 0;
    for await (const chunk of createReadStream(path) as AsyncIterable<Buffer>) {
      const part = chunk.subarray(0, Math.max(0, size - copied));
      copied += part.length;
      if (part.length > 0) await write(this.output, part);
    }
    if (copied !== size) throw new Error(`${path} changed while it was archived`);
    await write(this.output, padding(size));
  }

  /** Writes the end-of-archive marker and ends the output. */
  async finish(): Promise<void> {
    await write(this.output, Buffer.alloc(block * 2));
    await new Promise<void>((resolve, reject) => {
      this.output.once('error', reject);
      this.output.end(resolve);
    });
  }
}

export interface TarEntry {
  name: string;
  mode: number;
  bytes: Buffer;
}

/** Reads exact byte counts off a stream of chunks. */
class ChunkReader {
  private chunks: Buffer[] = [];
  private buffered = 0;
  private readonly source: AsyncIterator<Buffer>;

  constructor(source: AsyncIterator<Buffer>) {
    this.source = source;
  }

  async take(size: number): Promise<Buffer | undefined> {
    while (this.buffered < size) {
      const next = await this.source.next();
      if (next.done) return undefined;
      this.chunks.push(next.value);
      this.buffered += next.value.length;
    }
    const all = this.chunks.length === 1 ? this.chunks[0]! : Buffer.concat(this.chunks);
    this.chunks = all.length > size ? [all.subarray(size)] : [];
    this.buffered = all.length - size;
    return all.subarray(0, size);
  }
}

const field = (bytes: Buffer, start: number, length: number) =>
  bytes
    .subarray(start, start + length)
    .toString('utf8')
    .replace(/\0.*$/s, '')
    .trim();

/** The regular files of a tar stream, each read whole, in order; throws on a truncated archive. */
export async function* readTar(input: AsyncIterable<Buffer>): AsyncGenerator<TarEntry> {
  const reader = new ChunkReader(input[Symbol.asyncIterator]());
  for (;;) {
    const head = await reader.take(block);
    if (!head) throw new Error('The archive is truncated');
    if (head.every((byte) => byte === 0)) return;
    const size = parseInt(field(head, 124, 12) || '0', 8);
    const type = field(head, 156, 1) || '0';
    const prefix = field(head, 345, 155);
    const name = prefix ? `${prefix}/${field(head, 0, 100)}` : field(head, 0, 100);
    const body = await reader.take(size + padding(size).length);
    if (!body) throw new Error('The archive is truncated');
    if (type === '0') yield { name, mode: parseInt(field(head, 100, 8), 8), bytes: body.subarray(0, size) };
  }
}
