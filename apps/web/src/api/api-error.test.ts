import { afterEach, describe, expect, it } from 'vitest';
import { changeLanguage } from '../i18n/i18n.ts';
import '../i18n/message-code.ts';
import { CLIENT_ERROR_CODES } from './api-error.ts';
import { errorFromResponse } from './client.ts';

afterEach(async () => {
  await changeLanguage('tr');
});

describe('ApiError: a message already received follows a language switch', () => {
  it('writes a server message again from its code and params', async () => {
    const error = errorFromResponse(409, {
      success: false,
      code: 'COMPANY_HAS_DEPENDENTS',
      params: { turbines: 2, users: 3 },
      message: 'Bu şirketi silmeden önce şirkete ait türbinleri ve kullanıcıları kaldırın. (2 türbin, 3 kullanıcı)',
    });
    await changeLanguage('en');
    expect(error.message).toBe("Remove the company's turbines and users before deleting it. (2 turbines, 3 users)");
    await changeLanguage('tr');
    expect(error.message).toBe('Bu şirketi silmeden önce şirkete ait türbinleri ve kullanıcıları kaldırın. (2 türbin, 3 kullanıcı)');
  });

  it('writes field details again from their codes', async () => {
    const error = errorFromResponse(400, {
      success: false,
      code: 'EMAIL_INVALID',
      message: 'Lütfen geçerli bir e-posta adresi girin.',
      details: [{ field: 'email', code: 'EMAIL_INVALID', message: 'Lütfen geçerli bir e-posta adresi girin.' }],
    });
    await changeLanguage('en');
    expect(error.message).toBe('Please enter a valid email address');
    expect(error.details[0]?.message).toBe('Please enter a valid email address');
  });

  it('keeps the server text for a code this app does not know, or a message whose params did not come', async () => {
    expect(errorFromResponse(418, { success: false, code: 'SOMETHING_NEW', message: 'Yeni bir şey.' }).message).toBe('Yeni bir şey.');
    const noParams = errorFromResponse(409, { success: false, code: 'COMPANY_NAME_TAKEN', message: '"X" adında bir şirket zaten mevcut' });
    await changeLanguage('en');
    expect(noParams.message).toBe('"X" adında bir şirket zaten mevcut');
  });

  it('writes the client’s own failures (no answer, bad status) in the current language', async () => {
    const error = errorFromResponse(502, undefined);
    expect(error.code).toBe(CLIENT_ERROR_CODES.http);
    const turkish = error.message;
    await changeLanguage('en');
    expect(error.message).not.toBe(turkish);
    expect(error.message).toContain('502');
  });
});
