import { expect, type Page, test } from '@playwright/test';
import { apiAs, COMPANY, companyIdByName, DEMO, dialog, openAs, unique } from '../support/management.ts';
import { emailChangeLinkPath, waitForMail } from '../support/outbox.ts';

/** Issue 13: a manager's change of a user's address waits for the new address to confirm it, and the manager sees the same
 *  "pending" whoever holds the address. Users made here are removed again. */

const row = (page: Page, email: string) => page.locator(`[data-testid="user-row"][data-email="${email}"]`);
const SENT = (email: string) => `Yeni e-posta adresine (${email}) bir onay bağlantısı gönderildi; adres onaylanınca değişecek.`;

async function withTarget(request: Parameters<typeof apiAs>[0], run: (email: string) => Promise<void>) {
  const admin = await apiAs(request, DEMO.superadmin);
  const ege = await companyIdByName(admin, COMPANY.ege);
  const email = `e2e.ec.${unique()}@ege.example`;
  const target = await admin.call<{ id: number }>('POST', '/users', {
    first_name: 'Adres',
    last_name: 'Değişimi',
    email,
    password: 'secret-123',
    role: 'operator',
    company_id: ege,
  });
  try {
    await run(email);
  } finally {
    const left = await admin.call<{ id: number }[]>('GET', '/users');
    if (left.some((u) => u.id === target.id)) await admin.call('DELETE', `/users/${target.id}`);
  }
}

async function changeAddress(page: Page, from: string, to: string) {
  await row(page, from).getByTestId('edit-user').click();
  const form = dialog(page);
  await expect(form.getByText('Yeni bir adres, o adrese gönderilen bağlantı onaylanınca geçerli olur.')).toBeVisible();
  await form.getByLabel(/^E-posta/).fill(to);
  await form.getByTestId('user-submit').click();
  await expect(page.getByText(SENT(to))).toBeVisible();
  await expect(form).toHaveCount(0);
}

test('a manager changes an address: pending until the link in the mail is confirmed, then the list shows it', async ({
  page,
  browser,
  request,
}) => {
  await withTarget(request, async (email) => {
    const next = `e2e.ec.new.${unique()}@example.com`;
    await openAs(page, DEMO.egeAdmin, '/dashboard/users');
    const since = Date.now();
    await changeAddress(page, email, next);
    await expect(row(page, email).getByTestId('pending-email')).toHaveText(`Onay bekliyor: ${next}Değişikliği iptal et`);

    const mail = await waitForMail(next, since);
    const visitor = await (await browser.newContext({ locale: 'tr-TR' })).newPage();
    await visitor.goto(emailChangeLinkPath(mail));
    await expect(visitor.getByRole('heading', { name: 'Yeni e-posta adresinizi onaylayın' })).toBeVisible();
    await visitor.getByRole('button', { name: 'Adresi Onayla' }).click();
    await expect(visitor.getByTestId('email-change-done')).toContainText('E-posta adresiniz değiştirildi');
    // the link works once
    await visitor.reload();
    await visitor.getByRole('button', { name: 'Adresi Onayla' }).click();
    await expect(visitor.getByTestId('email-change-invalid')).toContainText(
      'E-posta onay bağlantısı geçersiz, kullanılmış veya süresi dolmuş.',
    );
    await visitor.context().close();

    await page.reload();
    await expect(row(page, next)).toBeVisible();
    await expect(row(page, next).getByTestId('pending-email')).toHaveCount(0);
    await expect(row(page, email)).toHaveCount(0);
  });
});

test('an address of another company shows exactly the same pending state; its holder is told, the manager can cancel', async ({
  page,
  request,
}) => {
  await withTarget(request, async (email) => {
    await openAs(page, DEMO.egeAdmin, '/dashboard/users');
    const since = Date.now();
    await changeAddress(page, email, DEMO.marmaraAdmin);
    const badge = row(page, email).getByTestId('pending-email');
    // the badge and its cancel action, as for a free address
    await expect(badge).toHaveText(`Onay bekliyor: ${DEMO.marmaraAdmin}Değişikliği iptal et`);
    // the outbox helper gives the bytes of the quoted-printable body: read them as UTF-8
    const notice = Buffer.from(await waitForMail(DEMO.marmaraAdmin, since), 'latin1').toString('utf8');
    expect(notice).not.toContain('token=');
    expect(notice).toMatch(/Hiçbir şey değişmedi|Nothing changed/);

    await row(page, email).getByTestId('cancel-email-change').click();
    await expect(page.getByText('Bekleyen e-posta değişikliği iptal edildi.')).toBeVisible();
    await expect(badge).toHaveCount(0);
    await expect(row(page, email)).toBeVisible();
  });
});
