/**
 * Raw TCP over the shaped link of `npm run bench:field`, the ceiling an upload can reach there.
 * `sink HOST PORT`: counts the bytes received, prints `{ bytes, seconds }` (first byte to last) on SIGTERM.
 * `send HOST PORT STREAMS SECONDS`: writes as fast as TCP takes for SECONDS over STREAMS connections, then closes them.
 */
import net from 'node:net';

const [mode, host = '', portText = '9000', streamsText = '1', secondsText = '20'] = process.argv.slice(2);

if (mode === 'sink') {
  let bytes = 0;
  let first = 0;
  let last = 0;
  net
    .createServer((socket) => {
      socket.on('data', (data: Buffer) => {
        if (first === 0) first = performance.now();
        bytes += data.length;
        last = performance.now();
      });
      socket.on('error', () => socket.destroy());
    })
    .listen(Number(portText), host, () => process.stdout.write('ready\n'));
  process.on('SIGTERM', () => {
    process.stdout.write(`${JSON.stringify({ bytes, seconds: (last - first) / 1000 })}\n`);
    process.exit(0);
  });
} else {
  const block = Buffer.alloc(64 * 1024, 0x5a);
  const until = performance.now() + Number(secondsText) * 1000;
  await Promise.all(
    Array.from(
      { length: Number(streamsText) },
      () =>
        new Promise<void>((resolve) => {
          const socket = net.connect({ host, port: Number(portText) }, () => {
            const pump = () => {
              while (performance.now() < until) if (!socket.write(block)) return void socket.once('drain', pump);
              socket.end(resolve);
            };
            pump();
          });
          socket.on('error', () => resolve());
        }),
    ),
  );
}
