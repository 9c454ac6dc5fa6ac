import { expect, test } from '@playwright/test';
import {
  apiLogin,
  asInputFiles,
  createTurbine,
  deleteTurbine,
  dropFiles,
  photoFile,
  signInPage,
  throttleUploads,
  type UploadFile,
} from '../support/turbine-fixtures.ts';

// Uploads on the turbine detail page (spec §2, §5, §7): picker and drag-and-drop, real progress, batches, name checks.
const created: number[] = [];

test.afterAll(async ({ request }) => {
  const admin = await apiLogin(request, 'superadmin@windscope.example');
  for (const id of created) await deleteTurbine(request, admin, id);
});

async function operatorTurbine(request: Parameters<typeof apiLogin>[0]) {
  const admin = await apiLogin(request, 'superadmin@windscope.example');
  const operator = await apiLogin(request, 'operator@ege.example');
  const turbine = await createTurbine(request, admin, operator.user.company_id, 'UPL');
  created.push(turbine.id);
  return { operator, turbine };
}

test('operator uploads blade photos through the picker with per-file and overall progress', async ({ page, request }) => {
  const { operator, turbine } = await operatorTurbine(request);
  await signInPage(page, operator);
  await page.goto(`/dashboard/turbine/${turbine.id}`);
  await expect(page.getByTestId('turbine-name')).toHaveText(turbine.turbine_name);
  await expect(page.getByText('Bu türbin için henüz fotoğraf yüklenmemiş.')).toBeVisible();

  const panel = page.getByTestId('blade-panel-A');
  await panel.getByTestId('room-select-A').click();
  await page.getByRole('option', { name: '3 · Tip - WW' }).click();

  // five big files (one removed again: 4 files = 2 batches of the spec's 3) and one that is not a photo
  const files: UploadFile[] = [];
  for (let i = 1; i <= 5; i++) files.push(await photoFile(`blade_a_${i}.jpg`, { width: 1400, height: 1000, noise: true }));
  await page
    .getByTestId('upload-blade-A-drop-input')
    .setInputFiles([...asInputFiles(files), { name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('not a photo') }]);
  await expect(panel.getByTestId('pending-file')).toHaveCount(5); // the .txt is dropped silently
  await panel.getByRole('button', { name: `${files[4]?.name} dosyasını kaldır` }).click();
  await expect(panel.getByTestId('pending-file')).toHaveCount(4);

  const restore = await throttleUploads(page, 1_500_000);
  const requests: string[] = [];
  page.on('request', (r) => {
    if (r.method() === 'POST' && r.url().includes(`/api/turbines/${turbine.id}/photos`)) requests.push(r.url());
  });
  await panel.getByRole('button', { name: '4 fotoğraf yükle' }).click();

  await expect(panel.getByText('Yükleniyor', { exact: true })).toBeVisible();
  await expect(panel.getByTestId('upload-blade-A-drop')).toHaveAttribute('aria-disabled', 'true');
  const overall = panel.getByTestId('overall-progress');
  await expect(overall).toBeVisible();
  await expect(panel.getByTestId('file-progress')).toHaveCount(4);
  // real progress: the overall bar moves between 0 and 100 while bytes are on their way
  await expect.poll(async () => Number(await overall.getAttribute('data-percent')), { timeout: 15_000 }).toBeGreaterThan(0);
  await expect.poll(async () => Number(await overall.getAttribute('data-percent')), { timeout: 15_000 }).toBeGreaterThan(30);

  await expect(page.getByText('4 fotoğraf başarıyla yüklendi!')).toBeVisible({ timeout: 40_000 });
  await restore();
  expect(requests).toHaveLength(2); // 4 files = batches of 3 and 1
  await expect(panel.getByTestId('pending-file')).toHaveCount(0); // cleared after success
  await expect(panel.getByText('Bu odada 4 fotoğraf')).toBeVisible();

  const grid = page.getByTestId('all-photos');
  await expect(grid.getByTestId('photo-count')).toHaveText('4 fotoğraf');
  const thumbnails = grid.getByTestId('photo-thumbnail');
  await expect(thumbnails).toHaveCount(4);
  await expect.poll(() => thumbnails.evaluateAll((imgs) => imgs.every((img) => (img as HTMLImageElement).naturalWidth > 0))).toBe(true);
  await expect(grid.getByTestId('photo-tile').first()).toContainText('Kanat A · Tip - WW');
  await expect(page.getByTestId('turbine-photo-count')).toHaveText('4');
});

test('drag and drop uploads drone photos in batches of two with the category toast', async ({ page, request }) => {
  const { operator, turbine } = await operatorTurbine(request);
  await signInPage(page, operator);
  await page.goto(`/dashboard/turbine/${turbine.id}`);
  const panel = page.getByTestId('category-panel-drone');
  await panel.getByTestId('category-blade-drone').getByText('B', { exact: true }).click();

  const photos = [
    await photoFile('drone_1.jpg', { width: 1200, height: 900, noise: true }),
    await photoFile('drone_2.png', { width: 600, height: 400 }),
    await photoFile('drone_3.jpg', { width: 1200, height: 900, noise: true }),
  ];
  await dropFiles(page, '[data-testid="upload-drone-drop"]', [
    ...photos,
    { name: 'readme.pdf', mimeType: 'application/pdf', buffer: Buffer.from('%PDF-1.4') },
  ]);
  await expect(panel.getByTestId('pending-file')).toHaveCount(3);

  const restore = await throttleUploads(page, 1_000_000);
  const posts: number[] = [];
  page.on('request', (r) => {
    if (r.method() === 'POST' && r.url().includes(`/api/turbines/${turbine.id}/photos`)) posts.push(Date.now());
  });
  await panel.getByRole('button', { name: '3 fotoğraf yükle' }).click();
  await expect(panel.getByTestId('overall-progress')).toBeVisible();
  await expect(panel.getByText('Yükleniyor', { exact: true })).toBeVisible();
  await expect(page.getByText('Fotoğraf Yüklendi')).toBeVisible({ timeout: 30_000 });
  await expect(page.getByText('3 adet Drone fotoğrafı başarıyla yüklendi.')).toBeVisible();
  await restore();
  // at most 2 files per batch, with the 1 s pause between
  expect(posts).toHaveLength(2);
  expect((posts[1] ?? 0) - (posts[0] ?? 0)).toBeGreaterThanOrEqual(1000);

  const grid = page.getByTestId('all-photos');
  await expect(grid.getByTestId('photo-count')).toHaveText('3 fotoğraf');
  await expect(grid.getByTestId('photo-tile').first()).toContainText('Drone');
  await expect(grid.getByTestId('photo-tile').first()).toContainText('Kanat B');
});

test('names are checked before upload: invalid characters and duplicates are skipped with the spec messages', async ({ page, request }) => {
  const { operator, turbine } = await operatorTurbine(request);
  await signInPage(page, operator);
  await page.goto(`/dashboard/turbine/${turbine.id}`);
  const panel = page.getByTestId('blade-panel-B');
  const input = page.getByTestId('upload-blade-B-drop-input');

  await input.setInputFiles(asInputFiles([await photoFile('kanat ön (1).jpg'), await photoFile('good_1.jpg')]));
  await expect(panel.getByText('1 dosya geçersiz adlar nedeniyle atlandı: kanat ön (1).jpg', { exact: false })).toBeVisible();
  await expect(panel.getByTestId('pending-file')).toHaveCount(1);
  // the message clears itself after 5 s
  await expect(panel.getByText('geçersiz adlar nedeniyle atlandı', { exact: false })).toBeHidden({ timeout: 8_000 });

  await panel.getByRole('button', { name: '1 fotoğraf yükle' }).click();
  await expect(page.getByText('1 fotoğraf başarıyla yüklendi!')).toBeVisible({ timeout: 20_000 });
  await expect(page.getByTestId('all-photos').getByTestId('photo-tile')).toHaveCount(1);

  await input.setInputFiles(asInputFiles([await photoFile('GOOD_1.jpg')]));
  await expect(panel.getByText('Aynı isimde fotoğraflar zaten mevcut: GOOD_1.jpg', { exact: false })).toBeVisible();
  await expect(panel.getByTestId('pending-file')).toHaveCount(0);
});

test('an expired session stops the upload before any byte is sent; after signing in again the photos are still chosen', async ({
  page,
  request,
}) => {
  const { operator, turbine } = await operatorTurbine(request);
  // a session of its own, ended on the server while the page still holds its token
  const login = await request.post('/api/auth/login', { data: { email: 'operator@ege.example', password: 'demo1234' } });
  const own = (await login.json()) as { token: string; user: typeof operator.user };
  await signInPage(page, { token: own.token, user: own.user });
  await page.goto(`/dashboard/turbine/${turbine.id}`);
  const panel = page.getByTestId('blade-panel-C');
  await panel.getByTestId('room-select-C').click();
  await page.getByRole('option', { name: '5 · Mid - SW' }).click();
  await page
    .getByTestId('upload-blade-C-drop-input')
    .setInputFiles(asInputFiles([await photoFile('late_1.jpg'), await photoFile('late_2.jpg')]));
  await expect(panel.getByTestId('pending-file')).toHaveCount(2);
  let posted = false;
  page.on('request', (r) => {
    if (r.method() === 'POST' && r.url().includes('/photos')) posted = true;
  });
  await request.post('/api/auth/logout', { headers: { Authorization: `Bearer ${own.token}` } });

  await panel.getByRole('button', { name: '2 fotoğraf yükle' }).click();
  await expect(page.getByText('Oturumunuzun süresi doldu. Lütfen tekrar giriş yapın.')).toBeVisible();
  await expect(page.getByText('Seçtiğiniz fotoğraflar, giriş yaptıktan sonra bu sayfada sizi bekliyor olacak.')).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`/login\\?next=%2Fdashboard%2Fturbine%2F${turbine.id}`));
  expect(posted).toBe(false);

  await page.getByRole('textbox', { name: /^E-posta/ }).fill('operator@ege.example');
  await page
    .getByLabel(/^Şifre/)
    .first()
    .fill('demo1234');
  await page.getByRole('button', { name: 'Giriş Yap' }).click();
  await expect(page).toHaveURL(new RegExp(`/dashboard/turbine/${turbine.id}$`));
  const back = page.getByTestId('blade-panel-C');
  await expect(back.getByTestId('pending-file')).toHaveCount(2);
  await expect(back.getByTestId('room-select-C')).toHaveValue('5 · Mid - SW');
  await expect(back.getByText('Yükleniyor', { exact: true })).toHaveCount(0);
  await back.getByRole('button', { name: '2 fotoğraf yükle' }).click();
  await expect(page.getByText('2 fotoğraf başarıyla yüklendi!')).toBeVisible({ timeout: 20_000 });
  await expect(page.getByTestId('all-photos').getByTestId('photo-tile').first()).toContainText('Mid - SW');
});

test("a proxy's 413 page: the spec's text, the photos sent again one at a time, and the one still refused kept chosen", async ({
  page,
  request,
}) => {
  const { operator, turbine } = await operatorTurbine(request);
  await signInPage(page, operator);
  await page.goto(`/dashboard/turbine/${turbine.id}`);
  const panel = page.getByTestId('category-panel-operator');
  const files = [await photoFile('op_small.jpg'), await photoFile('op_huge.jpg')];
  await page.getByTestId('upload-operator-drop-input').setInputFiles(asInputFiles(files));
  await expect(panel.getByTestId('pending-file')).toHaveCount(2);
  // nginx's own answer to a body over client_max_body_size: HTML, not our JSON envelope
  const nginx413 =
    '<html>\r\n<head><title>413 Request Entity Too Large</title></head>\r\n<body>\r\n<center><h1>413 Request Entity Too Large</h1></center>\r\n<hr><center>nginx</center>\r\n</body>\r\n</html>\r\n';
  await page.route(`**/api/turbines/${turbine.id}/photos*`, async (route) => {
    const body = route.request().postDataBuffer()?.toString('latin1') ?? '';
    if (route.request().method() === 'POST' && body.includes('op_huge.jpg'))
      return route.fulfill({ status: 413, contentType: 'text/html', body: nginx413 });
    return route.continue();
  });

  await panel.getByRole('button', { name: '2 fotoğraf yükle' }).click();
  await expect(page.getByText('Yükleniyor... Lütfen bekleyin. Büyük dosyalar zaman alabilir.').first()).toBeVisible();
  await expect(page.getByText('1 adet Operatör fotoğrafı başarıyla yüklendi.')).toBeVisible({ timeout: 20_000 });
  await expect(panel.getByTestId('upload-operator-notice')).toContainText('1 fotoğraf yüklenemedi ve seçili bırakıldı (op_huge.jpg)');
  await expect(page.getByText(/Sunucu hatası/)).toHaveCount(0);
  await expect(panel.getByTestId('pending-file')).toHaveCount(1);
  await expect(panel.getByTestId('pending-file')).toContainText('op_huge.jpg');
  await expect(page.getByTestId('all-photos').getByTestId('photo-tile')).toHaveCount(1);
});
