/**
 * A keep-alive HTTP/1.1 connection that sends requests written out as bytes and reads each
 * answer's status, one at a time: a load generator's own work kept to a socket write and a scan
 * of each answer's head. On the same two cores as the shop, an HTTP client library's work per
 * request (about half a millisecond of CPU, and the header objects it builds, which a busy
 * generator's garbage collector then stops for) would be in every answer's measured wait
 * (decisions 166 and 191).
 */
import { connect, type Socket } from 'node:net';

export class RawConnection {
  private buffered: Buffer = Buffer.alloc(0);
  private waiting?: { resolve: (status: number) => void; reject: (error: Error) => void };

  private constructor(private readonly socket: Socket) {
    socket.on('data', (chunk: Buffer) => {
      this.buffered = this.buffered.length === 0 ? chunk : Buffer.concat([this.buffered, chunk]);
      this.answerIfWhole();
    });
    const fail = (error: Error) => {
      const waiting = this.waiting;
      this.waiting = undefined;
      waiting?.reject(error);
    };
    socket.on('error', fail);
    socket.on('close', () => fail(new Error('connection closed')));
  }

  static open(url: URL): Promise<RawConnection> {
    return new Promise((resolve, reject) => {
      const socket = connect(Number(url.port), url.hostname, () =>
        resolve(new RawConnection(socket)),
      );
      socket.setNoDelay(true);
      socket.once('error', reject);
    });
  }

  /** Sends `request` (a whole HTTP/1.1 request) and resolves with the answer's status. */
  send(request: Buffer): Promise<number> {
    return new Promise((resolve, reject) => {
      if (this.socket.destroyed) return reject(new Error('connection closed'));
      this.waiting = { resolve, reject };
      this.socket.write(request);
    });
  }

  /** An answer is whole once its head and `content-length` bytes of body are in. */
  private answerIfWhole() {
    const headEnd = this.buffered.indexOf('\r\n\r\n');
    if (headEnd < 0 || !this.waiting) return;
    const head = this.buffered.subarray(0, headEnd).toString('latin1');
    // Only answers that say their length are read; another framing would be misread.
    if (/\r\ntransfer-encoding:/i.test(head)) {
      this.waiting.reject(new Error('an answer without content-length'));
      this.waiting = undefined;
      return;
    }
    const length = Number(/\r\ncontent-length: *(\d+)/i.exec(head)?.[1] ?? 0);
    if (this.buffered.length < headEnd + 4 + length) return;
    this.buffered = this.buffered.subarray(headEnd + 4 + length);
    const waiting = this.waiting;
    this.waiting = undefined;
    waiting.resolve(Number(head.slice(9, 12)));
  }

  close() {
    this.socket.destroy();
  }
}

/** A request to `path` as bytes ready to send, with a JSON body when one is given. */
export function requestBytes(
  url: URL,
  method: string,
  path: string,
  headers: Record<string, string>,
  body?: string,
): Buffer {
  const lines = [`${method} ${path} HTTP/1.1`, `host: ${url.host}`];
  for (const [name, value] of Object.entries(headers)) lines.push(`${name}: ${value}`);
  if (body !== undefined) lines.push(`content-length: ${Buffer.byteLength(body)}`);
  return Buffer.from(`${lines.join('\r\n')}\r\n\r\n${body ?? ''}`);
}
