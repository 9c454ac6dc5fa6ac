import { randomBytes } from 'node:crypto';
import { truncateSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { APIRequestContext, Page } from '@playwright/test';
import sharp from 'sharp';
import { DEMO_PASSWORD } from './session.ts';

/** Helpers of the turbine-detail specs. They run beside other engineers' specs on one server with demo data:
 *  every spec works on turbines it creates (unique names) and deletes only those. */

export interface Session {
  token: string;
  user: { id: number; role: string; company_id: number; first_name: string; last_name: string };
}

const sessions = new Map<string, Promise<Session>>();

/** POST /api/auth/login, once per account and worker. */
export function apiLogin(request: APIRequestContext, email: string): Promise<Session> {
  let session = sessions.get(email);
  if (!session) {
    session = (async () => {
      const response = await request.post('/api/auth/login', { data: { email, password: DEMO_PASSWORD } });
      if (!response.ok()) throw new Error(`login ${email}: ${response.status()} ${await response.text()}`);
      const body = (await response.json()) as Session;
      return { token: body.token, user: body.user };
    })();
    sessions.set(email, session);
  }
  return session;
}

const auth = (session: Session) => ({ Authorization: `Bearer ${session.token}` });

/** Opens the app already signed in (token and user in localStorage, as the sign-in screen leaves them). */
export async function signInPage(page: Page, session: Session, options: { language?: 'tr' | 'en'; theme?: 'light' | 'dark' } = {}) {
  await page.addInitScript(
    ([token, user, language, theme]) => {
      localStorage.setItem('windscope.auth.token', token);
      localStorage.setItem('windscope.auth.user', user);
      if (language) localStorage.setItem('windscope.language', language);
      if (theme) localStorage.setItem('windscope.theme', theme);
    },
    [session.token, JSON.stringify(session.user), options.language ?? 'tr', options.theme ?? 'light'] as const,
  );
}

export function uniqueName(prefix: string): string {
  return `${prefix}-${Date.now().toString(36)}-${randomBytes(3).toString('hex')}`;
}

/** A turbine of the given company, created by the superadmin. */
export async function createTurbine(request: APIRequestContext, admin: Session, companyId: number, label = 'E2E') {
  const code = uniqueName(label).toUpperCase();
  const response = await request.post('/api/turbines', {
    headers: auth(admin),
    data: { turbine_name: `${label} ${code}`, city: 'izmir', code, location: 'Aliağa, E2E', rooms: 9, company_id: companyId },
  });
  if (!response.ok()) throw new Error(`create turbine: ${response.status()} ${await response.text()}`);
  const body = (await response.json()) as { data: { id: number; turbine_name: string; code: string } };
  return body.data;
}

export async function deleteTurbine(request: APIRequestContext, admin: Session, id: number) {
  await request.delete(`/api/turbines/${id}`, { headers: auth(admin) });
}

export interface UploadFile {
  name: string;
  buffer: Buffer;
  mimeType: string;
}

/** POST /api/turbines/{id}/photos as the UI does (fields first, then repeated `photos`). */
export async function apiUploadPhotos(
  request: APIRequestContext,
  session: Session,
  turbineId: number,
  fields: { room?: number; year: number; blade: 'A' | 'B' | 'C'; category?: 'drone' | 'operator' | 'robot' },
  files: UploadFile[],
) {
  const form = new FormData();
  for (const [key, value] of Object.entries(fields)) if (value !== undefined) form.append(key, String(value));
  for (const file of files) form.append('photos', new File([new Uint8Array(file.buffer)], file.name, { type: file.mimeType }));
  const response = await request.post(`/api/turbines/${turbineId}/photos`, { headers: auth(session), multipart: form });
  if (response.status() !== 201) throw new Error(`upload: ${response.status()} ${await response.text()}`);
}

/** A real image with some texture (so thumbnails are worth looking at); `noise` makes it big and slow to send;
 *  `takenAt` ("2024:05:17 10:21:33") writes the EXIF capture date of a JPEG. */
export async function makePhotoBytes(
  options: { width?: number; height?: number; hue?: number; noise?: boolean; format?: 'jpeg' | 'png'; takenAt?: string } = {},
) {
  const { width = 480, height = 320, hue = 160, noise = false, format = 'jpeg' } = options;
  const base = noise
    ? sharp({ create: { width, height, channels: 3, background: '#808080', noise: { type: 'gaussian', mean: 128, sigma: 60 } } })
    : sharp({ create: { width, height, channels: 3, background: { r: 30, g: 90 + (hue % 120), b: 140 } } }).composite([
        {
          input: {
            create: {
              width: Math.ceil(width / 3),
              height: Math.ceil(height / 3),
              channels: 3,
              background: { r: 230, g: hue % 255, b: 60 },
            },
          },
          left: Math.floor(width / 3),
          top: Math.floor(height / 3),
        },
      ]);
  if (format === 'png') return base.png().toBuffer();
  const jpeg = base.jpeg({ quality: noise ? 95 : 85 });
  if (options.takenAt) jpeg.withExif({ IFD0: { Make: 'DJI' }, IFD2: { DateTimeOriginal: options.takenAt } });
  return jpeg.toBuffer();
}

export async function photoFile(name: string, options: Parameters<typeof makePhotoBytes>[0] = {}): Promise<UploadFile> {
  const format = name.endsWith('.png') ? 'png' : 'jpeg';
  return { name, buffer: await makePhotoBytes({ ...options, format }), mimeType: format === 'png' ? 'image/png' : 'image/jpeg' };
}

/** A small point cloud with the header the server checks. */
export function pcdFile(name: string): UploadFile {
  const text =
    '# .PCD v0.7\nVERSION 0.7\nFIELDS x y z\nSIZE 4 4 4\nTYPE F F F\nCOUNT 1 1 1\nWIDTH 1\nHEIGHT 1\nPOINTS 1\nDATA ascii\n0 0 0\n';
  return { name, buffer: Buffer.from(text), mimeType: 'application/octet-stream' };
}

/** A minimal, valid one-page PDF. */
export function pdfFile(name: string, text = 'Windscope E2E report'): UploadFile {
  const body = `%PDF-1.4
1 0 obj << /Type /Catalog /Pages 2 0 R >> endobj
2 0 obj << /Type /Pages /Kids [3 0 R] /Count 1 >> endobj
3 0 obj << /Type /Page /Parent 2 0 R /MediaBox [0 0 300 144] /Contents 4 0 R >> endobj
4 0 obj << /Length ${text.length + 30} >> stream
BT /F1 12 Tf 20 80 Td (${text}) Tj ET
endstream endobj
trailer << /Root 1 0 R >>
%%EOF
`;
  return { name, buffer: Buffer.from(body), mimeType: 'application/pdf' };
}

/** Slows the page's uploads so that progress bars can be seen (Chromium network emulation). */
export async function throttleUploads(page: Page, bytesPerSecond: number) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: 20,
    downloadThroughput: -1,
    uploadThroughput: bytesPerSecond,
  });
  return async () => {
    await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 0, downloadThroughput: -1, uploadThroughput: -1 });
  };
}

/** Drops files on an element the way a desktop drag-and-drop does (a DataTransfer with Files). */
export async function dropFiles(page: Page, selector: string, files: UploadFile[]) {
  const payload = files.map((f) => ({ name: f.name, mimeType: f.mimeType, base64: f.buffer.toString('base64') }));
  const dataTransfer = await page.evaluateHandle((items) => {
    const transfer = new DataTransfer();
    for (const item of items) {
      const bytes = Uint8Array.from(atob(item.base64), (c) => c.charCodeAt(0));
      transfer.items.add(new File([bytes], item.name, { type: item.mimeType }));
    }
    return transfer;
  }, payload);
  const target = page.locator(selector);
  await target.dispatchEvent('dragenter', { dataTransfer });
  await target.dispatchEvent('dragover', { dataTransfer });
  await target.dispatchEvent('drop', { dataTransfer });
}

/** Playwright's setInputFiles shape. */
export const asInputFiles = (files: UploadFile[]) => files.map((f) => ({ name: f.name, mimeType: f.mimeType, buffer: f.buffer }));

/** Files chosen from a folder (paths: a file over the photo limit is not held in memory). */
export function writeFiles(dir: string, files: UploadFile[]): string[] {
  return files.map((file) => {
    const target = path.join(dir, file.name);
    writeFileSync(target, file.buffer);
    return target;
  });
}

/** Two files the upload zone must flag before sending (issue 24 item 13): a web page renamed .jpg, and a JPEG over the
 *  200 MB photo limit (a sparse file: a JPEG's first bytes, then a hole). Written to `dir`; their paths. */
export async function writeBadFiles(dir: string, names = { fake: 'fake_photo.jpg', huge: 'huge_panorama.jpg' }): Promise<string[]> {
  const fake = path.join(dir, names.fake);
  writeFileSync(fake, '<!doctype html><html><head><title>Login</title></head><body>not a photo</body></html>');
  const huge = path.join(dir, names.huge);
  writeFileSync(huge, await makePhotoBytes({ width: 64, height: 64 }));
  truncateSync(huge, 201 * 1024 * 1024);
  return [fake, huge];
}
