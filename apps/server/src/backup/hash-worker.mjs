// The SHA-256 side of a backup or restore, on its own thread (parallel-hash.ts): the bytes arrive through a ring of
// shared memory (workerData.ring) that the main thread copies them into; each message names a stream and a slice.
import { createHash } from 'node:crypto';
import { parentPort, workerData } from 'node:worker_threads';

const ring = new Uint8Array(workerData.ring);
const hashes = new Map();
/** bytes hashed and not yet reported: reported every 8 MB and with each digest (a message per slice cost more) */
let unreported = 0;
parentPort.on('message', (message) => {
  if (message.t === 'u') {
    let hash = hashes.get(message.id);
    if (!hash) {
      hash = createHash('sha256');
      hashes.set(message.id, hash);
    }
    hash.update(ring.subarray(message.o, message.o + message.n));
    unreported += message.n;
    if (unreported >= 8 << 20) {
      parentPort.postMessage({ t: 'a', n: unreported });
      unreported = 0;
    }
  } else if (message.t === 'd') {
    const hash = hashes.get(message.id) ?? createHash('sha256');
    hashes.delete(message.id);
    parentPort.postMessage({ t: 'd', id: message.id, hex: hash.digest('hex'), n: unreported });
    unreported = 0;
  } else if (message.t === 'crash') {
    // tests: a failing hashing thread
    throw new Error('the hashing thread was told to fail');
  }
});
