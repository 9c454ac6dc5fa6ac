import { chmod, rm } from 'node:fs/promises';
import { connect, createServer, type Server } from 'node:net';
import path from 'node:path';
import { createInterface } from 'node:readline';

/** The embedded database belongs to the server's process, so `npm run backup` asks the running server to make the
 *  archive over a Unix socket in DATA_DIR (mode 0600: only the server's user, who may read DATA_DIR anyway, can use it).
 *  One JSON line asks; the server answers with `{"log":...}` lines and one `{"done":...}` or `{"error":...}` line. */
export const controlSocketPath = (dataDir: string) => path.join(dataDir, 'control.sock');
/** sun_path holds 108 bytes on Linux (104 on macOS) */
const MAX_SOCKET_PATH = 103;

export interface BackupRequest {
  command: 'backup';
  out: string;
  gzip: boolean;
}

export type BackupHandler = (request: BackupRequest, log: (line: string) => void) => Promise<unknown>;

export async function startControlChannel(dataDir: string, handle: BackupHandler, warn: (message: string) => void): Promise<Server | null> {
  const socketPath = controlSocketPath(dataDir);
  if (Buffer.byteLength(socketPath) > MAX_SOCKET_PATH) {
    warn(`DATA_DIR's path is too long for the control socket (${socketPath}): npm run backup cannot reach this server; use BACKUP_DIR`);
    return null;
  }
  // left by a process that was killed: this process owns the data folder now (server.pid)
  await rm(socketPath, { force: true });
  const server = createServer((socket) => {
    const send = (message: object) => {
      if (!socket.destroyed) socket.write(`${JSON.stringify(message)}\n`);
    };
    const lines = createInterface({ input: socket });
    lines.once('line', (line) => {
      lines.close();
      let request: BackupRequest;
      try {
        request = JSON.parse(line) as BackupRequest;
        if (request.command !== 'backup' || typeof request.out !== 'string' || !path.isAbsolute(request.out))
          throw new Error('bad request');
      } catch {
        send({ error: 'unknown request' });
        socket.end();
        return;
      }
      handle(request, (l) => send({ log: l }))
        .then((done) => send({ done }))
        .catch((error: unknown) => send({ error: error instanceof Error ? error.message : String(error) }))
        .finally(() => socket.end());
    });
    socket.on('error', () => {});
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(socketPath, () => resolve());
  });
  await chmod(socketPath, 0o600);
  server.unref();
  return server;
}

/** The CLI's side: asks the server and prints its progress; resolves with what the server answered. */
export function askServerForBackup(dataDir: string, request: BackupRequest, log: (line: string) => void): Promise<unknown> {
  return new Promise((resolve, reject) => {
    const socket = connect(controlSocketPath(dataDir));
    let answered = false;
    socket.once('error', (error) => reject(new Error(`cannot reach the running server's control socket (${error.message})`)));
    socket.once('connect', () => socket.write(`${JSON.stringify(request)}\n`));
    const lines = createInterface({ input: socket });
    lines.on('line', (line) => {
      const message = JSON.parse(line) as { log?: string; done?: unknown; error?: string };
      if (message.log !== undefined) log(message.log);
      if (message.done !== undefined) {
        answered = true;
        resolve(message.done);
      }
      if (message.error !== undefined) {
        answered = true;
        reject(new Error(message.error));
      }
    });
    socket.once('close', () => {
      if (!answered) reject(new Error('the server closed the control socket before the backup was done'));
    });
  });
}
