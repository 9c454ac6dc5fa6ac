import { chmod, rm } from 'node:fs/promises';
import { connect, createServer, type Server } from 'node:net';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { formatOperator, OPERATOR_MESSAGES, OperatorError, type OperatorLine, operatorError } from '../lib/operator-messages.ts';

/** The embedded database belongs to the server's process, so `npm run backup` asks the running server to make the
 *  archive over a Unix socket in DATA_DIR (mode 0600: only the server's user, who may read DATA_DIR anyway, can use it).
 *  One JSON line asks; the server answers with `{"log":...}` lines and one `{"done":...}` or `{"error":...}` line, each
 *  with its text (English) and, for what the operator reads in their language, its `line` (code and params). */
export const controlSocketPath = (dataDir: string) => path.join(dataDir, 'control.sock');
/** sun_path holds 108 bytes on Linux (104 on macOS) */
const MAX_SOCKET_PATH = 103;

export interface BackupRequest {
  command: 'backup';
  out: string;
  gzip: boolean;
}

export type BackupHandler = (request: BackupRequest, log: (line: OperatorLine) => void) => Promise<unknown>;

/** what goes over the socket for one message to the operator */
const wire = (line: OperatorLine) => ({ text: formatOperator(line, 'en'), line: { code: line.code, params: line.params } });

/** a line from the socket: ours when its code is one this version knows, else its text as the server wrote it */
function fromWire(wired: unknown): OperatorLine | string {
  if (typeof wired !== 'object' || wired === null) return String(wired);
  const message = wired as { text?: unknown; line?: { code?: unknown; params?: unknown } };
  const code = message.line?.code;
  if (typeof code === 'string' && Object.hasOwn(OPERATOR_MESSAGES, code))
    return { code: code as OperatorLine['code'], params: (message.line?.params ?? {}) as OperatorLine['params'] };
  return String(message.text ?? '');
}

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
        send({ error: wire({ code: 'BACKUP_REQUEST_UNKNOWN', params: {} }) });
        socket.end();
        return;
      }
      handle(request, (l) => send({ log: wire(l) }))
        .then((done) => send({ done }))
        .catch((error: unknown) =>
          send({ error: error instanceof OperatorError ? wire(error) : { text: error instanceof Error ? error.message : String(error) } }),
        )
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

/** The CLI's side: asks the server and passes on its progress (a line of ours, or a text of a server that is not this
 *  version); resolves with what the server answered, rejects with its error (an OperatorError when it is one of ours). */
export function askServerForBackup(dataDir: string, request: BackupRequest, log: (line: OperatorLine | string) => void): Promise<unknown> {
  return new Promise((resolve, reject) => {
    const socket = connect(controlSocketPath(dataDir));
    let answered = false;
    socket.once('error', (error) => reject(operatorError('BACKUP_SOCKET_UNREACHABLE', { reason: error.message })));
    socket.once('connect', () => socket.write(`${JSON.stringify(request)}\n`));
    const lines = createInterface({ input: socket });
    lines.on('line', (line) => {
      const message = JSON.parse(line) as { log?: unknown; done?: unknown; error?: unknown };
      if (message.log !== undefined) log(fromWire(message.log));
      if (message.done !== undefined) {
        answered = true;
        resolve(message.done);
      }
      if (message.error !== undefined) {
        answered = true;
        const error = fromWire(message.error);
        reject(typeof error === 'string' ? new Error(error) : new OperatorError(error));
      }
    });
    socket.once('close', () => {
      if (!answered) reject(operatorError('BACKUP_SOCKET_CLOSED'));
    });
  });
}
