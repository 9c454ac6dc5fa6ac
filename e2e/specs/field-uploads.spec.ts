import { mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect, type Page, test } from '@playwright/test';
import { seriousViolations } from '../support/axe.ts';
import { CountingProxy, FieldServer, writeJpegs } from '../support/field-server.ts';
import { type Session, signInPage } from '../support/turbine-fixtures.ts';

// Field-proof uploads (issue 15, DECISIONS §13): the app-level upload manager over tus, against a server of this spec's
// own (fresh DATA_DIR) behind a proxy that counts the PATCH bytes per upload and can cut the link.
test.use({ bypassCSP: true });
test.describe.configure({ mode: 'serial', timeout: 240_000 });

const E2E_PORT = Number(process.env.E2E_PORT ?? 4173);
const server = new FieldServer(E2E_PORT + 100);
const proxy = new CountingProxy(E2E_PORT + 100);
let base = '';
let folder = '';

test.beforeAll(async () => {
  test.setTimeout(120_000);
  folder = mkdtempSync(path.join(tmpdir(), 'ws-field-files-'));
  base = await proxy.listen();
  await server.start(base);
});
test.afterAll(async () => {
  await proxy.close();
  await server.dispose();
  if (folder) rmSync(folder, { recursive: true, force: true });
});

async function login(email: string): Promise<Session> {
  const response = await fetch(`${base}/api/auth/login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ email, password: 'demo1234' }),
  });
  const body = (await response.json()) as Session;
  if (!response.ok || !body.token) throw new Error(`sign-in of ${email} refused: ${response.status} ${JSON.stringify(body)}`);
  return { token: body.token, user: body.user };
}

async function newTurbine(label: string) {
  // the tests before may have stopped and restarted the server behind the proxy: start from one that is ready
  await expect.poll(async () => (await fetch(`${base}/api/health/ready`).catch(() => null))?.status ?? 0, { timeout: 60_000 }).toBe(200);
  const admin = await login('superadmin@windscope.example');
  const operator = await login('operator@ege.example');
  const code = `${label}-${Date.now().toString(36)}`.toUpperCase();
  const response = await fetch(`${base}/api/turbines`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${admin.token}` },
    body: JSON.stringify({
      turbine_name: `${label} ${code}`,
      city: 'izmir',
      code,
      location: 'Aliağa, E2E',
      rooms: 3,
      company_id: operator.user.company_id,
    }),
  });
  const body = (await response.json()) as { data?: { id: number; turbine_name: string } };
  if (!response.ok || !body.data) throw new Error(`turbine not created: ${response.status} ${JSON.stringify(body)}`);
  return { operator, turbine: body.data };
}

async function photoCount(session: Session, turbineId: number): Promise<number> {
  const response = await fetch(`${base}/api/turbines/${turbineId}/photos`, { headers: { Authorization: `Bearer ${session.token}` } });
  const body = (await response.json()) as { data: unknown[] };
  return body.data.length;
}

/** Picks files in blade A's zone and hands them to the manager; the panel opens with the review table. */
async function queueFiles(page: Page, files: string[], startLabel: RegExp) {
  await page.getByTestId('upload-blade-A-drop-input').setInputFiles(files);
  // the zone's previews and the review table are virtual lists: they count every file, the DOM holds a screenful
  await expect(page.getByTestId('blade-panel-A').getByTestId('pending-files')).toHaveAttribute('data-count', String(files.length));
  await page.getByTestId('upload-blade-A-submit').click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByTestId('review-scroller')).toHaveAttribute('data-count', String(files.length), { timeout: 15_000 });
  await expect(dialog.getByTestId('review-row').first()).toBeVisible();
  return { dialog, start: dialog.getByRole('button', { name: startLabel }) };
}

const rowState = (page: Page, state: string) => page.getByRole('dialog').locator(`[data-testid="queue-row"][data-state="${state}"]`);

test('30 photos: the server stops half way and comes back; the queue finishes without sending a finished file again', async ({ page }) => {
  const { operator, turbine } = await newTurbine('FLD');
  const names = Array.from({ length: 30 }, (_, i) => `field_${String(i + 1).padStart(2, '0')}.jpg`);
  const files = await writeJpegs(folder, names, { width: 900, height: 700 });
  await signInPage(page, operator);
  await page.goto(`${base}/dashboard/turbine/${turbine.id}`);
  const { dialog, start } = await queueFiles(page, files, /^30 fotoğrafı yüklemeye başla$/);
  // suggestions: the zone's year and room (these photos say nothing), the blade from the zone
  await expect(dialog.getByTestId('review-source').first()).toHaveText(/360° oda 1varsayılan/);
  proxy.bytesPerSecond = 600_000;
  await start.click();

  // about a third stored: the server goes away
  await expect
    .poll(() => [...proxy.uploads.values()].filter((u) => u.completedAt !== null).length, { timeout: 60_000 })
    .toBeGreaterThanOrEqual(10);
  await server.stop();
  const cutAt = Date.now();
  const finishedBefore = new Set(
    [...proxy.uploads.values()].filter((u) => u.completedAt !== null && u.completedAt < cutAt).map((u) => u.id),
  );
  await page.waitForTimeout(2000);
  await server.start(base);
  proxy.bytesPerSecond = 0;

  await expect(rowState(page, 'done')).toHaveCount(30, { timeout: 150_000 });
  await expect(page.getByTestId('upload-overall-text')).toContainText('30 dosyanın 30 tanesi kaydedildi');
  expect(await photoCount(operator, turbine.id)).toBe(30);

  // each file stored by exactly one upload; an upload was only created again for a file that had not been stored
  // before the cut (an upload the stopping server had just created and then lost); no PATCH to a finished upload
  const uploads = [...proxy.uploads.values()];
  for (const name of names) {
    const own = uploads.filter((u) => u.name === name);
    expect(own.filter((u) => u.completedAt !== null)).toHaveLength(1);
    for (const lost of own.filter((u) => u.completedAt === null)) expect(finishedBefore.has(lost.id)).toBe(false);
  }
  for (const id of finishedBefore) {
    const upload = proxy.uploads.get(id);
    expect(upload?.patches.filter((p) => p.at > cutAt) ?? []).toEqual([]);
  }
  // bytes: each file once, plus at most what was on its way while the server was stopping (3 files at a time; a
  // stopping server may take a body and answer 503, and tus-js-client's first retry is immediate: twice)
  const total = uploads.filter((u) => u.completedAt !== null).reduce((sum, u) => sum + u.length, 0);
  const largest = Math.max(...uploads.map((u) => u.length));
  expect(proxy.patchBytes()).toBeGreaterThanOrEqual(total);
  expect(proxy.patchBytes()).toBeLessThanOrEqual(total + 6 * largest);

  // the turbine's queue is finished: its coverage for the year, blade A room 1 has the 30 photos, the rest says "Yok"
  const coverage = dialog.getByTestId(`finished-coverage-${turbine.id}`);
  await expect(coverage).toBeVisible();
  await expect(coverage.locator('[data-count="30"]')).toHaveCount(1);
  await expect(coverage.locator('[data-empty="true"]').first()).toHaveText('Yok');
  expect(await seriousViolations(page)).toEqual([]);
});

test('502s from the proxy while the server restarts: the same upload resumes where it was, and the panel waits for the connection at once', async ({
  page,
}) => {
  // issue 23, items 9 and 11: a 5xx to the resume's HEAD is the link, not a lost upload (tus-js-client made a new one
  // and sent the file again from byte 0); the last speed and time left must not stay on screen during the outage
  const { operator, turbine } = await newTurbine('RST');
  // ~13 MB, two PATCHes: more than the link's buffers hold, so the browser's progress follows the throttled proxy
  const [file = ''] = await writeJpegs(folder, ['restart_1.jpg'], { width: 5000, height: 3500, seed: 7 });
  const size = statSync(file).size;
  await signInPage(page, operator);
  await page.goto(`${base}/dashboard/turbine/${turbine.id}`);
  const { start } = await queueFiles(page, [file], /^1 fotoğrafı yüklemeye başla$/);
  proxy.bytesPerSecond = 1_000_000;
  await start.click();
  const own = () => [...proxy.uploads.values()].filter((u) => u.name === 'restart_1.jpg');
  const sent = () => own().reduce((sum, u) => sum + u.patches.reduce((s2, p) => s2 + p.bytes, 0), 0);
  await expect.poll(sent, { timeout: 60_000 }).toBeGreaterThan(size / 3);
  await expect(page.getByTestId('upload-overall')).not.toContainText('Bağlantı bekleniyor');

  await server.stop();
  const stoppedAt = Date.now();
  // the failed PATCH is enough: no speed or time left from before it
  await expect(page.getByTestId('upload-overall')).toContainText('Bağlantı bekleniyor', { timeout: 4_000 });
  // the proxy answers 502 to every request (the resume's HEAD included) for about 10 s
  await page.waitForTimeout(Math.max(0, 10_000 - (Date.now() - stoppedAt)));
  await server.start(base);
  proxy.bytesPerSecond = 0;

  await expect(rowState(page, 'done')).toHaveCount(1, { timeout: 150_000 });
  expect(await photoCount(operator, turbine.id)).toBe(1);
  // one upload, created once; after the outage its PATCHes go on from where the server's HEAD said, never from 0
  expect(proxy.posts.filter((p) => p.filename === 'restart_1.jpg')).toHaveLength(1);
  expect(own()).toHaveLength(1);
  const after = own()[0]?.patches.filter((p) => p.at > stoppedAt) ?? [];
  expect(after.length).toBeGreaterThan(0);
  for (const patch of after) expect(patch.offsetBefore).toBeGreaterThan(0);
  expect(sent()).toBeLessThan(size * 1.5);
});

test('the tab is closed the moment its file shows done: the next visit finds it done, not "file needed"', async ({ page, context }) => {
  // issue 23, item 12: a finished item is written to the kept queue before it is shown as done (it was saved up to 2 s
  // later, and a tab closed meanwhile came back with the stored file as "file needed")
  const { operator, turbine } = await newTurbine('CLS');
  const files = await writeJpegs(folder, ['closed_1.jpg'], { width: 800, height: 600, seed: 11 });
  await signInPage(page, operator);
  await page.goto(`${base}/dashboard/turbine/${turbine.id}`);
  const { start } = await queueFiles(page, files, /^1 fotoğrafı yüklemeye başla$/);
  await start.click();
  await expect(rowState(page, 'done')).toHaveCount(1, { timeout: 60_000 });
  await page.close();

  const next = await context.newPage();
  await signInPage(next, operator);
  await next.goto(`${base}/dashboard/turbine/${turbine.id}`);
  const indicator = next.getByTestId('upload-indicator');
  const dialog = next.getByRole('dialog');
  // a kept queue with a file needed opens the panel by itself; one that is all done shows the indicator
  await expect(indicator.or(dialog)).toBeVisible();
  if (await indicator.isVisible()) await indicator.click();
  await expect(rowState(next, 'done')).toHaveCount(1);
  await expect(rowState(next, 'missing')).toHaveCount(0);
  expect(await photoCount(operator, turbine.id)).toBe(1);
});

test("a second tab shows the first tab's queue as it goes, asks for nothing, and takes the uploads over when the first is closed", async ({
  page,
  context,
}) => {
  // issue 23, item 10: the second tab showed the live queue as "left from your last visit" and, once the files were
  // chosen again, sent them beside the first tab. One tab owns the queue (a Web Lock), the others show it
  const { operator, turbine } = await newTurbine('TAB');
  const names = ['tab_1.jpg', 'tab_2.jpg'];
  const files = await writeJpegs(folder, names, { width: 3000, height: 2200, seed: 13 });
  await signInPage(page, operator);
  await page.goto(`${base}/dashboard/turbine/${turbine.id}`);
  const { start } = await queueFiles(page, files, /^2 fotoğrafı yüklemeye başla$/);
  proxy.bytesPerSecond = 300_000;
  const own = () => [...proxy.uploads.values()].filter((u) => names.includes(u.name));
  const sent = () => own().reduce((sum, u) => sum + u.patches.reduce((s2, p) => s2 + p.bytes, 0), 0);
  await start.click();
  await expect.poll(sent, { timeout: 60_000 }).toBeGreaterThan(300_000);

  const second = await context.newPage();
  await signInPage(second, operator);
  await second.goto(`${base}/dashboard/turbine/${turbine.id}`);
  await second.getByTestId('upload-indicator').click();
  const panel = second.getByRole('dialog');
  await expect(panel.getByTestId('upload-other-tab')).toBeVisible();
  await expect(rowState(second, 'sending')).toHaveCount(2);
  await expect(panel.getByTestId('upload-ask')).toHaveCount(0);
  // the first tab's progress (bytes handed to the link), and its figures
  await expect.poll(async () => Number(await panel.getByTestId('upload-overall-progress').getAttribute('data-percent'))).toBeGreaterThan(0);
  await expect(panel.getByTestId('upload-overall-text')).toContainText('2 dosyanın 0 tanesi kaydedildi');
  // only the first tab sends
  expect(proxy.posts.filter((p) => names.includes(p.filename))).toHaveLength(2);

  // the first tab is closed: the second takes the queue over and asks for the files; only the missing bytes follow
  await page.close();
  await expect(panel.getByTestId('upload-ask')).toBeVisible({ timeout: 15_000 });
  await expect(panel.getByTestId('upload-other-tab')).toHaveCount(0);
  proxy.bytesPerSecond = 0;
  await panel.getByTestId('upload-ask-input').first().setInputFiles(files);
  await expect(rowState(second, 'done')).toHaveCount(2, { timeout: 90_000 });
  expect(await photoCount(operator, turbine.id)).toBe(2);
  // no file is uploaded twice: the two uploads the first tab created are the only ones the server took. A file the first
  // tab finished at the moment it was closed (stored, not yet written down as done) may be asked for once more by the
  // second (both, when both finished then): the server refuses that creation (409, the name is taken by the stored
  // photo) and the file shows as done. At most one such refusal per file, never anything else.
  const creations = proxy.posts.filter((p) => names.includes(p.filename));
  expect(creations.filter((p) => p.status === 201)).toHaveLength(2);
  const refused = creations.filter((p) => p.status !== 201);
  expect(refused.map((p) => p.status)).toEqual(refused.map(() => 409));
  for (const name of names) expect(refused.filter((p) => p.filename === name).length, name).toBeLessThanOrEqual(1);
});

test('a reload mid-upload: the queue comes back, the same files are chosen again and only the missing bytes are sent', async ({ page }) => {
  const { operator, turbine } = await newTurbine('RLD');
  // two photos over one tus chunk (8 MB) and two small ones
  const big = await writeJpegs(folder, ['big_1.jpg', 'big_2.jpg'], { width: 4200, height: 3200, seed: 7 });
  const small = await writeJpegs(folder, ['small_1.jpg', 'small_2.jpg'], { width: 800, height: 600, seed: 9 });
  const files = [...big, ...small];
  await signInPage(page, operator, { language: 'en', theme: 'dark' });
  await page.goto(`${base}/dashboard/turbine/${turbine.id}`);
  const { start } = await queueFiles(page, files, /^Start uploading 4 photos$/);
  // the proxy serves the whole file: only this test's uploads and bytes count here
  const earlier = new Set(proxy.uploads.keys());
  const bytesBefore = proxy.patchBytes();
  proxy.bytesPerSecond = 3_000_000;
  await start.click();
  // well into the big files (past their first chunk), then the tab is reloaded
  await expect.poll(() => proxy.patchBytes() - bytesBefore, { timeout: 60_000 }).toBeGreaterThan(14_000_000);
  await page.reload();
  proxy.bytesPerSecond = 0;
  await page.waitForTimeout(1500);
  const ids = new Set([...proxy.uploads.keys()].filter((id) => !earlier.has(id)));

  // what the server holds of each upload before the files are chosen again: read until two readings a second apart agree
  // (a piece the closing tab had sent may still be on its way through the proxy to the server)
  const readOffsets = async () => {
    const read = new Map<string, number>();
    for (const id of ids) {
      const head = await fetch(`${base}/api/uploads/${id}`, {
        method: 'HEAD',
        headers: { 'Tus-Resumable': '1.0.0', Authorization: `Bearer ${operator.token}` },
      });
      read.set(id, Number(head.headers.get('upload-offset') ?? 0));
    }
    return read;
  };
  let offsets = await readOffsets();
  for (let settled = false; !settled; ) {
    await page.waitForTimeout(1000);
    const again = await readOffsets();
    settled = [...again].every(([id, offset]) => offsets.get(id) === offset);
    offsets = again;
  }
  const before = new Map([...proxy.uploads].map(([id, u]) => [id, u.patches.length]));
  const heldBytes = [...offsets.values()].reduce((a, b) => a + b, 0);
  expect(heldBytes).toBeGreaterThan(8_000_000);

  const dialog = page.getByRole('dialog');
  await expect(dialog.getByTestId('upload-ask')).toBeVisible({ timeout: 15_000 });
  await expect(dialog.getByTestId('upload-ask')).toContainText('Uploads from your last visit are waiting');
  await dialog.getByTestId('upload-ask-input').first().setInputFiles(files);
  await expect(rowState(page, 'done')).toHaveCount(4, { timeout: 90_000 });
  expect(await photoCount(operator, turbine.id)).toBe(4);

  // each upload that held bytes at the reload got exactly its missing bytes, from the server's offset (an upload whose
  // address the closing tab could not keep had no bytes yet: its file may be created again, which costs nothing). What
  // the server took counts: a PATCH it did not take (a lock still held by the closed tab's request, a busy server) is
  // the piece in flight going again, which a tus client does; it must still start at the server's offset, never before.
  let resent = 0;
  for (const id of ids) {
    const upload = proxy.uploads.get(id);
    if (!upload) throw new Error(`upload ${id} unknown`);
    const held = offsets.get(id) ?? 0;
    if (held === 0 && upload.patches.length === (before.get(id) ?? 0)) continue;
    const after = upload.patches.slice(before.get(id) ?? 0);
    const story = `${upload.name} (${upload.length} bytes, ${held} held): ${after.map((p) => `${p.offsetBefore}+${p.bytes}->${p.status}/${p.offsetAfter}`).join(', ')}`;
    const taken = after.filter((p) => p.status >= 200 && p.status < 300);
    expect(
      taken.reduce((sum, p) => sum + p.bytes, 0),
      story,
    ).toBe(upload.length - held);
    for (const p of after) expect(p.offsetBefore, story).toBeGreaterThanOrEqual(held);
    // a PATCH not taken was answered as one a client tries again (lock, conflict, busy, link), never as a refusal
    for (const p of after.filter((q) => !taken.includes(q))) expect([0, 409, 423, 500, 502, 503, 504], story).toContain(p.status);
    resent += after.reduce((sum, p) => sum + p.bytes, 0);
  }
  // the uploads holding bytes were resumed, not created again
  const createdAfter = proxy.posts.filter((p) => p.id !== null && !ids.has(p.id)).map((p) => p.filename);
  for (const id of ids) if ((offsets.get(id) ?? 0) > 0) expect(createdAfter).not.toContain(proxy.uploads.get(id)?.name);
  const total = [...proxy.uploads].filter(([id]) => !earlier.has(id)).reduce((sum, [, u]) => sum + u.length, 0);
  expect(resent).toBeLessThan(total - 8_000_000);
});

test('duplicates by content are skipped, a failed file goes again with "Retry all failed"; coverage on the page', async ({ page }) => {
  const { operator, turbine } = await newTurbine('DUP');
  const [original, other, flaky] = await writeJpegs(folder, ['orig_1.jpg', 'other_1.jpg', 'flaky_1.jpg'], {
    width: 640,
    height: 480,
    seed: 3,
  });
  // the same bytes as orig_1.jpg under another name
  const copy = path.join(folder, 'copy_of_orig.jpg');
  writeFileSync(copy, await import('node:fs').then((fs) => fs.readFileSync(original as string)));
  await signInPage(page, operator, { language: 'en' });
  await page.goto(`${base}/dashboard/turbine/${turbine.id}`);
  let queued = await queueFiles(page, [original as string], /^Start uploading 1 photos?$/);
  await queued.start.click();
  await expect(rowState(page, 'done')).toHaveCount(1, { timeout: 30_000 });
  await page.getByRole('dialog').getByRole('button', { name: 'Clear finished' }).click();
  await page.keyboard.press('Escape');

  proxy.failNames.add('flaky_1.jpg');
  const postsBefore = proxy.posts.length;
  queued = await queueFiles(page, [copy, other as string, flaky as string], /^Start uploading 3 photos$/);
  await queued.start.click();
  await expect(rowState(page, 'duplicate')).toHaveCount(1, { timeout: 30_000 });
  await expect(rowState(page, 'duplicate')).toContainText('Same content as orig_1.jpg');
  await expect(rowState(page, 'done')).toHaveCount(1, { timeout: 30_000 });
  await expect(rowState(page, 'failed')).toHaveCount(1, { timeout: 30_000 });
  // the copy never went, not even asked for; the two others were created once each (a creation the server did not
  // answer with an upload, such as a busy 503 under load, is tried again by tus and creates nothing)
  const posts = proxy.posts.slice(postsBefore);
  const told = JSON.stringify(posts.map((p) => `${p.filename} ${p.status}`));
  expect(
    posts.map((p) => p.filename),
    told,
  ).not.toContain('copy_of_orig.jpg');
  expect(
    posts
      .filter((p) => p.id !== null)
      .map((p) => p.filename)
      .sort(),
    told,
  ).toEqual(['flaky_1.jpg', 'other_1.jpg']);
  // issue 24 item 12: every chosen file counted, the failed one said, and the bar not complete while it failed
  const overall = page.getByTestId('upload-overall-text');
  await expect(overall).toContainText('1 of 3 files stored · 1 already on the turbine · 1 failed');
  await expect(page.getByTestId('upload-overall-progress')).not.toHaveAttribute('data-percent', '100');
  await expect(page.getByTestId('upload-overall-failed')).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);

  proxy.failNames.clear();
  await page.getByRole('dialog').getByRole('button', { name: 'Retry all failed (1)' }).click();
  await expect(rowState(page, 'done')).toHaveCount(2, { timeout: 30_000 });
  await expect(rowState(page, 'failed')).toHaveCount(0);
  await expect(overall).toContainText('2 of 3 files stored · 1 already on the turbine');
  await expect(page.getByTestId('upload-overall-progress')).toHaveAttribute('data-percent', '100');
  await expect(page.getByTestId('upload-overall-failed')).toHaveCount(0);
  expect(await photoCount(operator, turbine.id)).toBe(3);

  // the turbine page's coverage section: counts and empty cells in words
  await page.keyboard.press('Escape');
  const section = page.getByTestId('coverage-section');
  await section.scrollIntoViewIfNeeded();
  await expect(section.getByRole('heading', { name: 'Coverage' })).toBeVisible();
  await expect(section.locator('[data-count="3"]')).toHaveCount(1);
  await expect(section.locator('[data-empty="true"]').first()).toHaveText('None');
  expect(await seriousViolations(page)).toEqual([]);
});
