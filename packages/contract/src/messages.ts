/** Messages the server sends, in both languages. The TR copy is the spec's wording.
 *  The server picks the language from Accept-Language (Turkish by default); the web app can translate by code too. */
export const MESSAGES = {
  VALIDATION: {
    tr: 'Geçersiz istek. Lütfen gönderdiğiniz bilgileri kontrol edip tekrar deneyin.',
    en: 'Invalid request. Please check what you sent and try again.',
  },
  TEXT_INVALID_CHARACTERS: {
    tr: 'Metin kaydedilemeyen geçersiz karakterler içeriyor (boş karakter veya yarım kalmış bir emoji gibi).',
    en: 'The text contains invalid characters that cannot be stored (such as a null character or half of an emoji).',
  },
  MALFORMED_JSON: { tr: 'İstek gövdesi geçerli JSON değil.', en: 'The request body is not valid JSON.' },
  BODY_TOO_LARGE: { tr: 'İstek çok büyük.', en: 'The request is too large.' },
  UNSUPPORTED_MEDIA: { tr: 'Desteklenmeyen içerik türü.', en: 'Unsupported content type.' },
  NOT_FOUND: { tr: 'Kayıt bulunamadı.', en: 'Not found.' },
  ROUTE_NOT_FOUND: { tr: 'Sayfa bulunamadı.', en: 'Page not found.' },
  URL_INVALID: {
    tr: 'İstek adresi geçersiz karakterler içeriyor.',
    en: 'The request address contains invalid characters.',
  },
  URL_TOO_LONG: { tr: 'İstek adresindeki bir değer çok uzun.', en: 'A value in the request address is too long.' },
  FORBIDDEN: { tr: 'Bu işlem için yetkiniz yok.', en: 'You do not have permission to do this.' },
  UNAUTHORIZED: { tr: 'Oturum süresi dolmuş. Lütfen tekrar giriş yapın.', en: 'Session expired. Please login again.' },
  RATE_LIMITED: {
    tr: 'Çok fazla deneme yapıldı. Lütfen {seconds} saniye sonra tekrar deneyin.',
    en: 'Too many attempts. Please try again in {seconds} seconds.',
  },
  INTERNAL: { tr: 'Sunucu hatası.', en: 'Server error.' },
  SERVICE_UNAVAILABLE: {
    tr: 'Hizmet geçici olarak kullanılamıyor. Lütfen biraz sonra tekrar deneyin.',
    en: 'The service is temporarily unavailable. Please try again shortly.',
  },
  STORAGE_UNAVAILABLE: {
    tr: 'Dosya deposu şu anda dosya kabul etmiyor; hiçbir şey kaydedilmedi. Lütfen biraz sonra tekrar deneyin.',
    en: 'File storage is not accepting files right now; nothing was saved. Please try again shortly.',
  },

  LOGIN_REQUIRED_FIELDS: { tr: 'E-posta ve şifre gereklidir.', en: 'E-mail and password are required.' },
  LOGIN_FAILED: { tr: 'E-posta veya şifre hatalı.', en: 'Login failed. Please check your credentials.' },
  LOGIN_SUCCESS: { tr: 'Giriş başarılı.', en: 'Signed in.' },
  LOGOUT_SUCCESS: { tr: 'Çıkış yapıldı.', en: 'Signed out.' },
  SESSION_VALID: { tr: 'Oturum geçerli.', en: 'Session is valid.' },
  EMAIL_REQUIRED: { tr: 'E-posta adresi gereklidir.', en: 'Email address is required' },
  EMAIL_INVALID: { tr: 'Lütfen geçerli bir e-posta adresi girin.', en: 'Please enter a valid email address' },
  PASSWORD_RESET_SENT: {
    tr: 'Bu adres kayıtlıysa şifre sıfırlama bağlantısı gönderildi.',
    en: 'If this address is registered, a password reset link has been sent.',
  },
  PASSWORD_RESET_TOKEN_INVALID: {
    tr: 'Şifre sıfırlama bağlantısı geçersiz veya süresi dolmuş.',
    en: 'The password reset link is invalid or has expired.',
  },
  PASSWORD_RESET_DONE: {
    tr: 'Şifreniz güncellendi. Yeni şifrenizle giriş yapabilirsiniz.',
    en: 'Your password has been updated. You can sign in with your new password.',
  },

  PASSWORD_REQUIRED: { tr: 'Yeni şifre gereklidir', en: 'A new password is required' },
  PASSWORD_TOO_SHORT: { tr: 'Şifre en az 6 karakter olmalı', en: 'Password must be at least 6 characters' },
  PASSWORD_TOO_LONG: { tr: 'Şifre en fazla 128 karakter olabilir', en: 'Password can be at most 128 characters' },
  PASSWORDS_DO_NOT_MATCH: { tr: 'Şifreler eşleşmiyor', en: 'Passwords do not match' },
  PASSWORD_CHANGED: { tr: 'Şifre başarıyla değiştirildi.', en: 'Password changed.' },
  CURRENT_PASSWORD_REQUIRED: { tr: 'Mevcut şifrenizi girin.', en: 'Enter your current password.' },
  CURRENT_PASSWORD_WRONG: { tr: 'Mevcut şifre hatalı.', en: 'The current password is incorrect.' },

  USER_ALL_FIELDS: { tr: 'Tüm alanları doldurun', en: 'Fill in all fields' },
  USER_EDIT_ALL_FIELDS: { tr: 'Tüm alanlar gereklidir', en: 'All fields are required' },
  USER_COMPANY_REQUIRED: { tr: 'Şirket seçin', en: 'Select a company' },
  USER_EMAIL_TAKEN: { tr: 'Bu e-posta adresi zaten kullanılıyor.', en: 'This e-mail address is already in use.' },
  USER_EMAIL_UNAVAILABLE: {
    tr: 'Bu e-posta adresi kullanılamıyor. Lütfen başka bir adres girin.',
    en: 'This e-mail address cannot be used. Please enter another one.',
  },
  USER_EMAIL_CONFUSABLE: {
    tr: 'Bu e-posta adresi kayıtlı bir adrese çok benziyor. Lütfen başka bir adres girin.',
    en: 'This e-mail address looks too much like one already registered. Please use another address.',
  },
  USER_CREATED: { tr: 'Kullanıcı oluşturuldu.', en: 'User created.' },
  USER_UPDATED: { tr: 'Kullanıcı güncellendi.', en: 'User updated.' },
  USER_DELETED: { tr: 'Kullanıcı silindi.', en: 'User deleted.' },
  USER_CANNOT_DELETE_SELF: { tr: 'Kendinizi silemezsiniz.', en: 'You cannot delete yourself.' },
  USER_PROTECTED: { tr: 'Bu kullanıcı korumalıdır.', en: 'This user is protected.' },

  COMPANY_NAME_REQUIRED: { tr: 'Şirket adı gereklidir', en: 'Company name is required' },
  COMPANY_NAME_TAKEN: { tr: '"{name}" adında bir şirket zaten mevcut', en: 'A company named "{name}" already exists' },
  COMPANY_CREATED: { tr: 'Şirket eklendi.', en: 'Company added.' },
  COMPANY_UPDATED: { tr: 'Şirket güncellendi.', en: 'Company updated.' },
  COMPANY_DELETED: { tr: 'Şirket ve ilgili fotoğraflar başarıyla silindi', en: 'Company and its photos deleted' },
  COMPANY_HAS_DEPENDENTS: {
    tr: 'Bu şirketi silmeden önce şirkete ait türbinleri ve kullanıcıları kaldırın. ({turbines} türbin, {users} kullanıcı)',
    en: "Remove the company's turbines and users before deleting it. ({turbines} turbines, {users} users)",
  },
  COMPANY_INTERNAL: { tr: 'Bu şirket silinemez.', en: 'This company cannot be deleted.' },

  TURBINE_INVALID_ID: { tr: 'Geçersiz türbin ID', en: 'Invalid turbine ID' },
  TURBINE_NOT_FOUND: { tr: 'Türbin bulunamadı', en: 'Turbine not found' },
  TURBINE_ROOMS_MIN: { tr: 'Oda sayısı 1 veya daha büyük olmalıdır', en: 'Number of rooms must be 1 or greater' },
  TURBINE_REQUIRED_FIELDS: { tr: 'Şehir, kod ve konum gereklidir', en: 'City, code and location are required' },
  TURBINE_COMPANY_REQUIRED: { tr: 'Lütfen bir şirket seçin', en: 'Please select a company' },
  TURBINE_COORDINATES_INVALID: {
    tr: 'Koordinatlar "enlem,boylam" biçiminde olmalıdır (ör. 38.42,27.14)',
    en: 'Coordinates must be "latitude,longitude" (e.g. 38.42,27.14)',
  },
  TURBINE_CREATED: { tr: 'Türbin eklendi.', en: 'Turbine added.' },
  TURBINE_UPDATED: { tr: 'Türbin güncellendi.', en: 'Turbine updated.' },
  TURBINE_DELETED: { tr: 'Türbin silindi.', en: 'Turbine deleted.' },
  TURBINES_LOADED: { tr: 'Türbinler yüklendi.', en: 'Turbines loaded.' },

  COMMENT_REQUIRED: { tr: 'Yorum boş olamaz.', en: 'The comment cannot be empty.' },
  COMMENT_TOO_LONG: { tr: 'Yorum en fazla 500 karakter olabilir.', en: 'A comment can be at most 500 characters.' },
  COMMENT_ADDED: { tr: 'Yorum eklendi.', en: 'Comment added.' },
  COMMENT_UPDATED: { tr: 'Yorum güncellendi.', en: 'Comment updated.' },
  COMMENT_DELETED: { tr: 'Yorum silindi.', en: 'Comment deleted.' },
  PHOTO_UPLOAD_FIELDS: {
    tr: 'Yükleme için oda, yıl ve kanat (A, B, C) gereklidir; alanlar dosyalardan önce gönderilmelidir.',
    en: 'An upload needs room, year and blade (A, B, C), sent before the files.',
  },
  UPLOAD_MALFORMED: {
    tr: 'Yükleme eksik veya bozuk ulaştı; lütfen tekrar deneyin.',
    en: 'The upload arrived incomplete or malformed; please try again.',
  },
  PHOTO_UPLOAD_NO_FILES: { tr: 'Yüklenecek fotoğraf seçilmedi.', en: 'No photos were selected for upload.' },
  PHOTO_INVALID_NAMES: {
    tr: '{n} dosya geçersiz adlar nedeniyle atlandı: {names}',
    en: '{n} file(s) skipped because of invalid names: {names}',
  },
  PHOTO_DUPLICATE_NAMES: {
    tr: 'Aynı isimde fotoğraflar zaten mevcut: {names}. Lütfen dosyaları yeniden adlandırın veya mevcut fotoğrafları silin.',
    en: 'Photos with the same name already exist: {names}. Please rename the files or delete the existing photos.',
  },
  PHOTO_UNSUPPORTED_TYPE: {
    tr: '{n} dosya desteklenmeyen türde: {names}. Yalnızca JPEG, PNG, WebP, TIFF ve .pcd dosyaları kabul edilir.',
    en: '{n} file(s) of an unsupported type: {names}. Only JPEG, PNG, WebP, TIFF and .pcd files are accepted.',
  },
  PHOTO_TOO_LARGE: {
    tr: '{n} dosya {limit} MB sınırını aşıyor: {names}',
    en: '{n} file(s) over the {limit} MB limit: {names}',
  },
  PHOTO_TOO_MANY_PIXELS: {
    tr: '{n} görüntü {megapixels} megapiksel sınırını aşıyor: {names}',
    en: '{n} image(s) over the {megapixels} megapixel limit: {names}',
  },
  PHOTO_DAMAGED: { tr: '{n} dosya boş veya bozuk: {names}', en: '{n} file(s) empty or damaged: {names}' },
  PHOTOS_UPLOADED: { tr: '{n} fotoğraf başarıyla yüklendi!', en: '{n} photo(s) uploaded successfully!' },
  PHOTOS_LOADED: { tr: 'Fotoğraflar yüklendi.', en: 'Photos loaded.' },
  PHOTO_NOT_FOUND: { tr: 'Fotoğraf bulunamadı.', en: 'Photo not found.' },
  PHOTO_DELETED: { tr: 'Fotoğraf başarıyla silindi.', en: 'Photo deleted successfully.' },
  FILE_LINK_INVALID: {
    tr: 'Dosya bağlantısı geçersiz veya süresi dolmuş.',
    en: 'The file link is invalid or has expired.',
  },
  FILE_NOT_FOUND: { tr: 'Dosya bulunamadı.', en: 'File not found.' },
  FILE_NOT_READY: {
    tr: 'Küçük resim hâlâ hazırlanıyor. Lütfen birkaç saniye sonra tekrar deneyin.',
    en: 'The thumbnail is still being prepared. Please try again in a few seconds.',
  },
  FILE_RANGE_INVALID: { tr: 'İstenen bayt aralığı geçersiz.', en: 'The requested byte range is not satisfiable.' },
  REPORT_UPLOAD_FIELDS: { tr: 'Rapor yüklemek için geçerli bir yıl gereklidir.', en: 'A valid year is required to upload reports.' },
  REPORT_UPLOAD_NO_FILES: { tr: 'Yüklenecek rapor seçilmedi.', en: 'No reports were selected for upload.' },
  REPORT_NOT_PDF: { tr: '{n} dosya PDF formatında değil', en: '{n} file(s) not in PDF format' },
  REPORT_INVALID_NAMES: {
    tr: '{n} PDF dosyası geçersiz isim içeriyor (Türkçe karakter, boşluk vb. kullanmayın)',
    en: '{n} PDF file(s) with invalid names (do not use Turkish characters, spaces, etc.)',
  },
  REPORT_TOO_LARGE: { tr: '{n} rapor {limit} MB sınırını aşıyor', en: '{n} report(s) over the {limit} MB limit' },
  REPORT_FILES_SKIPPED: { tr: 'Bu dosyalar atlandı.', en: 'These files were skipped.' },
  REPORTS_UPLOADED: { tr: '{n} rapor başarıyla yüklendi.', en: '{n} report(s) uploaded successfully.' },
  REPORTS_LOADED: { tr: 'Raporlar yüklendi.', en: 'Reports loaded.' },
  REPORT_NOT_FOUND: { tr: 'Rapor bulunamadı.', en: 'Report not found.' },
  REPORT_DELETED: { tr: 'Rapor başarıyla silindi', en: 'Report deleted successfully' },
  CONTACT_REQUIRED_FIELDS: { tr: 'Ad, konu ve mesaj gereklidir.', en: 'Name, subject and message are required.' },
  CONTACT_SENT: {
    tr: 'Mesajınız gönderildi. En kısa sürede size dönüş yapacağız.',
    en: 'Your message has been sent. We will get back to you soon.',
  },
  CONTACT_FAILED: { tr: 'Mesaj gönderilirken bir hata oluştu', en: 'An error occurred while sending the message' },
} as const satisfies Record<string, { tr: string; en: string }>;

export type MessageCode = keyof typeof MESSAGES;
export const LANGUAGES = ['tr', 'en'] as const;
export type Language = (typeof LANGUAGES)[number];

export function formatMessage(code: MessageCode, lang: Language, params: Record<string, string | number> = {}): string {
  const template: string = MESSAGES[code][lang];
  return template.replace(/\{(\w+)\}/g, (whole, key: string) => (key in params ? String(params[key]) : whole));
}

/** "tr", "tr-TR", "tr;q=0.9,en" -> tr; anything else that names English -> en; nothing usable -> tr (spec: Turkish on error). */
export function languageFromHeader(header: string | undefined | null): Language {
  if (!header) return 'tr';
  const first = header.split(',')[0]?.trim().toLowerCase() ?? '';
  if (first.startsWith('tr')) return 'tr';
  if (first.startsWith('en')) return 'en';
  return 'tr';
}
