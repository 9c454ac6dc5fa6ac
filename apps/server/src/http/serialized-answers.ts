import { createHash } from 'node:crypto';
import { promisify } from 'node:util';
import { gzip } from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../context.ts';
import { ByteLru } from '../lib/byte-lru.ts';
import { oncePer } from '../lib/once-per.ts';

const gzipAsync = promisify(gzip);

/** A whole `{ success, data, message }` answer, serialized and gzipped once. */
export interface SerializedAnswer {
  /** UTF-8 JSON */
  body: Buffer;
  /** the same, gzip-compressed (a fifth of the size or less) */
  gzipped: Buffer;
}

/** An answer whose ETag is known before it is built: a client that has it gets 304 and nothing is built. */
export interface PreparedAnswer {
  etag: string;
  build(): Promise<SerializedAnswer>;
}

/** A weak ETag for everything that decides an answer, as one string. */
export function etagOf(key: string): string {
  return `W/"${createHash('sha256').update(key).digest('base64url').slice(0, 27)}"`;
}

/** gzip levels of kept answers: 'smaller' (6) for answers kept and served many times (a company's turbine list, a
 *  turbine's findings); 'faster' (3) for answers built again for every sign-in (photo listings carry URLs signed for
 *  their holder): 1.6 MB of a 1,500-photo listing took ~12 ms of CPU at 6 and ~5 at 3, for ~10% more bytes, and in
 *  bench:load, where that listing is built ~5 times a second, reads p99 went from 176-315 to 144-187 ms */
export const GZIP_LEVELS = { smaller: 6, faster: 3 } as const;

/** `{ success: true, data, message }`; without a message when `message` is undefined. */
export async function serializeEnvelope(
  data: unknown,
  message: string | undefined,
  compression: keyof typeof GZIP_LEVELS = 'smaller',
): Promise<SerializedAnswer> {
  const body = Buffer.from(JSON.stringify({ success: true, data, message }));
  // compressed on the thread pool: the event loop keeps serving meanwhile
  return { body, gzipped: await gzipAsync(body, { level: GZIP_LEVELS[compression] }) };
}

/** Serialized answers of one kind, one per slot (what is asked: a turbine's photos with these filters in this
 *  language, a company's turbine list), each with the version it was built from: a newer version replaces it, so old
 *  versions never pile up. Bounded by bytes; the least recently used go first. */
export class SerializedCache {
  private readonly entries: ByteLru<{ version: string; answer: SerializedAnswer }>;
  /** builds under way, by version and slot: the requests that ask meanwhile wait for that build */
  private readonly building = new Map<string, Promise<SerializedAnswer>>();

  constructor(private readonly maxBytes: number) {
    this.entries = new ByteLru(maxBytes, (entry) => entry.answer.body.length + entry.answer.gzipped.length);
  }

  get(slot: string, version: string): SerializedAnswer | undefined {
    const entry = this.entries.get(slot);
    return entry?.version === version ? entry.answer : undefined;
  }

  set(slot: string, version: string, answer: SerializedAnswer) {
    // one answer may not take more than a quarter of the room
    if (answer.body.length + answer.gzipped.length > this.maxBytes / 4) return;
    this.entries.set(slot, { version, answer });
  }

  /** The answer for `slot` at `version`: kept, or being built for another request (then that build's), or built now.
   *  One change made every reader of a list build it at once: 20 dashboards on a 5,000-finding turbine, 20 builds of
   *  ~90 ms of CPU each, and a list read waited 1.6 s while changes came twice a second (bench:findings part 4). A build
   *  that fails fails for the requests waiting for it; the next request builds again. */
  async answer(slot: string, version: string, build: () => Promise<{ answer: SerializedAnswer; keep: boolean }>) {
    const hit = this.get(slot, version);
    if (hit) return hit;
    const key = `${version}\n${slot}`;
    const underWay = this.building.get(key);
    if (underWay) return underWay;
    const made = build().then(({ answer, keep }) => {
      if (keep) this.set(slot, version, answer);
      return answer;
    });
    this.building.set(key, made);
    try {
      return await made;
    } finally {
      this.building.delete(key);
    }
  }
}

/** The answer `{ success, data, message }` for `slot` at `version`: its ETag at once, the answer from `cache` or built
 *  from `data()` (and kept when `keep` says so), one build at a time for everyone asking the same. */
export function preparedAnswer<T>(options: {
  cache: SerializedCache;
  slot: string;
  version: string;
  message: string | undefined;
  data: () => Promise<T>;
  keep?: (data: T) => boolean;
  /** 'faster' for answers built again for every sign-in (GZIP_LEVELS) */
  compression?: keyof typeof GZIP_LEVELS;
}): PreparedAnswer {
  const { cache, slot, version, message } = options;
  return {
    etag: etagOf(`${slot} ${version}`),
    build: () =>
      cache.answer(slot, version, async () => {
        const data = await options.data();
        return { answer: await serializeEnvelope(data, message, options.compression), keep: options.keep?.(data) ?? true };
      }),
  };
}

const cachesOf = oncePer((_ctx: AppContext) => new Map<string, SerializedCache>());

/** This app's cache of one kind of answer (each process keeps its own; nothing is shared between processes). */
export function serializedCache(ctx: AppContext, kind: string, maxBytes: number): SerializedCache {
  const caches = cachesOf(ctx);
  let cache = caches.get(kind);
  if (!cache) {
    cache = new SerializedCache(maxBytes);
    caches.set(kind, cache);
  }
  return cache;
}

/** Sends a prepared answer: `private, no-cache` with its ETag (304 when the client has it), gzip when accepted. */
export async function sendPrepared(req: FastifyRequest, reply: FastifyReply, prepared: PreparedAnswer) {
  reply
    .header('cache-control', 'private, no-cache')
    .header('etag', prepared.etag)
    .header('vary', 'accept-encoding, accept-language, x-language');
  if (req.headers['if-none-match'] === prepared.etag) return reply.status(304).send();
  return sendSerialized(req, reply, await prepared.build());
}

/** Sends a serialized answer as it is, gzipped when accepted. */
export function sendSerialized(req: FastifyRequest, reply: FastifyReply, answer: SerializedAnswer) {
  reply.type('application/json; charset=utf-8');
  if (/\bgzip\b/.test(String(req.headers['accept-encoding'] ?? ''))) return reply.header('content-encoding', 'gzip').send(answer.gzipped);
  return reply.send(answer.body);
}
