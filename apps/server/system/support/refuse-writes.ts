import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdirSync, rmdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/**
 * Folders that really refuse writes, for the storage-fault tests. The tests run as root, and root ignores file
 * modes (chmod 555 stops nobody), so these use what binds root too:
 *  - readOnlyMount(): a read-only bind mount of the folder onto itself (`mount --bind`, then `remount,ro,bind`);
 *    every write under it fails with EROFS, as on a disk the kernel remounted read-only after errors.
 *    Needs CAP_SYS_ADMIN (root on a machine or a privileged container).
 *  - immutableFolder(): `chattr +i` on one folder (ext4, xfs, btrfs); no entry can be added to, renamed into or
 *    removed from it (EPERM), while its subfolders stay writable. Needs CAP_LINUX_IMMUTABLE.
 * Each checks that a write is refused before handing the block over, and throws (never skips) when the mechanism is
 * not available here: a storage-fault test that cannot make storage fail must not pass.
 */
export interface WriteBlock {
  /** what refuses the writes, for messages */
  how: string;
  /** the error code a write gets */
  code: 'EROFS' | 'EPERM';
  /** undoes the block; safe to call twice */
  release(): void;
}

const pending = new Set<() => void>();
let exitHook = false;
/** a test run that dies half-way must not leave a read-only mount or an immutable folder behind */
function releaseOnExit(release: () => void) {
  pending.add(release);
  if (!exitHook) {
    exitHook = true;
    process.once('exit', () => {
      for (const r of pending) r();
    });
  }
}

function sh(cmd: string, args: string[]): { ok: boolean; output: string } {
  const res = spawnSync(cmd, args, { encoding: 'utf8' });
  return { ok: res.status === 0, output: `${res.stdout ?? ''}${res.stderr ?? ''}${res.error ? String(res.error) : ''}`.trim() };
}

/** Tries to add an entry to `dir` as this (root) process; returns the refusal's code, or null when the write went through. */
function probeWrite(dir: string, kind: 'file' | 'folder'): string | null {
  const probe = path.join(dir, `.write-probe-${randomBytes(6).toString('hex')}`);
  try {
    if (kind === 'file') writeFileSync(probe, 'probe');
    else mkdirSync(probe);
  } catch (error) {
    return String((error as { code?: string }).code);
  }
  if (kind === 'file') rmSync(probe, { force: true });
  else rmdirSync(probe);
  return null;
}

function checked(block: WriteBlock, dir: string, kind: 'file' | 'folder'): WriteBlock {
  const refusal = probeWrite(dir, kind);
  if (refusal !== block.code) {
    block.release();
    throw new Error(
      `${block.how} did not refuse writes here (a write as ${process.getuid?.() === 0 ? 'root' : 'this user'} got ` +
        `${refusal ?? 'through'}, not ${block.code}): this machine cannot run the storage-fault tests as written`,
    );
  }
  return block;
}

/** Makes `dir` and everything under it read-only for every process, root included (EROFS). */
export function readOnlyMount(dir: string): WriteBlock {
  const bind = sh('mount', ['--bind', dir, dir]);
  if (!bind.ok) throw new Error(`read-only mount of ${dir}: "mount --bind" failed (needs root with CAP_SYS_ADMIN): ${bind.output}`);
  let mounted = true;
  const release = () => {
    if (!mounted) return;
    // lazy (-l) when busy: a file the server still holds open must not keep the folder read-only
    const res = sh('umount', [dir]);
    if (!res.ok) sh('umount', ['-l', dir]);
    mounted = false;
    pending.delete(release);
  };
  releaseOnExit(release);
  const ro = sh('mount', ['-o', 'remount,ro,bind', dir]);
  if (!ro.ok) {
    release();
    throw new Error(`read-only mount of ${dir}: "mount -o remount,ro,bind" failed: ${ro.output}`);
  }
  return checked({ how: `a read-only bind mount of ${dir}`, code: 'EROFS', release }, dir, 'file');
}

/** Makes `dir` refuse new entries (chattr +i): nothing can be created, renamed into or removed from it (EPERM). */
export function immutableFolder(dir: string): WriteBlock {
  const set = sh('chattr', ['+i', dir]);
  if (!set.ok) throw new Error(`chattr +i ${dir} failed (needs CAP_LINUX_IMMUTABLE and ext4/xfs/btrfs): ${set.output}`);
  let active = true;
  const release = () => {
    if (!active) return;
    sh('chattr', ['-i', dir]);
    active = false;
    pending.delete(release);
  };
  releaseOnExit(release);
  return checked({ how: `chattr +i on ${dir}`, code: 'EPERM', release }, dir, 'folder');
}
