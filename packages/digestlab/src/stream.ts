import type { Data } from './bytes.js';
import type { Digest } from './digest.js';
import { InvalidDataError } from './errors.js';

/** What `digestStream` reads: a web ReadableStream, any (async) iterable of chunks (Node streams are), or a Blob. */
export type StreamSource = ReadableStream<Data> | AsyncIterable<Data> | Iterable<Data> | Blob;

/** Feeds every chunk of `source` into `digest`, holding one chunk at a time. */
export async function feed(digest: Digest, source: StreamSource): Promise<void> {
  if (typeof source !== 'object' || source === null) {
    throw new InvalidDataError(source, 'a ReadableStream, an async iterable of chunks or a Blob');
  }
  if (typeof Blob !== 'undefined' && source instanceof Blob) {
    return feed(digest, source.stream());
  }
  if (typeof (source as ReadableStream).getReader === 'function') {
    // getReader() rather than async iteration: Safari's ReadableStream is not async iterable.
    const reader = (source as ReadableStream<Data>).getReader();
    try {
      for (;;) {
        const { done, value } = await reader.read();
        if (done) return;
        digest.update(value);
      }
    } catch (error) {
      await reader.cancel(error).catch(() => {});
      throw error;
    } finally {
      reader.releaseLock();
    }
  }
  if (Symbol.asyncIterator in source || Symbol.iterator in source) {
    for await (const chunk of source as AsyncIterable<Data>) digest.update(chunk);
    return;
  }
  throw new InvalidDataError(source, 'a ReadableStream, an async iterable of chunks or a Blob');
}
