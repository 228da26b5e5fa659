import type { Readable } from 'node:stream';

/** How much unread output a writer may build up before it waits for the client. */
export const OUTPUT_HIGH_WATER_BYTES = 512 * 1024;

/**
 * Waits while the client has not read what was already produced, so a slow download holds a
 * few hundred kilobytes rather than the whole table. Resolves at once when the stream is gone.
 */
export async function paced(stream: Readable): Promise<void> {
  while (!stream.destroyed && stream.readableLength > OUTPUT_HIGH_WATER_BYTES)
    await new Promise((resolve) => setTimeout(resolve, 10));
}

/** The batches that follow an already-read first one. */
export async function* withFirst<T>(first: T | undefined, rest: AsyncIterator<T>) {
  if (first === undefined) return;
  yield first;
  for (let next = await rest.next(); !next.done; next = await rest.next()) yield next.value;
}
