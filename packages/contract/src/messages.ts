import { FINDING_STATUS_LABELS, type FindingStatus } from './finding-statuses.ts';
import { controlCharacterMessages } from './text-field-names.ts';

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
  // TEXT_CONTROL_CHARACTERS_<FIELD>: a line break in a single-line field, or another control character, naming the field
  ...controlCharacterMessages(),
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
    tr: 'Çok fazla deneme yapıldı. Lütfen {seconds|wait} sonra tekrar deneyin.',
    en: 'Too many attempts. Please try again in {seconds|wait}.',
  },
  INTERNAL: { tr: 'Sunucu hatası.', en: 'Server error.' },
  REQUEST_TIMEOUT: {
    tr: 'İstek zamanında tamamlanmadı (bağlantı durdu); hiçbir şey kaydedilmedi. Lütfen tekrar deneyin.',
    en: 'The request did not arrive in time (the connection stalled); nothing was saved. Please try again.',
  },
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

  SIGN_IN_LINK_SENT: {
    tr: 'Bu adres kayıtlıysa giriş bağlantısı gönderildi.',
    en: 'If this address is registered, a sign-in link has been sent.',
  },
  SIGN_IN_LINK_INVALID: {
    tr: 'Giriş bağlantısı geçersiz, kullanılmış veya süresi dolmuş.',
    en: 'The sign-in link is invalid, already used or has expired.',
  },

  PASSWORD_REQUIRED: { tr: 'Yeni şifre gereklidir', en: 'A new password is required' },
  PASSWORD_TOO_SHORT: { tr: 'Şifre en az 6 karakter olmalı', en: 'Password must be at least 6 characters' },
  PASSWORD_TOO_LONG: { tr: 'Şifre en fazla 128 karakter olabilir', en: 'Password can be at most 128 characters' },
  PASSWORD_TOO_COMMON: {
    tr: 'Bu şifre en yaygın 10.000 şifreden biri ve kolayca tahmin edilir. Lütfen başka bir şifre seçin.',
    en: 'This password is one of the 10,000 most common passwords and is easy to guess. Please choose another one.',
  },
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
  USER_UPDATED_EMAIL_PENDING: {
    tr: 'Kullanıcı güncellendi. Yeni e-posta adresine bir onay bağlantısı gönderildi; adres onaylanınca değişecek.',
    en: 'User updated. A confirmation link has been sent to the new e-mail address; the address changes once it is confirmed.',
  },
  EMAIL_CHANGE_CANCELLED: { tr: 'Bekleyen e-posta değişikliği iptal edildi.', en: 'The pending e-mail change was cancelled.' },
  EMAIL_CHANGE_LINK_INVALID: {
    tr: 'E-posta onay bağlantısı geçersiz, kullanılmış veya süresi dolmuş.',
    en: 'The e-mail confirmation link is invalid, already used or has expired.',
  },
  EMAIL_CHANGE_ADDRESS_UNAVAILABLE: {
    tr: 'Bu e-posta adresi artık kullanılamıyor; adres değiştirilmedi. Yöneticinizden başka bir adres girmesini isteyin.',
    en: 'This e-mail address can no longer be used; the address was not changed. Ask your administrator to enter another one.',
  },
  EMAIL_CHANGE_DONE: {
    tr: 'E-posta adresiniz değiştirildi. Bundan sonra bu adresle giriş yapabilirsiniz.',
    en: 'Your e-mail address has been changed. From now on, sign in with this address.',
  },
  USER_DELETED: { tr: 'Kullanıcı silindi.', en: 'User deleted.' },
  USER_CANNOT_DELETE_SELF: { tr: 'Kendinizi silemezsiniz.', en: 'You cannot delete yourself.' },
  USER_CANNOT_DEACTIVATE_SELF: {
    tr: 'Kendi hesabınızı pasif yapamazsınız; başka bir yönetici yapabilir.',
    en: 'You cannot deactivate your own account; another administrator can.',
  },
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
  TURBINE_RATED_POWER_INVALID: {
    tr: 'Nominal güç 0 ile 30.000 kW arasında bir sayı olmalıdır',
    en: 'Rated power must be a number above 0 and at most 30,000 kW',
  },
  TURBINE_HUB_HEIGHT_INVALID: {
    tr: 'Göbek yüksekliği 0 ile 300 m arasında bir sayı olmalıdır',
    en: 'Hub height must be a number above 0 and at most 300 m',
  },
  TURBINE_ROTOR_DIAMETER_INVALID: {
    tr: 'Rotor çapı 0 ile 400 m arasında bir sayı olmalıdır',
    en: 'Rotor diameter must be a number above 0 and at most 400 m',
  },
  TURBINE_BLADE_LENGTH_INVALID: {
    tr: 'Kanat uzunluğu 0 ile 200 m arasında bir sayı olmalıdır',
    en: 'Blade length must be a number above 0 and at most 200 m',
  },
  TURBINE_COMMISSIONING_DATE_INVALID: {
    tr: 'İşletmeye alma tarihi 1950 ile 2100 arasında geçerli bir tarih olmalıdır (YYYY-AA-GG)',
    en: 'Commissioning date must be a valid date between 1950 and 2100 (YYYY-MM-DD)',
  },
  TURBINE_IMPORT_FILE_INVALID: {
    tr: 'Dosya okunamadı: bir CSV veya XLSX tablosu seçin (ilk satır sütun başlıkları).',
    en: 'The file could not be read: choose a CSV or XLSX table (the first row holds the column headings).',
  },
  TURBINE_IMPORT_FILE_MISSING: { tr: 'Lütfen içe aktarılacak bir dosya seçin.', en: 'Please choose a file to import.' },
  TURBINE_IMPORT_FILE_TOO_LARGE: {
    tr: 'Dosya çok büyük: en fazla {megabytes} MB içe aktarılabilir.',
    en: 'The file is too large: at most {megabytes} MB can be imported.',
  },
  TURBINE_IMPORT_NO_CODE_COLUMN: {
    tr: 'Dosyada "Kod" sütunu yok: her satır türbinini koduyla bulur.',
    en: 'The file has no "Code" column: each row finds its turbine by its code.',
  },
  TURBINE_IMPORT_EMPTY: { tr: 'Dosyada içe aktarılacak satır yok.', en: 'The file has no rows to import.' },
  TURBINE_IMPORT_TOO_MANY_ROWS: {
    tr: 'Dosyada çok fazla satır var: en fazla {max} satır içe aktarılabilir.',
    en: 'The file has too many rows: at most {max} rows can be imported.',
  },
  TURBINE_IMPORT_DUPLICATE_CODE: {
    tr: 'Bu kod dosyada birden fazla satırda var (satır {lines}); her türbin bir kez yer almalı.',
    en: 'This code appears on more than one row of the file (rows {lines}); each turbine must appear once.',
  },
  TURBINE_IMPORT_OTHER_COMPANY: {
    tr: 'Bu satır başka bir şirketi gösteriyor; bu içe aktarma yalnızca {company} türbinlerini ekler veya değiştirir.',
    en: 'This row names another company; this import only adds or changes turbines of {company}.',
  },
  TURBINE_IMPORT_STATUS_UNKNOWN: {
    tr: 'Bilinmeyen durum "{value}". Geçerli durumlar: {statuses}.',
    en: 'Unknown status "{value}". Valid statuses: {statuses}.',
  },
  TURBINE_IMPORT_UPDATE_FORBIDDEN: {
    tr: 'Bu kodla bir türbin zaten var ve var olan türbinleri yalnızca süper yönetici değiştirebilir.',
    en: 'A turbine with this code already exists, and only a superadmin can change existing turbines.',
  },
  TURBINE_IMPORT_REFUSED_ROWS: {
    tr: '{count} satır reddedildi; hiçbir şey içe aktarılmadı. Satırları düzeltip tekrar deneyin.',
    en: '{count} rows were refused; nothing was imported. Correct the rows and try again.',
  },
  TURBINE_IMPORT_CHECKED: {
    tr: 'Dosya kontrol edildi; henüz hiçbir şey değişmedi.',
    en: 'The file was checked; nothing has changed yet.',
  },
  TURBINE_IMPORTED: {
    tr: '{created} türbin eklendi, {updated} türbin güncellendi.',
    en: '{created} turbines added, {updated} turbines updated.',
  },
  TURBINE_CODE_TAKEN: {
    tr: '"{code}" kodlu bir türbin bu şirkette zaten var.',
    en: 'This company already has a turbine with the code "{code}".',
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
  PHOTO_ROOM_BEYOND_TURBINE: {
    tr: 'Bu türbinin {rooms} odası var; {room}. odaya fotoğraf yüklenemez. Bir yönetici türbini düzenleyerek oda sayısını artırabilir.',
    en: 'This turbine has {rooms} rooms, so no photo can go to room {room}. A manager can raise the number of rooms by editing the turbine.',
  },
  UPLOAD_MALFORMED: {
    tr: 'Yükleme eksik veya bozuk ulaştı; lütfen tekrar deneyin.',
    en: 'The upload arrived incomplete or malformed; please try again.',
  },
  UPLOADS_AT_ONCE: {
    tr: 'Aynı anda en fazla {limit} yükleme yapılabilir. Süren yüklemelerin bitmesini bekleyip tekrar deneyin.',
    en: 'At most {limit} uploads can run at once. Wait for the running ones to finish, then try again.',
  },
  UPLOADS_OPEN_TOO_MANY: {
    tr: 'En fazla {limit} yarım kalmış yükleme açık tutulabilir. Süren yüklemelerin bitmesini bekleyin veya bazılarını iptal edip tekrar deneyin.',
    en: 'At most {limit} unfinished uploads can be open at a time. Wait for the running ones to finish, or cancel some, then try again.',
  },
  UPLOADS_OPEN_TOO_MANY_BYTES: {
    tr: 'Yarım kalmış yüklemeler toplamda en fazla {gb} GB olabilir. Süren yüklemelerin bitmesini bekleyin veya bazılarını iptal edip tekrar deneyin.',
    en: 'Unfinished uploads can total at most {gb} GB. Wait for the running ones to finish, or cancel some, then try again.',
  },
  UPLOAD_TOO_MANY_FILES: {
    tr: 'Bir yüklemede en fazla {limit} dosya gönderilebilir; hiçbir dosya kaydedilmedi. Dosyaları daha küçük gruplar halinde yükleyin.',
    en: 'One upload can carry at most {limit} files; nothing was saved. Upload the files in smaller groups.',
  },
  UPLOAD_TOO_MANY_BYTES: {
    tr: 'Bir yükleme en fazla {limit} GB olabilir; hiçbir dosya kaydedilmedi. Dosyaları daha küçük gruplar halinde yükleyin.',
    en: 'One upload can be at most {limit} GB; nothing was saved. Upload the files in smaller groups.',
  },
  UPLOAD_HOURLY_QUOTA: {
    tr: 'Saatlik yükleme sınırına ulaşıldı (saatte {files} dosya, {gb} GB); bu yüklemeden hiçbir dosya kaydedilmedi. Lütfen daha sonra tekrar deneyin.',
    en: 'The hourly upload limit is reached ({files} files, {gb} GB per hour); nothing of this upload was saved. Please try again later.',
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
  PHOTO_WRONG_EXTENSION: {
    tr: '{n} dosyanın adı içeriğiyle uyuşmuyor: {names}. Fotoğraflar .jpg, .jpeg, .png, .webp, .tif veya .tiff, nokta bulutları .pcd uzantısıyla yüklenmelidir.',
    en: '{n} file(s) whose name does not match the content: {names}. Photos must end in .jpg, .jpeg, .png, .webp, .tif or .tiff, point clouds in .pcd.',
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
  TUS_UPLOAD_NOT_FOUND: {
    tr: 'Yükleme bulunamadı; dosyayı yeniden yükleyin.',
    en: 'Upload not found; upload the file again.',
  },
  TUS_UPLOAD_EXPIRED: {
    tr: 'Yükleme zamanında tamamlanmadığı için silindi; dosyayı yeniden yükleyin.',
    en: 'The upload was not finished in time and has been removed; upload the file again.',
  },
  TUS_OFFSET_MISMATCH: {
    tr: 'Yüklemenin kaldığı yer değişti; yükleme sunucudaki son konumdan sürdürülmeli.',
    en: 'The upload is at another position on the server; resume it from there.',
  },
  TUS_UPLOAD_BUSY: {
    tr: 'Bu yükleme başka bir istek tarafından sürdürülüyor; biraz sonra tekrar deneyin.',
    en: 'Another request is working on this upload; try again in a moment.',
  },
  TUS_UPLOAD_FINISHING: {
    tr: 'Dosyanın tamamı alındı ve denetleniyor; sonucu birazdan görünecek.',
    en: 'The whole file has arrived and is being checked; its result will show shortly.',
  },
  TUS_BAD_REQUEST: {
    tr: 'Yükleme isteği geçersiz (eksik veya hatalı başlık).',
    en: 'The upload request is invalid (a header is missing or wrong).',
  },
  TUS_LENGTH_REQUIRED: {
    tr: 'Yüklemeye başlamadan önce dosyanın boyutu bildirilmelidir.',
    en: 'The file size must be given before the upload starts.',
  },
  TUS_BODY_TOO_LARGE: {
    tr: 'Gönderilen veri, yüklemenin bildirilen boyutunu aşıyor.',
    en: 'The data sent goes past the declared size of the upload.',
  },
  TUS_VERSION_UNSUPPORTED: {
    tr: 'Yükleme isteğinin protokol sürümü desteklenmiyor; sunucu tus {version} kullanır. Sayfayı yenileyip tekrar deneyin.',
    en: 'The upload request’s protocol version is not supported; the server speaks tus {version}. Reload the page and try again.',
  },
  TUS_CONTENT_TYPE: {
    tr: 'Yükleme parçaları application/offset+octet-stream türüyle gönderilmelidir.',
    en: 'Upload pieces must be sent as application/offset+octet-stream.',
  },
  TUS_METADATA_FIELD: {
    tr: 'Yükleme bilgilerinde {field|uploadField} eksik veya geçersiz.',
    en: 'The upload’s {field|uploadField} is missing or invalid.',
  },
  TUS_FILENAME_TOO_LONG: {
    tr: 'Dosya adı en fazla {limit} karakter olabilir; dosyayı daha kısa bir adla yükleyin.',
    en: 'A file name can be at most {limit} characters; upload the file under a shorter name.',
  },
  TUS_PLACEMENT_INVALID: {
    tr: 'Yükleme bilgilerindeki yıl, kanat ve oda (ya da kategori) bu türbine uymuyor.',
    en: 'The upload’s year, blade and room (or category) do not fit this turbine.',
  },
  TUS_OUTCOME_LOADED: { tr: 'Yüklemenin durumu alındı.', en: 'Upload status loaded.' },
  PHOTO_HASHES_CHECKED: {
    tr: '{n} dosya bu türbinde zaten mevcut.',
    en: '{n} file(s) already on this turbine.',
  },
  COVERAGE_LOADED: { tr: 'Fotoğraf kapsamı yüklendi.', en: 'Photo coverage loaded.' },
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
  REPORT_WRONG_EXTENSION: { tr: '{n} PDF dosyasının adı .pdf ile bitmiyor', en: '{n} PDF file(s) whose name does not end in .pdf' },
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
  // generated reports (issue 17)
  REPORT_LANGUAGE_INVALID: {
    tr: 'Rapor dili Türkçe (tr) veya İngilizce (en) olmalıdır.',
    en: 'The report language must be Turkish (tr) or English (en).',
  },
  REPORT_GENERATION_STARTED: { tr: 'Rapor oluşturuluyor.', en: 'The report is being generated.' },
  REPORT_GENERATION_RUNNING: {
    tr: 'Bu rapor zaten oluşturuluyor; yeni bir iş başlatılmadı, süren işin ilerlemesi gösteriliyor.',
    en: 'This report is already being generated; no new job was started, the running one is shown.',
  },
  REPORT_UNCHANGED: {
    tr: 'Rapor {since|datetime} tarihinden beri değişmedi; o revizyon kullanılıyor. Yeni tarihli bir revizyon için “Yeni düzenleme tarihi” seçeneğini işaretleyin.',
    en: 'The report is unchanged since {since|datetime}; that revision is used. Tick “New issue date” for a revision with today’s date.',
  },
  REPORT_JOB_LOADED: { tr: 'Rapor durumu yüklendi.', en: 'Report status loaded.' },
  REPORT_CAMPAIGN_EMPTY: {
    tr: 'Bu kampanyada türbin yok; önce kampanyaya türbin ekleyin.',
    en: 'This campaign has no turbines; add turbines to it first.',
  },
  REPORT_JOB_NOT_FOUND: { tr: 'Rapor işi bulunamadı.', en: 'Report job not found.' },
  REPORT_GENERATION_FAILED: {
    tr: 'Rapor oluşturulamadı. Lütfen tekrar deneyin; sorun sürerse yöneticinize bildirin.',
    en: 'The report could not be generated. Please try again; if it keeps failing, tell your administrator.',
  },
  REPORT_GENERATION_STORAGE_FAILED: {
    tr: 'Rapor kaydedilemedi: dosya deposu şu anda yazılamıyor. Lütfen daha sonra tekrar deneyin.',
    en: 'The report could not be saved: file storage cannot be written right now. Please try again later.',
  },
  REPORT_GENERATION_TURBINE_GONE: {
    tr: 'Rapor oluşturulamadı: türbin silinmiş.',
    en: 'The report could not be generated: the turbine was deleted.',
  },
  // findings (DECISIONS §12)
  FINDINGS_LOADED: { tr: 'Bulgular yüklendi.', en: 'Findings loaded.' },
  FINDING_NOT_FOUND: { tr: 'Bulgu bulunamadı.', en: 'Finding not found.' },
  FINDING_OBSERVATION_NOT_FOUND: { tr: 'Gözlem bulunamadı.', en: 'Observation not found.' },
  FINDING_CREATED: { tr: 'Bulgu kaydedildi.', en: 'Finding saved.' },
  FINDING_UPDATED: { tr: 'Bulgu güncellendi.', en: 'Finding updated.' },
  FINDING_DELETED: { tr: 'Bulgu silindi.', en: 'Finding deleted.' },
  FINDING_STATUS_CHANGED: { tr: 'Bulgu durumu güncellendi.', en: 'Finding status updated.' },
  FINDING_OBSERVATION_ADDED: { tr: 'Gözlem eklendi.', en: 'Observation added.' },
  FINDING_OBSERVATION_REMOVED: { tr: 'Gözlem kaldırıldı.', en: 'Observation removed.' },
  FINDING_GEOMETRY_INVALID: {
    tr: 'İşaretlenen alan geçersiz: dikdörtgen veya elips iki köşe, çokgen 3 ile 64 nokta, nokta tek nokta olmalı ve görüntünün içinde kalmalıdır.',
    en: 'The marked area is invalid: a rectangle or ellipse needs two corners, a polygon 3 to 64 points, a point one point, all inside the image.',
  },
  FINDING_GEOMETRY_SPACE: {
    tr: '360° panoramalarda yalnızca küre üzerindeki noktalar, diğer fotoğraflarda yalnızca görüntü üzerindeki noktalar kullanılabilir.',
    en: '360° panoramas take points on the sphere; other photos take points on the image.',
  },
  FINDING_SEVERITY_INVALID: { tr: 'Önem derecesi 1 ile 5 arasında olmalıdır.', en: 'Severity must be between 1 and 5.' },
  FINDING_TYPE_INVALID: { tr: 'Geçerli bir hasar türü seçin.', en: 'Select a valid damage type.' },
  FINDING_SURFACE_INVALID: { tr: 'Geçerli bir yüzey seçin.', en: 'Select a valid surface.' },
  FINDING_BLADE_INVALID: { tr: 'Kanat A, B veya C olmalıdır.', en: 'The blade must be A, B or C.' },
  FINDING_ROOM_REQUIRED: {
    tr: 'İç yüzey bulguları için 1 ile 25 arasında bir oda seçin.',
    en: 'Interior findings need a room from 1 to 25.',
  },
  FINDING_ROOM_BEYOND_TURBINE: {
    tr: 'Bu türbinin {rooms} odası var; bulgu {room}. odaya konamaz. Bir yönetici türbini düzenleyerek oda sayısını artırabilir.',
    en: 'This turbine has {rooms} rooms, so no finding can be in room {room}. A manager can raise the number of rooms by editing the turbine.',
  },
  TURBINE_ROOMS_BELOW_USED: {
    tr: 'Bu türbinin {room}. odasında fotoğraf veya bulgu var; oda sayısı en az {room} olmalıdır ({rooms} olamaz).',
    en: 'Room {room} of this turbine has photos or findings, so it needs at least {room} rooms (not {rooms}).',
  },
  FINDING_NOTES_TOO_LONG: { tr: 'Notlar en fazla 2.000 karakter olabilir.', en: 'Notes can be at most 2,000 characters.' },
  FINDING_FIELD_INVALID: {
    tr: 'Kökten uzaklık, boyutlar veya derinlik sınıfı geçersiz.',
    en: 'The distance from the root, the sizes or the depth class are invalid.',
  },
  FINDING_DUE_DATE_INVALID: {
    tr: 'Son tarih geçerli bir tarih olmalıdır (YYYY-AA-GG).',
    en: 'The due date must be a valid date (YYYY-MM-DD).',
  },
  FINDING_STATUS_INVALID: { tr: 'Geçersiz bulgu durumu.', en: 'Invalid finding status.' },
  FINDING_FILTER_INVALID: { tr: 'Bulgu filtresi veya sıralaması geçersiz.', en: 'The findings filter or sort is invalid.' },
  FINDING_PHOTO_OTHER_TURBINE: {
    tr: 'Fotoğraf bu türbine ait değil; bulgular yalnızca aynı türbinin fotoğraflarında işaretlenebilir.',
    en: 'The photo belongs to another turbine; findings are marked on photos of the same turbine only.',
  },
  FINDING_PHOTO_NOT_IMAGE: { tr: 'Bulgular yalnızca görüntüler üzerinde işaretlenebilir.', en: 'Findings can be marked on images only.' },
  FINDING_STALE: {
    tr: 'Bu bulgu siz düzenlerken başka biri tarafından değiştirildi. Sayfayı yenileyip tekrar deneyin.',
    en: 'Someone else changed this finding while you were editing it. Reload and try again.',
  },
  FINDING_TRANSITION_INVALID: {
    tr: '"{from|status}" durumundaki bir bulgu "{to|status}" durumuna geçirilemez.',
    en: 'A finding that is "{from|status}" cannot be moved to "{to|status}".',
  },
  FINDING_OWN_REVIEW: {
    tr: 'Kendi kaydettiğiniz bulguyu onaylayamaz veya reddedemezsiniz; ikinci bir kişi incelemelidir.',
    en: 'You cannot confirm or reject a finding you recorded; a second person must review it.',
  },
  FINDING_OWN_REPAIR_VERIFY: {
    tr: 'Onarıldı olarak işaretlediğiniz bir bulguyu doğrulayamazsınız; ikinci bir kişi doğrulamalıdır.',
    en: 'You cannot verify a repair you marked yourself; a second person must verify it.',
  },
  FINDING_REPAIR_EVIDENCE_REQUIRED: {
    tr: 'Onarıldı olarak işaretlemek için en az bir onarım kanıtı fotoğrafı ekleyin.',
    en: 'Add at least one repair evidence photo before marking it repaired.',
  },
  FINDING_LINKED: {
    tr: 'Gözlemler önceki bulguya bağlandı.',
    en: 'The sightings were linked to the earlier finding.',
  },
  FINDING_LINK_DISMISSED: { tr: 'Öneri kapatıldı; bir daha önerilmeyecek.', en: 'Suggestion dismissed; it will not be offered again.' },
  FINDING_LINK_SELF: { tr: 'Bir bulgu kendisine bağlanamaz.', en: 'A finding cannot be linked to itself.' },
  FINDING_LINK_NOT_EARLIER: {
    tr: 'Yalnızca bu bulgudan önceki bir yılda görülmüş bir bulguya bağlanabilir.',
    en: 'A finding can only be linked to one last seen in an earlier year.',
  },
  FINDING_LINK_OTHER_PLACE: {
    tr: 'Yalnızca aynı kanat ve yüzeydeki (iç yüzeyde aynı odadaki) bir bulguya bağlanabilir.',
    en: 'A finding can only be linked to one on the same blade and surface (the same room inside).',
  },
  FINDING_LINK_REJECTED: {
    tr: 'Reddedilmiş bir bulgu bağlanamaz ve reddedilmiş bir bulguya bağlanılamaz.',
    en: 'A rejected finding cannot be linked, nor can anything be linked to one.',
  },
  FINDING_LINK_REVIEW_REQUIRED: {
    tr: 'İncelenmiş bir bulguyu veya başkasının taslağını yalnızca bir inceleyici (yazarı olmayan bir yönetici) bağlayabilir.',
    en: 'Only a reviewer (a manager who is not its author) can link a reviewed finding or someone else’s draft.',
  },
  FINDING_REPAIR_EVIDENCE_KEPT: {
    tr: 'Bu onarım kanıtı, onarılmış veya doğrulanmış bir bulguya ait ve kaldırılamaz. Önce bulguyu yeniden açın veya onarımı kabul etmeyip "Onarım planlandı" durumuna geri alın.',
    en: 'This repair evidence belongs to a repaired or verified finding and cannot be removed. Reopen the finding, or send the repair back to "Repair planned", first.',
  },
  FINDING_LINK_INVALID: {
    tr: 'Konum geçersiz: kanat, yüzey, kökten uzaklık, tür ve yıl gerekli (iç yüzeyde oda da).',
    en: 'Invalid placement: blade, surface, distance from root, type and year are needed (and the room for the interior).',
  },
  NOTIFICATION_NOT_FOUND: { tr: 'Bildirim bulunamadı.', en: 'Notification not found.' },
  NOTIFICATIONS_READ: { tr: 'Bildirimler okundu olarak işaretlendi.', en: 'Notifications marked as read.' },
  NOTIFICATION_SETTINGS_SAVED: { tr: 'Bildirim ayarları kaydedildi.', en: 'Notification settings saved.' },
  AUDIT_FILTER_INVALID: { tr: 'Denetim kaydı filtresi geçersiz.', en: 'The audit log filter is invalid.' },
  MAIL_RETRY_QUEUED: { tr: 'E-posta yeniden gönderilmek üzere sıraya alındı.', en: 'The e-mail was queued to be sent again.' },
  // webhooks (DECISIONS §17)
  WEBHOOK_URL_INVALID: {
    tr: 'Geçerli bir adres yazın (https://… ile başlayan, kullanıcı adı ve şifre içermeyen).',
    en: 'Enter a valid address (starting with https://, without a user name or password).',
  },
  WEBHOOK_URL_NOT_HTTPS: { tr: 'Webhook adresi https:// ile başlamalı.', en: 'The webhook address must start with https://.' },
  WEBHOOK_URL_PRIVATE: {
    tr: 'Bu adres özel, yerel veya bağlantı-yerel bir ağa çıkıyor; webhook oraya gönderilemez.',
    en: 'This address leads to a private, loopback or link-local network; webhooks cannot be sent there.',
  },
  WEBHOOK_URL_UNRESOLVED: {
    tr: 'Bu adresin sunucusu bulunamadı. Adresi kontrol edin.',
    en: 'The server of this address could not be found. Check the address.',
  },
  WEBHOOK_EVENTS_REQUIRED: { tr: 'En az bir olay seçin.', en: 'Choose at least one event.' },
  WEBHOOK_EVENTS_INVALID: { tr: 'Olay listesi geçersiz.', en: 'The list of events is invalid.' },
  WEBHOOK_ACTIVE_INVALID: { tr: 'Etkinlik durumu geçersiz.', en: 'The active setting is invalid.' },
  WEBHOOK_LIMIT_REACHED: {
    tr: 'Bir firmanın en fazla {limit} webhook’u olabilir.',
    en: 'A company can have at most {limit} webhooks.',
  },
  WEBHOOK_NOT_FOUND: { tr: 'Webhook bulunamadı.', en: 'Webhook not found.' },
  WEBHOOK_CREATED: {
    tr: 'Webhook eklendi. İmza anahtarını şimdi kopyalayın: bir daha gösterilmeyecek.',
    en: 'Webhook created. Copy the signing secret now: it will not be shown again.',
  },
  WEBHOOK_SAVED: { tr: 'Webhook kaydedildi.', en: 'Webhook saved.' },
  WEBHOOK_DELETED: { tr: 'Webhook silindi.', en: 'Webhook deleted.' },
  WEBHOOK_SECRET_ROTATED: {
    tr: 'Yeni imza anahtarı oluşturuldu. Şimdi kopyalayın: bir daha gösterilmeyecek. Eski anahtar artık kullanılmıyor.',
    en: 'A new signing secret was made. Copy it now: it will not be shown again. The old secret is no longer used.',
  },
  WEBHOOK_TEST_QUEUED: { tr: 'Deneme olayı gönderilmek üzere sıraya alındı.', en: 'The test event was queued to be sent.' },
  WEBHOOK_INACTIVE: {
    tr: 'Webhook kapalı. Deneme olayı göndermek için önce açın.',
    en: 'The webhook is switched off. Switch it on to send a test event.',
  },
  // personal API tokens (DECISIONS §17)
  API_TOKEN_NAME_REQUIRED: { tr: 'Anahtar için bir ad yazın.', en: 'Enter a name for the token.' },
  API_TOKEN_NAME_TOO_LONG: { tr: 'Anahtar adı en fazla 100 karakter olabilir.', en: 'The token name can be at most 100 characters.' },
  API_TOKEN_SCOPE_INVALID: { tr: 'Yetki "okuma" veya "okuma-yazma" olmalı.', en: 'The scope must be "read" or "read-write".' },
  API_TOKEN_EXPIRY_INVALID: {
    tr: 'Geçerlilik süresi 1 ile 365 gün arasında olmalı.',
    en: 'The lifetime must be between 1 and 365 days.',
  },
  API_TOKEN_LIMIT_REACHED: {
    tr: 'En fazla {limit} etkin API anahtarınız olabilir. Yenisini oluşturmadan önce birini iptal edin.',
    en: 'You can have at most {limit} active API tokens. Revoke one before creating another.',
  },
  API_TOKEN_CREATED: {
    tr: 'API anahtarı oluşturuldu. Şimdi kopyalayın: bir daha gösterilmeyecek.',
    en: 'API token created. Copy it now: it will not be shown again.',
  },
  API_TOKEN_REVOKED: { tr: 'API anahtarı iptal edildi.', en: 'API token revoked.' },
  API_TOKEN_NOT_FOUND: { tr: 'API anahtarı bulunamadı.', en: 'API token not found.' },
  API_TOKEN_INVALID: {
    tr: 'API anahtarı geçersiz, süresi dolmuş veya iptal edilmiş.',
    en: 'The API token is invalid, expired or revoked.',
  },
  API_TOKEN_READ_ONLY: {
    tr: 'Bu API anahtarı yalnızca okuma yetkisine sahip; değişiklik yapamaz.',
    en: 'This API token is read-only; it cannot make changes.',
  },
  API_TOKEN_NOT_ALLOWED: {
    tr: 'Bu işlem API anahtarıyla yapılamaz; uygulamada oturum açarak yapın.',
    en: 'This cannot be done with an API token; sign in to the app to do it.',
  },
  API_TOKEN_RATE_LIMITED: {
    tr: 'Bu API anahtarıyla çok fazla istek yapıldı. Lütfen {seconds|wait} sonra tekrar deneyin.',
    en: 'Too many requests with this API token. Please try again in {seconds|wait}.',
  },
  // share links (DECISIONS §17)
  SHARE_LINK_LABEL_REQUIRED: { tr: 'Bağlantı için bir etiket yazın.', en: 'Enter a label for the link.' },
  SHARE_LINK_LABEL_TOO_LONG: { tr: 'Etiket en fazla 100 karakter olabilir.', en: 'The label can be at most 100 characters.' },
  SHARE_LINK_EXPIRY_INVALID: {
    tr: 'Geçerlilik süresi 1 ile 90 gün arasında olmalı.',
    en: 'The lifetime must be between 1 and 90 days.',
  },
  SHARE_LINK_PASSWORD_INVALID: {
    tr: 'Bağlantı şifresi 6 ile 128 karakter arasında olmalı.',
    en: 'The link password must be between 6 and 128 characters.',
  },
  SHARE_LINK_KIND_INVALID: { tr: 'Paylaşılacak içerik bir rapor ya da bulgular olmalı.', en: 'Share either a report or findings.' },
  SHARE_LINK_REPORT_REQUIRED: { tr: 'Paylaşılacak raporu seçin.', en: 'Choose the report to share.' },
  SHARE_LINK_FINDINGS_REQUIRED: { tr: 'Paylaşılacak en az bir bulgu seçin.', en: 'Choose at least one finding to share.' },
  SHARE_LINK_FINDING_NOT_SHAREABLE: {
    tr: 'Yalnızca bu türbinin onaylanmış bulguları paylaşılabilir; taslak ve reddedilmiş bulgular paylaşılamaz.',
    en: "Only this turbine's confirmed findings can be shared; drafts and rejected findings cannot.",
  },
  SHARE_LINK_PHOTO_NOT_SHAREABLE: {
    tr: 'Yalnızca seçilen bulguların gözlem fotoğrafları paylaşılabilir.',
    en: 'Only photos on which the chosen findings were seen can be shared.',
  },
  SHARE_LINK_CREATED: {
    tr: 'Paylaşım bağlantısı oluşturuldu. Şimdi kopyalayın: bir daha gösterilmeyecek.',
    en: 'Share link created. Copy it now: it will not be shown again.',
  },
  SHARE_LINK_REVOKED: { tr: 'Paylaşım bağlantısı iptal edildi.', en: 'Share link revoked.' },
  SHARE_LINK_NOT_FOUND: { tr: 'Paylaşım bağlantısı bulunamadı.', en: 'Share link not found.' },
  SHARE_LINK_INVALID: { tr: 'Bağlantı geçerli değil.', en: 'This link is not valid.' },
  SHARE_LINK_PASSWORD_REQUIRED: { tr: 'Bu bağlantı şifreyle korunuyor.', en: 'This link is protected by a password.' },
  SHARE_LINK_PASSWORD_WRONG: { tr: 'Şifre yanlış.', en: 'The password is wrong.' },
  FINDING_REASON_REQUIRED: { tr: 'Bu işlem için bir gerekçe yazın.', en: 'Write a reason for this change.' },
  FINDING_LAST_OBSERVATION: {
    tr: 'Bulgunun son gözlemi kaldırılamaz; bulguyu silin.',
    en: "The finding's last observation cannot be removed; delete the finding instead.",
  },
  PHOTO_HAS_FINDINGS: {
    tr: 'Bu fotoğraf bulgularda kullanılıyor ({findings}). Önce bu gözlemleri kaldırın.',
    en: 'This photo is used by findings ({findings}). Remove those observations first.',
  },
  // inspection campaigns (issue 17)
  CAMPAIGNS_LOADED: { tr: 'Kampanyalar yüklendi.', en: 'Campaigns loaded.' },
  CAMPAIGN_LOADED: { tr: 'Kampanya yüklendi.', en: 'Campaign loaded.' },
  CAMPAIGN_CREATED: { tr: 'Kampanya oluşturuldu.', en: 'Campaign created.' },
  CAMPAIGN_UPDATED: { tr: 'Kampanya güncellendi.', en: 'Campaign updated.' },
  CAMPAIGN_DELETED: { tr: 'Kampanya silindi.', en: 'Campaign deleted.' },
  CAMPAIGN_NOT_FOUND: { tr: 'Kampanya bulunamadı.', en: 'Campaign not found.' },
  CAMPAIGN_INVALID_ID: { tr: 'Geçersiz kampanya numarası.', en: 'Invalid campaign id.' },
  CAMPAIGN_NAME_REQUIRED: { tr: 'Kampanya adı gereklidir.', en: 'A campaign name is required.' },
  CAMPAIGN_NAME_TOO_LONG: { tr: 'Kampanya adı en fazla 120 karakter olabilir.', en: 'A campaign name is at most 120 characters.' },
  CAMPAIGN_YEAR_INVALID: { tr: 'Geçerli bir yıl seçin (2000-2100).', en: 'Choose a valid year (2000-2100).' },
  CAMPAIGN_METHODS_REQUIRED: {
    tr: 'En az bir yöntem seçin (drone, halat erişimli operatör, robot, iç 360°); her yöntem bir kez.',
    en: 'Choose at least one method (drone, rope-access operator, robot, internal 360°), each once.',
  },
  CAMPAIGN_DATES_INVALID: { tr: 'Planlanan tarihler geçerli tarihler olmalıdır.', en: 'The planned dates must be valid dates.' },
  CAMPAIGN_DATES_ORDER: { tr: 'Bitiş tarihi başlangıç tarihinden önce olamaz.', en: 'The end date cannot be before the start date.' },
  CAMPAIGN_TURBINES_REQUIRED: { tr: 'Kampanyaya en az bir türbin ekleyin.', en: 'Add at least one turbine to the campaign.' },
  CAMPAIGN_TURBINES_TOO_MANY: { tr: 'Bir kampanyada en fazla 500 türbin olabilir.', en: 'A campaign holds at most 500 turbines.' },
  CAMPAIGN_TURBINE_NOT_FOUND: {
    tr: 'Seçilen türbinlerden biri bulunamadı: {id}.',
    en: 'One of the chosen turbines was not found: {id}.',
  },
  CAMPAIGN_TURBINE_OTHER_COMPANY: {
    tr: 'Türbin {code} kampanyanın şirketine ait değil; yalnızca aynı şirketin türbinleri eklenebilir.',
    en: "Turbine {code} does not belong to the campaign's company; only that company's turbines can be added.",
  },
  CAMPAIGN_COMPANY_REQUIRED: { tr: 'Kampanya için bir şirket seçin.', en: 'Choose a company for the campaign.' },
  CAMPAIGN_WAIVER_CELL_INVALID: {
    tr: 'Muaf tutulacak hücre geçersiz: bir yöntem, isterseniz kanat ve (yalnızca iç 360° için) oda seçin.',
    en: 'The cell to waive is not valid: choose a method, optionally a blade and (internal 360° only) a room.',
  },
  CAMPAIGN_WAIVER_METHOD_NOT_PLANNED: {
    tr: 'Bu yöntem kampanyada planlanmamış.',
    en: 'This method is not planned in the campaign.',
  },
  CAMPAIGN_WAIVER_TURBINE_NOT_IN_SCOPE: {
    tr: 'Bu türbin kampanyanın kapsamında değil.',
    en: 'This turbine is not in the campaign.',
  },
  CAMPAIGN_WAIVER_EXISTS: { tr: 'Bu hücre zaten muaf tutulmuş.', en: 'This cell is already waived.' },
  CAMPAIGN_WAIVER_REASON_REQUIRED: { tr: 'Muafiyet için bir gerekçe yazın.', en: 'Write a reason for the waiver.' },
  CAMPAIGN_WAIVER_REASON_TOO_LONG: { tr: 'Gerekçe en fazla 500 karakter olabilir.', en: 'A reason is at most 500 characters.' },
  CAMPAIGN_WAIVER_ADDED: { tr: 'Muafiyet kaydedildi.', en: 'Waiver recorded.' },
  CAMPAIGN_WAIVER_REMOVED: { tr: 'Muafiyet kaldırıldı (geçmişte duruyor).', en: 'Waiver removed (kept in the history).' },
  CAMPAIGN_WAIVER_NOT_FOUND: { tr: 'Muafiyet bulunamadı.', en: 'Waiver not found.' },
  SETUP_TOKEN_INVALID: {
    tr: 'Kurulum anahtarı geçersiz. Sunucunun başlarken yazdığı kurulum adresini ya da DATA_DIR/setup-token dosyasındaki anahtarı kullanın.',
    en: 'The setup key is not valid. Use the setup address the server printed when it started, or the key in DATA_DIR/setup-token.',
  },
  SETUP_NOT_AVAILABLE: {
    tr: 'Bu Windscope zaten kurulmuş; kurulum sayfası artık kullanılamaz. Hesabınızla giriş yapın.',
    en: 'This Windscope is already set up; the setup page is no longer available. Sign in with your account.',
  },
  SETUP_ALREADY_DONE: {
    tr: 'Kurulum az önce başka bir yerden tamamlandı. Hesabınızla giriş yapın.',
    en: 'Setup was just completed elsewhere. Sign in with your account.',
  },
  SETUP_RATE_LIMITED: {
    tr: 'Bu adresten çok fazla yanlış kurulum anahtarı denendi. Lütfen {seconds|wait} sonra, sunucunun başlarken yazdığı kurulum adresiyle tekrar deneyin (anahtar DATA_DIR/setup-token dosyasında).',
    en: 'Too many wrong setup keys from this address. Please try again in {seconds|wait}, with the setup address the server printed when it started (the key is in DATA_DIR/setup-token).',
  },
  SETUP_DONE: { tr: 'Kurulum tamamlandı. Hoş geldiniz!', en: 'Setup complete. Welcome!' },
  CONTACT_REQUIRED_FIELDS: { tr: 'Ad, konu ve mesaj gereklidir.', en: 'Name, subject and message are required.' },
  CONTACT_SENT: {
    tr: 'Mesajınız gönderildi. En kısa sürede size dönüş yapacağız.',
    en: 'Your message has been sent. We will get back to you soon.',
  },
  CONTACT_FAILED: { tr: 'Mesaj gönderilirken bir hata oluştu', en: 'An error occurred while sending the message' },
} as const satisfies Record<string, { tr: string; en: string }>;

export type MessageCode = keyof typeof MESSAGES;

type PlaceholderNamesIn<S extends string> = S extends `${string}{${infer Name}}${infer Rest}`
  ? (Name extends `${infer Plain}|${string}` ? Plain : Name) | PlaceholderNamesIn<Rest>
  : never;
/** The placeholder names of a message, in either language, as a type: `'from' | 'to'` for FINDING_TRANSITION_INVALID. */
export type MessageParamName<C extends MessageCode> =
  | PlaceholderNamesIn<(typeof MESSAGES)[C]['tr']>
  | PlaceholderNamesIn<(typeof MESSAGES)[C]['en']>;
/** Every placeholder of the message, each given: what the server must pass with the code (issue 23). */
export type MessageParams<C extends MessageCode> = { [K in MessageParamName<C>]: string | number };
/** Codes whose messages have no placeholder. */
export type PlainMessageCode = { [C in MessageCode]: [MessageParamName<C>] extends [never] ? C : never }[MessageCode];
export const LANGUAGES = ['tr', 'en'] as const;
export type Language = (typeof LANGUAGES)[number];

/** A wait for people, not a stopwatch: "45 saniye" / "45 seconds" under a minute, then "yaklaşık 15 dakika" /
 *  "about 15 minutes" (rounded up), from 90 minutes on in hours. */
export function formatWait(seconds: number, lang: Language): string {
  const s = Math.max(1, Math.ceil(seconds));
  if (s < 60) return lang === 'tr' ? `${s} saniye` : `${s} second${s === 1 ? '' : 's'}`;
  const minutes = Math.ceil(s / 60);
  if (minutes < 90) return lang === 'tr' ? `yaklaşık ${minutes} dakika` : `about ${minutes} minute${minutes === 1 ? '' : 's'}`;
  const hours = Math.ceil(minutes / 60);
  return lang === 'tr' ? `yaklaşık ${hours} saat` : `about ${hours} hours`;
}

/** The fields of a resumable upload's metadata (contract tusPhotoMetadataSchema), as a message names them. */
const UPLOAD_FIELD_LABELS: Record<string, { tr: string; en: string }> = {
  filename: { tr: 'dosya adı', en: 'file name' },
  turbine_id: { tr: 'türbin', en: 'turbine' },
  year: { tr: 'yıl', en: 'year' },
  blade: { tr: 'kanat', en: 'blade' },
  room: { tr: 'oda', en: 'room' },
  category: { tr: 'kategori', en: 'category' },
  sha256: { tr: 'SHA-256 özeti', en: 'SHA-256 checksum' },
};

const PARAM_FORMATS: Record<string, (value: string | number, lang: Language) => string> = {
  wait: (value, lang) => formatWait(Number(value), lang),
  /** a finding's status by its name in the language ('repair_planned' -> "Onarım planlandı" / "Repair planned") */
  /** an instant (ISO string or epoch ms) as a date and time in Türkiye's time zone, where the fleet is */
  datetime: (value, lang) => {
    const date = new Date(value);
    if (Number.isNaN(date.getTime())) return String(value);
    return new Intl.DateTimeFormat(lang === 'tr' ? 'tr-TR' : 'en-GB', {
      dateStyle: 'medium',
      timeStyle: 'short',
      timeZone: 'Europe/Istanbul',
    }).format(date);
  },
  status: (value, lang) => FINDING_STATUS_LABELS[value as FindingStatus]?.[lang] ?? String(value),
  /** a metadata field of a resumable upload by its name in the language ('turbine_id' -> "türbin" / "turbine") */
  uploadField: (value, lang) => UPLOAD_FIELD_LABELS[value]?.[lang] ?? String(value),
};

const PLACEHOLDER = /\{(\w+)(?:\|(\w+))?\}/g;

/** The parameter names a message needs, in either language (`{seconds|wait}` needs `seconds`). */
export function messagePlaceholders(code: MessageCode): string[] {
  const { tr, en } = MESSAGES[code] as { tr: string; en: string };
  return [...new Set([...`${tr}\n${en}`.matchAll(PLACEHOLDER)].map((m) => m[1] as string))].sort();
}

const tokenPattern = (names: string[]) => new RegExp(`\\{(${names.join('|')})(?:\\|\\w+)?\\}`, 'g');
let anyPlaceholder: RegExp | undefined;
/** The catalog's placeholders left unfilled in a message a client received (`{from}`, `{seconds|wait}`): none, always.
 *  With the answer's code, only that message's placeholders not among the answer's params count (a value given may
 *  hold braces of its own: a company named "{name}"); without one, any of the catalog's. */
export function unfilledPlaceholders(text: string, answer: { code?: unknown; params?: unknown } = {}): string[] {
  let pattern: RegExp;
  if (typeof answer.code === 'string' && Object.hasOwn(MESSAGES, answer.code)) {
    const given = (answer.params ?? {}) as Record<string, unknown>;
    const missing = messagePlaceholders(answer.code as MessageCode).filter((name) => given[name] === undefined);
    if (!missing.length) return [];
    pattern = tokenPattern(missing);
  } else {
    anyPlaceholder ??= tokenPattern([...new Set((Object.keys(MESSAGES) as MessageCode[]).flatMap(messagePlaceholders))]);
    pattern = anyPlaceholder;
  }
  return [...text.matchAll(pattern)].map((m) => m[0]);
}

/** Fills `{name}` with params.name; `{name|wait}` passes it through a format of PARAM_FORMATS first. */
export function formatMessage(code: MessageCode, lang: Language, params: Record<string, string | number> = {}): string {
  return fillTemplate(MESSAGES[code][lang], lang, params);
}

/** The placeholder names of one `{ tr, en }` entry of any catalogue written like MESSAGES (the server's operator
 *  messages, lib/operator-messages.ts), as a type. */
export type TemplateParamName<E extends { tr: string; en: string }> = PlaceholderNamesIn<E['tr']> | PlaceholderNamesIn<E['en']>;

/** formatMessage for a template of another catalogue written the same way: `{name}`, `{name|wait}`... */
export function fillTemplate(template: string, lang: Language, params: Record<string, string | number> = {}): string {
  return template.replace(PLACEHOLDER, (whole, key: string, format?: string) => {
    if (!(key in params)) return whole;
    const value = params[key] as string | number;
    const formatter = format ? PARAM_FORMATS[format] : undefined;
    return formatter ? formatter(value, lang) : String(value);
  });
}

/** "tr", "tr-TR", "tr;q=0.9,en" -> tr; anything else that names English -> en; nothing usable -> tr (spec: Turkish on error). */
export function languageFromHeader(header: string | undefined | null): Language {
  if (!header) return 'tr';
  const first = header.split(',')[0]?.trim().toLowerCase() ?? '';
  if (first.startsWith('tr')) return 'tr';
  if (first.startsWith('en')) return 'en';
  return 'tr';
}
