// The SHA-256 side of a backup or restore, on its own thread (parallel-hash.ts): the bytes arrive as views of
// SharedArrayBuffers the main thread also writes out, so nothing is copied between the threads.
import { createHash } from 'node:crypto';
import { parentPort } from 'node:worker_threads';

const hashes = new Map();
/** bytes hashed and not yet reported: reported every 8 MB and with each digest (a message per chunk cost more) */
let unreported = 0;
parentPort.on('message', (message) => {
  if (message.t === 'u') {
    let hash = hashes.get(message.id);
    if (!hash) {
      hash = createHash('sha256');
      hashes.set(message.id, hash);
    }
    hash.update(new Uint8Array(message.b, message.o, message.n));
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
