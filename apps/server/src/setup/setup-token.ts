import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { chmodSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/** The one-time setup token of an empty database (DECISIONS §15): a file in DATA_DIR readable by its owner only, as
 *  Jenkins' initialAdminPassword. Kept until setup is done, so a restart (or a second process on the same folder)
 *  prints the same address; removed once the first owner exists. */
export const setupTokenFile = (dataDir: string) => path.join(dataDir, 'setup-token');

const isMissing = (error: unknown) => (error as NodeJS.ErrnoException).code === 'ENOENT';

/** The token in the file, or a new one (256 random bits) written there with mode 0600. */
export function ensureSetupToken(dataDir: string): string {
  const file = setupTokenFile(dataDir);
  const existing = readSetupToken(dataDir);
  if (existing) {
    chmodSync(file, 0o600);
    return existing;
  }
  mkdirSync(dataDir, { recursive: true });
  const token = randomBytes(32).toString('base64url');
  try {
    // 'wx': a process starting at the same moment on the same folder does not overwrite the first one's token
    writeFileSync(file, `${token}\n`, { mode: 0o600, flag: 'wx' });
    return token;
  } catch (error) {
    const written = (error as NodeJS.ErrnoException).code === 'EEXIST' ? readSetupToken(dataDir) : null;
    if (written) return written;
    throw error;
  }
}

export function readSetupToken(dataDir: string): string | null {
  try {
    const token = readFileSync(setupTokenFile(dataDir), 'utf8').trim();
    return token.length >= 32 ? token : null;
  } catch (error) {
    if (isMissing(error)) return null;
    throw error;
  }
}

/** Whether `offered` is the token in the file (compared in constant time, by digest: lengths differ freely). */
export function setupTokenMatches(dataDir: string, offered: string): boolean {
  const token = readSetupToken(dataDir);
  if (!token) return false;
  const digest = (s: string) => createHash('sha256').update(s).digest();
  return timingSafeEqual(digest(token), digest(offered));
}

export function removeSetupToken(dataDir: string): void {
  rmSync(setupTokenFile(dataDir), { force: true });
}
