import type { Data } from '../shared/bytes.js';
import { InvalidDataError } from '../shared/errors.js';
import type { Digest } from './digest.js';

/*
 * The sources below are described by the members `feed` uses, not by the platform's classes: a declaration that
 * named `ReadableStream` or `Blob` would not compile in a project without the DOM's types (`"lib": ["ES2022"]`,
 * `"types": []`). A web ReadableStream (the DOM's, Node's `stream/web`), a Node stream and a Blob still match them.
 */

/** One read of a {@link ReadableStreamReaderLike}: a chunk, or the end of the stream. */
export type ReadResultLike<T> = { done: false; value: T } | { done: true; value?: unknown };

/** What `digestStream` uses of a web ReadableStream's default reader. */
export interface ReadableStreamReaderLike<T> {
  read(): Promise<ReadResultLike<T>>;
  /** Called with the error when a chunk is refused or a read fails. */
  cancel(reason?: unknown): Promise<void>;
  releaseLock(): void;
}

/**
 * A web ReadableStream, as `digestStream` reads it (through `getReader()`, since Safari's ReadableStream is not
 * async iterable): the DOM's, Node's `stream/web`, a fetch Response's `body`.
 */
export interface ReadableStreamLike<T> {
  getReader(): ReadableStreamReaderLike<T>;
}

/**
 * A Blob (or File), as `digestStream` reads it: through `stream()`. At run time it must be an instance of the
 * runtime's `Blob` (Node's `buffer.Blob` is); these members are what its type is told apart by.
 */
export interface BlobLike {
  readonly size: number;
  readonly type: string;
  arrayBuffer(): Promise<ArrayBuffer>;
  slice(start?: number, end?: number, contentType?: string): BlobLike;
  stream(): ReadableStreamLike<Uint8Array>;
}

/**
 * What `digestStream` reads: a web ReadableStream, any (async) iterable of chunks (Node streams are), or a Blob.
 * An object: a string is data (`digest` takes it), not a stream of it.
 */
export type StreamSource = ReadableStreamLike<Data> | (object & (AsyncIterable<Data> | Iterable<Data>)) | BlobLike;

/** Feeds every chunk of `source` into `digest`, holding one chunk at a time. */
export async function feed(digest: Digest, source: StreamSource): Promise<void> {
  if (typeof source !== 'object' || source === null) {
    throw new InvalidDataError(source, 'a ReadableStream, an async iterable of chunks or a Blob');
  }
  if (typeof Blob !== 'undefined' && source instanceof Blob) {
    return feed(digest, source.stream());
  }
  if (typeof (source as ReadableStreamLike<Data>).getReader === 'function') {
    // getReader() rather than async iteration: Safari's ReadableStream is not async iterable.
    const reader = (source as ReadableStreamLike<Data>).getReader();
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
