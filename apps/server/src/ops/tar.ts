import type { Readable, Writable } from 'node:stream';

/**
 * The few lines of the tar format a backup needs (POSIX ustar, regular files only): written by
 * us, read by us, and listed or unpacked by any `tar` (GNU, bsdtar) an operator has at hand.
 * Sizes past ustar's 8 GiB are written in GNU's base-256 form, which both read.
 */

const BLOCK = 512;
const zeros = Buffer.alloc(BLOCK);
/** Largest size the 11 octal digits of ustar hold. */
const OCTAL_MAX = 8 ** 11 - 1;

function putString(header: Buffer, offset: number, length: number, value: string) {
  const bytes = Buffer.from(value, 'utf8');
  if (bytes.length > length) throw new Error(`tar: "${value}" is longer than ${length} bytes`);
  bytes.copy(header, offset);
}

function putOctal(header: Buffer, offset: number, length: number, value: number) {
  header.write(value.toString(8).padStart(length - 1, '0') + '\0', offset, length, 'ascii');
}

function putSize(header: Buffer, value: number) {
  if (value <= OCTAL_MAX) return putOctal(header, 124, 12, value);
  // GNU base-256: the first byte's high bit set, the number big-endian in the rest.
  header.fill(0, 124, 136);
  header[124] = 0x80;
  let rest = BigInt(value);
  for (let i = 135; i > 124; i--) {
    header[i] = Number(rest & 0xffn);
    rest >>= 8n;
  }
}

function readSize(header: Buffer): number {
  if (header[124]! & 0x80) {
    let n = 0n;
    for (let i = 125; i < 136; i++) n = (n << 8n) | BigInt(header[i]!);
    return Number(n);
  }
  return parseOctal(header, 124, 12);
}

function parseOctal(header: Buffer, offset: number, length: number): number {
  const text = header
    .toString('ascii', offset, offset + length)
    .replace(/\0.*$/s, '')
    .trim();
  return text ? parseInt(text, 8) : 0;
}

function checksum(header: Buffer): number {
  let sum = 0;
  for (let i = 0; i < BLOCK; i++) sum += i >= 148 && i < 156 ? 0x20 : header[i]!;
  return sum;
}

/** A ustar header for a regular file; names up to 255 bytes (split into prefix and name). */
export function fileHeader(name: string, size: number, mtime = new Date()): Buffer {
  const header = Buffer.alloc(BLOCK);
  let prefix = '';
  let base = name;
  if (Buffer.byteLength(name) > 100) {
    const cut = name.lastIndexOf('/', 155);
    if (cut <= 0) throw new Error(`tar: the name "${name}" cannot be split into ustar fields`);
    prefix = name.slice(0, cut);
    base = name.slice(cut + 1);
  }
  putString(header, 0, 100, base);
  putOctal(header, 100, 8, 0o644);
  putOctal(header, 108, 8, 0);
  putOctal(header, 116, 8, 0);
  putSize(header, size);
  putOctal(header, 136, 12, Math.floor(mtime.getTime() / 1000));
  header[156] = 0x30; // '0': a regular file
  header.write('ustar\0', 257, 6, 'ascii');
  header.write('00', 263, 2, 'ascii');
  putString(header, 345, 155, prefix);
  header.write(checksum(header).toString(8).padStart(6, '0') + '\0 ', 148, 8, 'ascii');
  return header;
}

/** Waits for the stream to take a chunk (back-pressure), failing if it errors or closes. */
function write(out: Writable, chunk: Buffer): Promise<void> {
  if (out.destroyed || out.writableEnded)
    return Promise.reject(new Error('the archive stream closed before the end'));
  return new Promise((resolve, reject) => {
    const more = out.write(chunk, (err) => err && reject(err));
    if (more) return resolve();
    const done = (err?: Error) => {
      out.off('drain', onDrain);
      out.off('error', done);
      out.off('close', onClose);
      if (err) reject(err);
      else resolve();
    };
    const onDrain = () => done();
    const onClose = () => done(new Error('the archive stream closed before the end'));
    out.once('drain', onDrain);
    out.once('error', done);
    out.once('close', onClose);
  });
}

/** Writes entries one after the other into `out` (which it does not end: call `finish`). */
export class TarWriter {
  constructor(private readonly out: Writable) {}

  /** One file of exactly `size` bytes from `body`; a body longer or shorter fails the archive. */
  async add(name: string, size: number, body: AsyncIterable<Buffer | Uint8Array> | Buffer) {
    await write(this.out, fileHeader(name, size));
    let written = 0;
    const chunks = Buffer.isBuffer(body) ? [body] : body;
    for await (const raw of chunks) {
      const chunk = Buffer.isBuffer(raw) ? raw : Buffer.from(raw);
      written += chunk.length;
      if (written > size) throw new Error(`tar: ${name} grew while it was archived`);
      await write(this.out, chunk);
    }
    if (written !== size) throw new Error(`tar: ${name} shrank while it was archived`);
    const pad = (BLOCK - (size % BLOCK)) % BLOCK;
    if (pad) await write(this.out, zeros.subarray(0, pad));
  }

  /** The two zero blocks that end an archive. */
  async finish() {
    await write(this.out, Buffer.alloc(BLOCK * 2));
  }
}

export interface TarEntry {
  name: string;
  size: number;
  /** The entry's bytes; read it whole (or not at all) before asking for the next entry. */
  body: AsyncIterable<Buffer>;
}

/** Pulls exact byte counts out of a chunked source. */
class ByteReader {
  private buffered: Buffer[] = [];
  private length = 0;
  private readonly source: AsyncIterator<Buffer | string>;

  constructor(source: AsyncIterable<Buffer | string>) {
    this.source = source[Symbol.asyncIterator]();
  }

  private async fill(): Promise<boolean> {
    const next = await this.source.next();
    if (next.done) return false;
    const chunk = Buffer.isBuffer(next.value) ? next.value : Buffer.from(next.value);
    this.buffered.push(chunk);
    this.length += chunk.length;
    return true;
  }

  /** Up to `max` bytes (at least one unless the source is over). */
  private async take(max: number): Promise<Buffer | null> {
    if (this.length === 0 && !(await this.fill())) return null;
    const head = this.buffered[0]!;
    const piece = head.length <= max ? head : head.subarray(0, max);
    if (piece === head) this.buffered.shift();
    else this.buffered[0] = head.subarray(max);
    this.length -= piece.length;
    return piece;
  }

  async exact(n: number): Promise<Buffer | null> {
    while (this.length < n) if (!(await this.fill())) return null;
    const all = Buffer.concat(this.buffered);
    this.buffered = all.length > n ? [all.subarray(n)] : [];
    this.length = all.length - n;
    return all.subarray(0, n);
  }

  async *stream(n: number): AsyncGenerator<Buffer> {
    let left = n;
    while (left > 0) {
      const piece = await this.take(left);
      if (!piece) throw new Error('tar: the archive ends in the middle of an entry');
      left -= piece.length;
      yield piece;
    }
  }

  async skip(n: number) {
    for await (const piece of this.stream(n)) void piece;
  }
}

/** The regular files of an archive, in order; anything else (folders, links) is refused. */
export async function* readTar(source: Readable | AsyncIterable<Buffer>): AsyncGenerator<TarEntry> {
  const reader = new ByteReader(source as AsyncIterable<Buffer>);
  for (;;) {
    const header = await reader.exact(BLOCK);
    if (!header) throw new Error('tar: the archive ends without its end marker');
    if (header.equals(zeros)) return;
    const stored = parseOctal(header, 148, 8);
    if (stored !== checksum(header)) throw new Error('tar: a header is damaged');
    const type = String.fromCharCode(header[156]!);
    if (type !== '0' && type !== '\0') throw new Error(`tar: unexpected entry type "${type}"`);
    const base = header.toString('utf8', 0, 100).replace(/\0.*$/s, '');
    const prefix = header.toString('utf8', 345, 500).replace(/\0.*$/s, '');
    const name = prefix ? `${prefix}/${base}` : base;
    const size = readSize(header);
    let read = 0;
    async function* body() {
      for await (const piece of reader.stream(size - read)) {
        read += piece.length;
        yield piece;
      }
    }
    yield { name, size, body: { [Symbol.asyncIterator]: body } };
    // Whatever the consumer left of the entry.
    if (read < size) await reader.skip(size - read);
    const pad = (BLOCK - (size % BLOCK)) % BLOCK;
    if (pad && !(await reader.exact(pad))) throw new Error('tar: the archive is cut short');
  }
}
