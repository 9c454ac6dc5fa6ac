/**
 * The server side's byte counter of `npm run bench:field`: a TCP proxy in the server's network namespace, between the
 * shaped link and the server. Counts what the server receives: all bytes, and the HTTP request bodies (Content-Length or
 * chunked), PATCH bodies apart. Args: listen host, listen port, target port (on 127.0.0.1). Prints one JSON line
 * `{ wire, body, patch, requests }` every 200 ms and on exit.
 */
import net from 'node:net';

const [host = '0.0.0.0', portText = '8080', targetText = '3000'] = process.argv.slice(2);
const totals = { wire: 0, body: 0, patch: 0, requests: 0 };

/** A small HTTP/1.1 request reader: finds each request's head, then counts its body bytes. */
function requestCounter() {
  let head = Buffer.alloc(0);
  let state: 'head' | 'body' | 'chunk-size' | 'chunk-data' | 'chunk-end' | 'trailer' = 'head';
  let remaining = 0;
  let patch = false;
  let line = '';
  const countBody = (n: number) => {
    totals.body += n;
    if (patch) totals.patch += n;
  };
  return (data: Buffer) => {
    let at = 0;
    while (at < data.length) {
      if (state === 'head') {
        head = Buffer.concat([head, data.subarray(at)]);
        const end = head.indexOf('\r\n\r\n');
        if (end < 0) return;
        const text = head.subarray(0, end).toString('latin1');
        at = data.length - (head.length - (end + 4));
        head = Buffer.alloc(0);
        totals.requests += 1;
        patch = text.startsWith('PATCH ');
        const length = /\r\ncontent-length:\s*(\d+)/i.exec(text);
        if (/\r\ntransfer-encoding:\s*chunked/i.test(text)) {
          state = 'chunk-size';
          line = '';
        } else if (length && Number(length[1]) > 0) {
          state = 'body';
          remaining = Number(length[1]);
        }
      } else if (state === 'body' || state === 'chunk-data') {
        const n = Math.min(remaining, data.length - at);
        countBody(n);
        remaining -= n;
        at += n;
        if (remaining === 0) state = state === 'body' ? 'head' : 'chunk-end';
      } else {
        // chunk framing, read a byte at a time (rare: our clients send Content-Length)
        const byte = String.fromCharCode(data[at] as number);
        at += 1;
        if (byte !== '\n') {
          line += byte;
          continue;
        }
        const text = line.trim();
        line = '';
        if (state === 'chunk-end') state = 'chunk-size';
        else if (state === 'chunk-size') {
          remaining = Number.parseInt(text, 16);
          state = remaining > 0 ? 'chunk-data' : 'trailer';
        } else if (state === 'trailer' && text === '') state = 'head';
      }
    }
  };
}

const server = net.createServer((downstream) => {
  const upstream = net.connect({ host: '127.0.0.1', port: Number(targetText) });
  const count = requestCounter();
  downstream.on('data', (data: Buffer) => {
    totals.wire += data.length;
    count(data);
  });
  downstream.pipe(upstream);
  upstream.pipe(downstream);
  const end = () => {
    downstream.destroy();
    upstream.destroy();
  };
  downstream.on('error', end).on('close', end);
  upstream.on('error', end).on('close', end);
});
server.listen(Number(portText), host, () => {
  const report = () => process.stdout.write(`${JSON.stringify(totals)}\n`);
  setInterval(report, 200);
  process.on('SIGTERM', () => {
    report();
    process.exit(0);
  });
});
