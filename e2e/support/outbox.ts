import { readdir, readFile, stat } from 'node:fs/promises';
import path from 'node:path';

const PORT = Number(process.env.E2E_PORT ?? 4173);
/** The server of playwright.config.ts writes e-mail as .eml files here (no SMTP in tests). */
export const OUTBOX = path.resolve(import.meta.dirname, '..', `.e2e-data-${PORT}`, 'outbox');

/** Undo quoted-printable: soft line breaks and =XX escapes. */
export function decodeQuotedPrintable(text: string): string {
  return text.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));
}

/** The newest message to `to` written after `since`, waiting for it up to `timeoutMs`. */
export async function waitForMail(to: string, since: number, timeoutMs = 10_000): Promise<string> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const names = await readdir(OUTBOX).catch(() => [] as string[]);
    const files = await Promise.all(
      names
        .filter((name) => name.endsWith('.eml'))
        .map(async (name) => ({ file: path.join(OUTBOX, name), mtime: (await stat(path.join(OUTBOX, name))).mtimeMs })),
    );
    for (const { file } of files.filter((f) => f.mtime >= since).sort((a, b) => b.mtime - a.mtime)) {
      const mail = decodeQuotedPrintable(await readFile(file, 'utf8'));
      if (new RegExp(`^To: .*${to.replace(/[.@]/g, '\\$&')}`, 'mi').test(mail)) return mail;
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`no e-mail to ${to} in ${OUTBOX}`);
}

/** The path of the reset link in a password-reset e-mail (`/password-reset?token=…`). */
export function resetLinkPath(mail: string): string {
  const match = /https?:\/\/[^/\s]+(\/password-reset\?token=[^\s"<>]+)/.exec(mail);
  if (!match?.[1]) throw new Error('no reset link in the e-mail');
  return match[1];
}

/** The path of the link in a sign-in-link e-mail (`/sign-in-link?token=…`). */
export function signInLinkPath(mail: string): string {
  const match = /https?:\/\/[^/\s]+(\/sign-in-link\?token=[^\s"<>]+)/.exec(mail);
  if (!match?.[1]) throw new Error('no sign-in link in the e-mail');
  return match[1];
}

/** The path of the link in an e-mail-change confirmation (`/email-change?token=…`). */
export function emailChangeLinkPath(mail: string): string {
  const match = /https?:\/\/[^/\s]+(\/email-change\?token=[^\s"<>]+)/.exec(mail);
  if (!match?.[1]) throw new Error('no e-mail change link in the e-mail');
  return match[1];
}
