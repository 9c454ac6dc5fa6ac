import { expect, type Locator, type Page, test } from '@playwright/test';
import {
  createTurbine,
  createUser,
  deleteComment,
  egeCompanyId,
  listComments,
  type Session,
  signIn,
  superadmin,
} from '../support/viewer-data.ts';

// The comments side panel (spec §2, §4, §8; DECISIONS §5) on the viewer pages, per role, on a turbine of its own.
let admin: Session;
let author: Session;
let colleague: Session;
let customer: Session;
let viewer: Session;
let turbineId: number;

const LONG =
  'Kanat A kök bölgesinde yüzey erozyonu ve ince bir çatlak görüldü; bir sonraki bakımda yakından incelenmeli ve fotoğraflanmalı. Ölçüm: 12 cm.';

test.describe.configure({ mode: 'serial' });

test.beforeAll(async () => {
  test.setTimeout(60_000);
  admin = await superadmin();
  const company = await egeCompanyId(admin);
  turbineId = await createTurbine(admin, company, { code: `E2E-CM-${Date.now()}`, turbine_name: 'E2E Comments T-03' });
  author = await createUser(admin, company, 'operator', 'Yazar');
  colleague = await createUser(admin, company, 'operator', 'Meslektaş');
  customer = await createUser(admin, company, 'customer', 'Müşteri');
  viewer = await createUser(admin, company, 'viewer', 'İzleyici');
});

async function openPanel(page: Page, session: Session, where: 'operator' | '360' = 'operator'): Promise<Locator> {
  await signIn(page, session);
  await page.goto(where === '360' ? `/dashboard/turbine/${turbineId}/360-view` : `/turbine/${turbineId}/operator-photos`);
  const panel = page.getByTestId('comments-panel');
  await expect(panel).toBeHidden();
  await page.getByTestId('comments-toggle').click();
  await expect(panel).toBeVisible();
  await expect(panel.getByTestId('comments-list')).toBeVisible();
  return panel;
}

const item = (panel: Locator, text: string | RegExp) => panel.getByTestId('comment-item').filter({ hasText: text });
/** The same comment whatever its text becomes while it is edited. */
async function pinned(panel: Locator, text: string | RegExp): Promise<Locator> {
  const id = await item(panel, text).getAttribute('data-comment-id');
  return panel.locator(`[data-comment-id="${id}"]`);
}

test('an operator adds with the n/500 counter; a long comment is truncated with show more / show less', async ({ page }) => {
  const panel = await openPanel(page, author);
  await expect(panel.getByTestId('comments-empty')).toBeVisible();
  const form = panel.getByTestId('comment-add-form');
  await expect(form.getByTestId('comment-counter')).toHaveText('0/500');
  await form.getByRole('textbox').fill(LONG);
  await expect(form.getByTestId('comment-counter')).toHaveText(`${LONG.length}/500`);
  await form.getByRole('button', { name: 'Gönder' }).click();
  const long = item(panel, /^.*Kanat A kök bölgesinde/);
  await expect(long).toBeVisible();
  await expect(form.getByTestId('comment-counter')).toHaveText('0/500');
  const text = long.getByTestId('comment-text');
  await expect(text).toHaveText(`${LONG.slice(0, 100).trimEnd()}...`);
  await long.getByRole('button', { name: 'Daha fazla göster' }).click();
  await expect(text).toHaveText(LONG);
  await long.getByRole('button', { name: 'Daha az göster' }).click();
  await expect(text).toHaveText(`${LONG.slice(0, 100).trimEnd()}...`);

  // at most 500 characters can be typed
  await form.getByRole('textbox').fill('x'.repeat(510));
  await expect(form.getByRole('textbox')).toHaveValue('x'.repeat(500));
  await expect(form.getByTestId('comment-counter')).toHaveText('500/500');
  await form.getByRole('textbox').fill('   ');
  await expect(form.getByRole('button', { name: 'Gönder' })).toBeDisabled();
});

test('the author edits (editing, then saved with "(düzenlendi)", or cancelled) and deletes after the confirmation', async ({ page }) => {
  const panel = await openPanel(page, author);
  const form = panel.getByTestId('comment-add-form');
  await form.getByRole('textbox').fill('Geçici not');
  await form.getByRole('button', { name: 'Gönder' }).click();
  await expect(item(panel, 'Geçici not')).toBeVisible();
  const note = await pinned(panel, 'Geçici not');
  await expect(note.getByTestId('comment-edited')).toHaveCount(0);

  await note.getByTestId('comment-edit').click();
  await note.getByRole('textbox').fill('İptal edilecek metin');
  await note.getByRole('button', { name: 'İptal' }).click();
  await expect(note.getByTestId('comment-text')).toHaveText('Geçici not');

  await note.getByTestId('comment-edit').click();
  await note.getByRole('textbox').fill('Geçici not, güncellendi');
  await note.getByRole('button', { name: 'Kaydet' }).click();
  const edited = note;
  await expect(edited.getByTestId('comment-text')).toHaveText('Geçici not, güncellendi');
  await expect(edited.getByTestId('comment-edited')).toHaveText('(düzenlendi)');

  await edited.getByTestId('comment-delete').click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toContainText('Bu yorumu silmek istediğinizden emin misiniz?');
  await dialog.getByRole('button', { name: 'İptal' }).click();
  await expect(edited).toBeVisible();
  await edited.getByTestId('comment-delete').click();
  await page.getByRole('dialog').getByRole('button', { name: 'Sil' }).click();
  await expect(edited).toHaveCount(0);
});

test('another operator sees no buttons on it; superadmin edits and deletes anyone’s', async ({ browser }) => {
  const colleaguePage = await browser.newPage();
  const panel = await openPanel(colleaguePage, colleague, '360');
  const long = item(panel, /Kanat A kök bölgesinde/);
  await expect(long).toBeVisible();
  await expect(long.getByTestId('comment-edit')).toHaveCount(0);
  await expect(long.getByTestId('comment-delete')).toHaveCount(0);
  await panel.getByTestId('comment-add-form').getByRole('textbox').fill('Meslektaşın notu');
  await panel.getByTestId('comment-add-form').getByRole('button', { name: 'Gönder' }).click();
  await expect(item(panel, 'Meslektaşın notu').getByTestId('comment-edit')).toBeVisible();
  await colleaguePage.close();

  const adminPage = await browser.newPage();
  const adminPanel = await openPanel(adminPage, admin);
  await expect(item(adminPanel, 'Meslektaşın notu')).toBeVisible();
  const theirs = await pinned(adminPanel, 'Meslektaşın notu');
  await theirs.getByTestId('comment-edit').click();
  await theirs.getByRole('textbox').fill('Meslektaşın notu (yönetici düzeltti)');
  await theirs.getByRole('button', { name: 'Kaydet' }).click();
  await expect(item(adminPanel, 'yönetici düzeltti').getByTestId('comment-edited')).toBeVisible();
  await item(adminPanel, 'yönetici düzeltti').getByTestId('comment-delete').click();
  await adminPage.getByRole('dialog').getByRole('button', { name: 'Sil' }).click();
  await expect(item(adminPanel, 'yönetici düzeltti')).toHaveCount(0);
  await expect(item(adminPanel, /Kanat A kök bölgesinde/).getByTestId('comment-delete')).toBeVisible();
  await adminPage.close();
});

test('a viewer reads only: no form, no buttons; a customer may comment', async ({ browser }) => {
  const viewerPage = await browser.newPage();
  const panel = await openPanel(viewerPage, viewer);
  await expect(item(panel, /Kanat A kök bölgesinde/)).toBeVisible();
  await expect(panel.getByTestId('comment-add-form')).toHaveCount(0);
  await expect(panel.getByTestId('comments-read-only')).toBeVisible();
  await expect(panel.getByTestId('comment-edit')).toHaveCount(0);
  await expect(panel.getByTestId('comment-delete')).toHaveCount(0);
  await viewerPage.close();

  const customerPage = await browser.newPage();
  const customerPanel = await openPanel(customerPage, customer, '360');
  await customerPanel.getByTestId('comment-add-form').getByRole('textbox').fill('Müşteri sorusu');
  await customerPanel.getByTestId('comment-add-form').getByRole('button', { name: 'Gönder' }).click();
  await expect(item(customerPanel, 'Müşteri sorusu').getByTestId('comment-delete')).toBeVisible();
  await customerPanel.getByTestId('comments-close').click();
  await expect(customerPanel).toBeHidden();
  await customerPage.close();
});

test('failed edit and delete say "Yorum güncellenirken hata oluştu" / "Yorum silinirken hata oluştu", then the list reloads', async ({
  page,
}) => {
  const panel = await openPanel(page, customer);
  await expect(item(panel, 'Müşteri sorusu')).toBeVisible();
  const mine = await pinned(panel, 'Müşteri sorusu');
  // the comment disappears behind the panel's back (superadmin deletes it): the edit is refused with 404
  const [target] = (await listComments(admin, turbineId)).filter((c) => c.comment === 'Müşteri sorusu');
  if (!target) throw new Error('comment missing');
  await mine.getByTestId('comment-edit').click();
  await deleteComment(admin, turbineId, target.id);
  await mine.getByRole('textbox').fill('Müşteri sorusu (düzeltme)');
  await mine.getByRole('button', { name: 'Kaydet' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Yorum güncellenirken hata oluştu' })).toBeVisible();
  await expect(mine).toHaveCount(0); // reloaded

  const form = panel.getByTestId('comment-add-form');
  await form.getByRole('textbox').fill('Silinecek soru');
  await form.getByRole('button', { name: 'Gönder' }).click();
  await expect(item(panel, 'Silinecek soru')).toBeVisible();
  const again = await pinned(panel, 'Silinecek soru');
  const [second] = (await listComments(admin, turbineId)).filter((c) => c.comment === 'Silinecek soru');
  if (!second) throw new Error('comment missing');
  await deleteComment(admin, turbineId, second.id);
  await again.getByTestId('comment-delete').click();
  await page.getByRole('dialog').getByRole('button', { name: 'Sil' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Yorum silinirken hata oluştu' })).toBeVisible();
  await expect(again).toHaveCount(0);
});
