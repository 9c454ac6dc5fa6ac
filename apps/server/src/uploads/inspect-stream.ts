import { createHash, type Hash } from 'node:crypto';
import { Transform, type TransformCallback } from 'node:stream';
import type { UploadRejectionReason } from '@windscope/contract';
import type { MediaKind } from '../media/media-types.ts';
import { SNIFF_BYTES } from '../media/sniff.ts';
import { UploadRejectedError } from './upload-rejection.ts';

const TAIL_BYTES = 32;

export interface InspectOptions {
  maxBytes: number;
  /** decides the kind from the first bytes; null refuses the file */
  sniff(head: Buffer): Promise<MediaKind | null>;
  /** the reason given when sniff() answers null */
  unknownReason: UploadRejectionReason;
  /** the reason given for a file with no bytes at all */
  emptyReason: UploadRejectionReason;
  /** whether the file's name may carry the sniffed kind (its extension says what the bytes are); 'wrong_extension' if not */
  nameFits?(kind: MediaKind): boolean;
  /** what is left of the upload's byte quota: more than that fails the whole upload with refuse()'s error */
  budget?: { bytes: number; refuse(): Error };
}

/** Passes bytes through while counting them, hashing them (SHA-256) and sniffing their type from the first ones.
 *  Fails with an UploadRejectedError as soon as the file is over the limit or of a refused type. */
export class InspectStream extends Transform {
  size = 0;
  kind: MediaKind | null = null;
  /** the first and the last bytes of the file (at most TAIL_BYTES each): enough to tell a cut-off image (see completeness.ts) */
  first: Buffer = Buffer.alloc(0);
  last: Buffer = Buffer.alloc(0);
  private readonly hash: Hash = createHash('sha256');
  private head: Buffer[] | null = [];
  private headLength = 0;

  constructor(private readonly options: InspectOptions) {
    super();
  }

  sha256(): string {
    return this.hash.digest('hex');
  }

  override _transform(chunk: Buffer, _encoding: BufferEncoding, callback: TransformCallback): void {
    this.size += chunk.length;
    // copied, so the big chunk itself is not kept alive
    this.last =
      chunk.length >= TAIL_BYTES ? Buffer.from(chunk.subarray(-TAIL_BYTES)) : Buffer.concat([this.last, chunk]).subarray(-TAIL_BYTES);
    if (this.size > this.options.maxBytes) {
      callback(new UploadRejectedError('too_large'));
    } else if (this.options.budget && this.size > this.options.budget.bytes) {
      callback(this.options.budget.refuse());
    } else if (!this.head) {
      this.hash.update(chunk);
      this.push(chunk);
      callback();
    } else {
      this.hash.update(chunk);
      this.head.push(chunk);
      this.headLength += chunk.length;
      if (this.headLength < SNIFF_BYTES) callback();
      else this.releaseHead(callback);
    }
  }

  override _flush(callback: TransformCallback): void {
    if (this.size === 0) callback(new UploadRejectedError(this.options.emptyReason));
    else if (this.head) this.releaseHead(callback);
    else callback();
  }

  /** Sniffs the held-back first bytes, then lets them through (or refuses the file). */
  private releaseHead(callback: TransformCallback) {
    const head = Buffer.concat(this.head ?? []);
    this.head = null;
    this.first = Buffer.from(head.subarray(0, TAIL_BYTES));
    this.options.sniff(head).then(
      (kind) => {
        if (!kind) {
          callback(new UploadRejectedError(this.options.unknownReason));
          return;
        }
        if (this.options.nameFits && !this.options.nameFits(kind)) {
          callback(new UploadRejectedError('wrong_extension'));
          return;
        }
        this.kind = kind;
        this.push(head);
        callback();
      },
      (error: Error) => callback(error),
    );
  }
}
