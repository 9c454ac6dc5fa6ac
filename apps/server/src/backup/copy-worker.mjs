// One of a backup's or restore's copying threads (parallel-copy.ts): each job copies a byte range from one file into
// another at a given place, hashing it (SHA-256) in the same pass, with plain blocking reads and writes through one
// reused buffer (the bytes stay in the processor's cache between the read, the hash and the write). A backup's jobs
// copy a stored file into its slot in the archive (its tar header first); a restore's copy an entry's bytes out of the
// archive into a new file. The threads work on different jobs at once: on 2 cores, two copies and two hashes run side
// by side, like tar's one copy.
import { createHash } from 'node:crypto';
import { closeSync, fstatSync, mkdirSync, openSync, readSync, writeSync } from 'node:fs';
import path from 'node:path';
import { parentPort, workerData } from 'node:worker_threads';

/** per read: fits the processor's cache with room for the hash (measured: 256 KB to 1 MB are equal here) */
const CHUNK = 512 << 10;
const buffer = Buffer.allocUnsafe(CHUNK);
/** set by the main thread: [0] when the backup or restore failed (every job stops at its next read, closing its
 *  files), [1] by tests for a thread that fails */
const flags = new Int32Array(workerData.flags);
const stopping = () => Atomics.load(flags, 0) !== 0 || Atomics.load(flags, 1) !== 0;

/** the first of `paths` that exists (a stored file deleted during a backup was moved to the second) */
function openFirst(paths) {
  for (const [i, file] of paths.entries()) {
    try {
      return openSync(file, 'r');
    } catch (error) {
      if (error.code !== 'ENOENT' || i === paths.length - 1) throw error;
    }
  }
}

const stopped = () => Object.assign(new Error('stopped'), { code: 'ABORTED' });

function copy(job) {
  if (stopping()) throw stopped();
  // from: { paths } (a file read from its start) or { archive, offset }; to: { archive, offset, head } or { file }
  const input = job.from.archive ? openSync(job.from.archive, 'r') : openFirst(job.from.paths);
  let output;
  try {
    // a stored file replaced since the backup laid out its slot: not a prefix of the new one in the archive
    if (!job.from.archive && fstatSync(input).size !== job.size)
      throw Object.assign(new Error('the file changed size since it was listed'), { code: 'CHANGED' });
    if (job.to.archive) {
      output = openSync(job.to.archive, 'r+');
    } else {
      mkdirSync(path.dirname(job.to.file), { recursive: true });
      output = openSync(job.to.file, 'wx', 0o600);
    }
    const hash = createHash('sha256');
    let at = job.to.archive ? job.to.offset : 0;
    if (job.to.head) {
      writeAll(output, job.to.head, job.to.head.length, at);
      at += job.to.head.length;
    }
    let from = job.from.archive ? job.from.offset : 0;
    for (let left = job.size; left > 0; ) {
      if (stopping()) throw stopped();
      const n = readSync(input, buffer, 0, Math.min(CHUNK, left), from);
      if (n === 0) throw Object.assign(new Error('the file ended before its size'), { code: 'SHORT' });
      hash.update(buffer.subarray(0, n));
      writeAll(output, buffer, n, at);
      from += n;
      at += n;
      left -= n;
    }
    return hash.digest('hex');
  } finally {
    closeSync(input);
    if (output !== undefined) closeSync(output);
  }
}

function writeAll(fd, bytes, length, position) {
  for (let done = 0; done < length; ) done += writeSync(fd, bytes, done, length - done, position + done);
}

parentPort.on('message', (job) => {
  try {
    parentPort.postMessage({ id: job.id, sha256: copy(job) });
  } catch (error) {
    if (Atomics.load(flags, 1) !== 0) throw new Error('the copying thread was told to fail');
    parentPort.postMessage({ id: job.id, error: error.message, code: error.code });
  }
});
