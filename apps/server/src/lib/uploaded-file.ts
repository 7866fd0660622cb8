import type { FastifyRequest } from 'fastify';
import type { AppError } from './app-error.ts';

/**
 * The uploaded bytes, kept out of sight of the input guard (decision 011): its walk over a Buffer
 * would visit every byte as an object key. What the bytes hold is checked where they are decoded.
 */
export class UploadedFile {
  readonly #bytes: Uint8Array;
  constructor(bytes: Uint8Array) {
    this.#bytes = bytes;
  }
  get bytes(): Uint8Array {
    return this.#bytes;
  }
}

type ParserDone = (error: Error | null, body?: unknown) => void;

/**
 * A content-type parser (`app.addContentTypeParser(types, …)`) that reads the body as bytes up to
 * `maxBytes` into an UploadedFile; a larger body is refused with `tooLarge()` (a Russian 422)
 * while the rest is read and dropped, so that the answer reaches the client.
 */
export function readUploadedFile(maxBytes: number, tooLarge: () => AppError) {
  return (_request: FastifyRequest, payload: NodeJS.ReadableStream, done: ParserDone) => {
    const parts: Buffer[] = [];
    let size = 0;
    let refused = false;
    payload.on('data', (chunk: Buffer) => {
      if (refused) return;
      size += chunk.length;
      if (size > maxBytes) {
        refused = true;
        parts.length = 0;
        done(tooLarge(), undefined);
        return;
      }
      parts.push(chunk);
    });
    payload.on('end', () => {
      if (!refused) done(null, new UploadedFile(Buffer.concat(parts)));
    });
    payload.on('error', (error: Error) => {
      if (!refused) done(error, undefined);
    });
  };
}
