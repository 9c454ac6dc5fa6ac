import { randomUUID } from 'node:crypto';
import type { Page } from '@playwright/test';
import sharp from 'sharp';

/** Test data of the viewer specs, made through the real API: each spec creates its own turbines, users and photos and
 *  never touches the demo ones (several engineers' specs share one server). */
export const BASE_URL = `http://127.0.0.1:${process.env.E2E_PORT ?? 4173}`;
export const SUPERADMIN = { email: 'superadmin@windscope.example', password: 'demo1234' };
const PASSWORD = 'viewer-e2e-1';

export interface Session {
  token: string;
  user: { id: number; role: string; company_id: number; first_name: string; last_name: string } & Record<string, unknown>;
}

async function call<T>(path: string, init: RequestInit & { token?: string } = {}): Promise<T> {
  const headers = new Headers(init.headers);
  if (init.token) headers.set('Authorization', `Bearer ${init.token}`);
  if (typeof init.body === 'string') headers.set('Content-Type', 'application/json');
  const response = await fetch(`${BASE_URL}/api${path}`, { ...init, headers });
  const body = (await response.json().catch(() => ({}))) as T & { success?: boolean; message?: string };
  if (!response.ok) throw new Error(`${init.method ?? 'GET'} ${path}: ${response.status} ${body.message ?? ''}`);
  return body;
}

/** One API call as `session`, whatever its status (for specs that check refusals): status, data, message, code. */
export async function apiAnswer<T = unknown>(session: Session, method: string, path: string, body?: unknown) {
  const response = await fetch(`${BASE_URL}/api${path}`, {
    method,
    headers: { Authorization: `Bearer ${session.token}`, ...(body === undefined ? {} : { 'Content-Type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const answer = (await response.json().catch(() => ({}))) as { data?: T; message?: string; code?: string };
  return { status: response.status, data: answer.data as T, message: answer.message ?? '', code: answer.code };
}

/** The data of an API call as `session`; a refusal throws with its status and message. */
export async function apiData<T = unknown>(session: Session, method: string, path: string, body?: unknown): Promise<T> {
  const answer = await apiAnswer<T>(session, method, path, body);
  if (answer.status >= 400) throw new Error(`${method} ${path}: ${answer.status} ${answer.message}`);
  return answer.data;
}

export async function apiLogin(email: string, password: string): Promise<Session> {
  const answer = await call<{ token: string; user: Session['user'] }>('/auth/login', {
    method: 'POST',
    body: JSON.stringify({ email, password }),
  });
  return { token: answer.token, user: answer.user };
}

export const superadmin = () => apiLogin(SUPERADMIN.email, SUPERADMIN.password);

/** The demo partner company "Ege" (its demo accounts are the usual customers of the specs). */
export async function egeCompanyId(admin: Session): Promise<number> {
  const companies = await call<{ data: { id: number; name: string }[] }>('/companies', { token: admin.token });
  const ege = companies.data.find((c) => c.name.startsWith('Ege'));
  if (!ege) throw new Error('demo company Ege not found');
  return ege.id;
}

export async function createTurbine(admin: Session, companyId: number, fields: { code: string; rooms?: number; turbine_name?: string }) {
  const answer = await call<{ data: { id: number } }>('/turbines', {
    method: 'POST',
    token: admin.token,
    body: JSON.stringify({ city: 'izmir', location: 'E2E viewer', rooms: 3, company_id: companyId, ...fields }),
  });
  return answer.data.id;
}

/** An edit of the turbine's room count (refused below a room that has photos or findings). */
export async function setTurbineRooms(admin: Session, turbineId: number, rooms: number) {
  const current = await call<{ data: { code: string; turbine_name: string | null; city: string; location: string } }>(
    `/turbines/${turbineId}`,
    {
      token: admin.token,
    },
  );
  const { code, turbine_name, city, location } = current.data;
  await call(`/turbines/${turbineId}`, {
    method: 'PUT',
    token: admin.token,
    body: JSON.stringify({ code, turbine_name, city, location, rooms }),
  });
}

/** A user of its own, signed in: `role` in the given company. */
export async function createUser(admin: Session, companyId: number, role: string, firstName: string): Promise<Session> {
  const email = `viewer-e2e-${role}-${randomUUID().slice(0, 8)}@example.com`;
  await call('/users', {
    method: 'POST',
    token: admin.token,
    body: JSON.stringify({
      first_name: firstName,
      last_name: 'Test',
      email,
      password: PASSWORD,
      role,
      company_id: companyId,
      is_active: true,
    }),
  });
  return apiLogin(email, PASSWORD);
}

export interface UploadFile {
  name: string;
  bytes: Buffer;
}

export async function uploadPhotos(
  session: Session,
  turbineId: number,
  fields: { year: number; blade: 'A' | 'B' | 'C'; room?: number; category?: 'drone' | 'operator' | 'robot' },
  files: UploadFile[],
): Promise<{ id: number; originalName: string }[]> {
  const form = new FormData();
  for (const [key, value] of Object.entries(fields)) if (value !== undefined) form.append(key, String(value));
  for (const file of files) form.append('photos', new File([new Uint8Array(file.bytes)], file.name, { type: 'image/jpeg' }));
  const answer = await call<{ data: { id: number; originalName: string }[]; rejected: unknown[] }>(`/turbines/${turbineId}/photos`, {
    method: 'POST',
    token: session.token,
    body: form,
  });
  if (answer.rejected.length > 0) throw new Error(`upload refused: ${JSON.stringify(answer.rejected)}`);
  return answer.data;
}

export async function deleteComment(session: Session, turbineId: number, commentId: number) {
  await call(`/turbines/${turbineId}/comments/${commentId}`, { method: 'DELETE', token: session.token });
}

export async function listComments(session: Session, turbineId: number) {
  return (await call<{ data: { id: number; comment: string }[] }>(`/turbines/${turbineId}/comments`, { token: session.token })).data;
}

/** Colours of the generated pictures: no red in them, so red pixels on screen are annotations. */
const PALETTE = ['#1f6feb', '#2da44e', '#d4a72c', '#8250df', '#0a7ea4', '#57606a'];

/** A real equirectangular (2:1) JPEG: a checkerboard of colours and big labels, different per `seed`. `texture` adds
 *  photographic grain, so the file weighs what a camera's panorama does (flat colours compress to almost nothing). */
export async function makePanorama(
  label: string,
  seed = 0,
  width = 2048,
  height = 1024,
  options: { texture?: boolean } = {},
): Promise<Buffer> {
  const cols = 16;
  const rows = 8;
  const cw = width / cols;
  const ch = height / rows;
  const cells: string[] = [];
  for (let r = 0; r < rows; r += 1) {
    for (let c = 0; c < cols; c += 1) {
      cells.push(`<rect x="${c * cw}" y="${r * ch}" width="${cw}" height="${ch}" fill="${PALETTE[(r + c + seed) % PALETTE.length]}"/>`);
    }
  }
  const labels = Array.from(
    { length: 4 },
    (_, i) =>
      `<text x="${(i + 0.5) * (width / 4)}" y="${height / 2}" font-size="${height / 8}" font-family="sans-serif" font-weight="700" fill="#ffffff" text-anchor="middle" dominant-baseline="middle">${label}</text>`,
  );
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">${cells.join('')}${labels.join('')}</svg>`;
  const picture = sharp(Buffer.from(svg));
  if (options.texture) {
    const grain = await sharp({
      create: { width, height, channels: 3, background: { r: 128, g: 128, b: 128 }, noise: { type: 'gaussian', mean: 128, sigma: 30 } },
    })
      .raw()
      .toBuffer();
    picture.composite([{ input: grain, raw: { width, height, channels: 3 }, blend: 'soft-light' }]);
  }
  return picture.jpeg({ quality: 85 }).toBuffer();
}

/** An ordinary photo (not 2:1). */
export async function makePhoto(label: string, width = 1600, height = 1200, seed = 0): Promise<Buffer> {
  const color = PALETTE[seed % PALETTE.length];
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}"><rect width="${width}" height="${height}" fill="${color}"/>
    <circle cx="${width / 2}" cy="${height / 2}" r="${Math.min(width, height) / 4}" fill="#ffffff" fill-opacity="0.45"/>
    <rect x="${width * 0.1}" y="${height * 0.1}" width="${width * 0.2}" height="${height * 0.2}" fill="#111111"/>
    <text x="${width / 2}" y="${height * 0.85}" font-size="${height / 10}" font-family="sans-serif" fill="#ffffff" text-anchor="middle">${label}</text></svg>`;
  return sharp(Buffer.from(svg)).jpeg({ quality: 85 }).toBuffer();
}

/** Opens the app already signed in as `session` (the stored token and user the sign-in screen would write). */
export async function signIn(page: Page, session: Session, options: { language?: 'tr' | 'en'; theme?: 'light' | 'dark' } = {}) {
  await page.addInitScript(
    ([token, user, language, theme]) => {
      localStorage.setItem('windscope.auth.token', token);
      localStorage.setItem('windscope.auth.user', user);
      localStorage.setItem('windscope.language', language);
      localStorage.setItem('windscope.theme', theme);
    },
    [session.token, JSON.stringify(session.user), options.language ?? 'tr', options.theme ?? 'light'] as const,
  );
}

/** Statistics of a PNG screenshot: how varied it is and how many pixels are clearly red. */
export async function pictureStats(png: Buffer): Promise<{ stdev: number; redPixels: number; pixels: number }> {
  const image = sharp(png).removeAlpha();
  const stats = await image.stats();
  const { data, info } = await image.raw().toBuffer({ resolveWithObject: true });
  let red = 0;
  for (let i = 0; i < data.length; i += info.channels) {
    const r = data[i] ?? 0;
    const g = data[i + 1] ?? 0;
    const b = data[i + 2] ?? 0;
    if (r > 170 && g < 90 && b < 90) red += 1;
  }
  const stdev = stats.channels.reduce((sum, channel) => sum + channel.stdev, 0) / stats.channels.length;
  return { stdev, redPixels: red, pixels: info.width * info.height };
}

/** Makes the turbine's photo listing answer 500 (the server's error envelope) until `heal()`: what a viewer shows when
 *  its photos cannot be loaded, and that "Tekrar Dene" loads them once the server answers again. */
export async function breakPhotoListing(page: Page, turbineId: number) {
  let broken = true;
  let failures = 0;
  await page.route(
    (url) => url.pathname === `/api/turbines/${turbineId}/photos`,
    (route) => {
      if (!broken) return route.continue();
      failures++;
      return route.fulfill({
        status: 500,
        contentType: 'application/json',
        // in the language the app asked for, as the server's own envelopes are
        body: JSON.stringify({
          success: false,
          code: 'INTERNAL_ERROR',
          message:
            route.request().headers()['x-language'] === 'en'
              ? 'An unexpected server error occurred'
              : 'Sunucuda beklenmeyen bir hata oluştu',
        }),
      });
    },
  );
  return {
    failures: () => failures,
    heal() {
      broken = false;
    },
  };
}
