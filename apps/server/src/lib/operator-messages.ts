import { fillTemplate, type Language, type TemplateParamName } from '@windscope/contract';

/** What the operator commands (`npm run backup`, `npm run restore`, `npm run integrity`, `npm run setup`) print, in Turkish and English
 *  (issue 22). They run on the server's shell, not in a browser: the language is WINDSCOPE_LANG, else the locale
 *  (operatorLanguage below). The contract's MESSAGES are what the API answers (and what the web app bundles); these
 *  are never sent to a browser, so they live here. The code that does the work reports codes and parameters
 *  (OperatorLine, OperatorError); each command turns them into text in its operator's language. */
export const OPERATOR_MESSAGES = {
  // shared by the commands
  CLI_SERVER_HOLDS_DATABASE: {
    tr: 'Sunucu (pid {pid}) {dir} içindeki gömülü veritabanını kullanıyor: önce sunucuyu durdurun.',
    en: 'The server (pid {pid}) is using the embedded database in {dir}: stop it first.',
  },
  CLI_UNKNOWN_OPTION: { tr: 'bilinmeyen seçenek: {option}', en: 'unknown option {option}' },
  CLI_OPTION_VALUE_MISSING: { tr: '{option} bir değer ister', en: '{option} needs a value' },
  CLI_DATA_DIR_MISSING: {
    tr: 'Veri klasörü {dir} yok (DATA_DIR): sunucunun kullandığı klasörü verin.',
    en: 'The data folder {dir} does not exist (DATA_DIR): give the folder the server uses.',
  },
  CLI_DATABASE_UNREACHABLE: {
    tr: 'Veritabanına ulaşılamadı ({reason}): DATABASE_URL değerini ve veritabanı sunucusunun çalıştığını denetleyin.',
    en: 'The database could not be reached ({reason}): check DATABASE_URL and that the database server is running.',
  },

  // npm run setup
  SETUP_USAGE: {
    tr: 'kullanım: npm run setup -- --email ADRES --name "AD SOYAD" --company "ŞİRKET" [--password-file DOSYA] [--language tr|en]\n       (soyadında boşluk varsa --name yerine --first-name ve --last-name)',
    en: 'usage: npm run setup -- --email ADDRESS --name "FIRST LAST" --company "COMPANY" [--password-file FILE] [--language tr|en]\n       (--first-name and --last-name instead of --name when the last name has a space)',
  },
  SETUP_ARGS_REQUIRED: {
    tr: '--email, --company ve sahibin adı ile soyadı gerekli.',
    en: "--email, --company and the owner's first and last name are required.",
  },
  SETUP_SERVER_HOLDS_DATABASE: {
    tr: 'Sunucu (pid {pid}) {dir} içindeki gömülü veritabanını kullanıyor; veritabanı aynı anda tek süreçte açılır.\nSunucuyu durdurup bunu yeniden çalıştırın ya da sunucunun yazdığı kurulum adresini açın (anahtarı {tokenFile} dosyasında).',
    en: 'The server (pid {pid}) is using the embedded database in {dir}; it opens in one process at a time.\nStop the server and run this again, or open the setup address the server printed (its token is in {tokenFile}).',
  },
  SETUP_SIGN_IN: {
    tr: '{email} ({company} süper yöneticisi) parolasıyla ya da 15 dakika içinde bir kez şu adresten giriş yapabilir:',
    en: '{email} (superadmin of {company}) can sign in with the password, or once within 15 minutes at:',
  },
  SETUP_PASSWORD: { tr: 'Parola: ', en: 'Password: ' },
  SETUP_PASSWORD_AGAIN: { tr: 'Parola (yeniden): ', en: 'Password again: ' },

  // npm run restore
  RESTORE_USAGE: { tr: 'kullanım: npm run restore ARŞİV', en: 'usage: restore ARCHIVE' },
  RESTORE_REFUSED: { tr: 'Geri yükleme reddedildi: {reason}', en: 'Restore refused: {reason}' },
  RESTORE_FAILED: { tr: 'Geri yükleme başarısız oldu: {reason}', en: 'Restore failed: {reason}' },
  RESTORE_DONE: {
    tr: '{archive} arşivinden {rows} satır ve {files} dosya geri yüklendi (arşiv {createdAt} tarihli).',
    en: 'Restored {rows} rows and {files} files from {archive} (made {createdAt}).',
  },
  RESTORE_DONE_S3: {
    tr: 'Arşivde yalnızca veritabanı var: dosyalar S3 kovasında duruyor (README, "Backups").',
    en: 'The archive holds the database only: the files are in the S3 bucket (README "Backups").',
  },
  RESTORE_DONE_MISSING: {
    tr: 'Yedek alınırken {count} dosya silinmişti; npm run integrity bunları listeler.',
    en: '{count} files were deleted while the backup ran; npm run integrity lists them.',
  },
  RESTORE_CHECKING: { tr: 'arşiv denetleniyor', en: 'checking the archive' },
  RESTORE_UNPACKED: {
    tr: '{createdAt} tarihli arşiv: {files} dosya açıldı, sağlama toplamları doğru, diske yazıldı (başlangıçtan {seconds} sn sonra)',
    en: 'archive of {createdAt}: {files} files unpacked, checksums correct, on disk (at {seconds} s)',
  },
  RESTORE_DATABASE_MADE_FROM_FOLDER: {
    tr: 'boş veritabanı bu arada hazırlandı, saklanan veritabanı klasöründen (başlangıçtan {seconds} sn sonra)',
    en: 'empty database made alongside, from the kept database folder (at {seconds} s)',
  },
  RESTORE_DATABASE_MADE_FROM_INITDB: {
    tr: 'boş veritabanı bu arada hazırlandı, saklanan initdb kopyasından (başlangıçtan {seconds} sn sonra)',
    en: 'empty database made alongside, from the kept initdb (at {seconds} s)',
  },
  RESTORE_DATABASE_MADE_BY_INITDB: {
    tr: 'boş veritabanı bu arada hazırlandı, initdb ile (başlangıçtan {seconds} sn sonra)',
    en: 'empty database made alongside, by initdb (at {seconds} s)',
  },
  RESTORE_ROWS_LOADED: {
    tr: 'veritabanı: {rows} satır yüklendi (başlangıçtan {seconds} sn sonra)',
    en: 'database: {rows} rows loaded (at {seconds} s)',
  },
  RESTORE_COMMITTED: { tr: 'veritabanı kaydedildi (başlangıçtan {seconds} sn sonra)', en: 'database committed (at {seconds} s)' },
  RESTORE_FILES_IN_PLACE: {
    tr: 'dosyalar yerlerine taşındı (başlangıçtan {seconds} sn sonra)',
    en: 'files moved into place (at {seconds} s)',
  },
  RESTORE_FILES_NOT_MOVED: {
    tr: 'veritabanı geri yüklendi, ancak dosyalar {target} klasörüne taşınamadı ({reason}). Denetlenmiş dosyalar {dir} içinde duruyor: sunucuyu başlatmadan önce içindekileri {target} içine taşıyın',
    en: 'the database is restored, but the files could not be moved into {target} ({reason}). The checked files are kept in {dir}: move what it holds into {target} before starting the server',
  },
  // refusals (RestoreRefused): nothing was written
  RESTORE_FILES_NOT_A_FOLDER: {
    tr: '{dir} bir klasör değil: dosyaların klasörü olmalı',
    en: '{dir} is not a folder: it must be the files folder',
  },
  RESTORE_FILES_NOT_EMPTY: {
    tr: 'veri klasörü {dir} boş değil ({count} dosya): geri yükleme boş bir klasör ister',
    en: 'the data folder {dir} is not empty ({count} files): restore needs an empty one',
  },
  RESTORE_DATABASE_NOT_EMPTY: {
    tr: 'veritabanı boş değil ({table} tablosunda satır var): geri yükleme boş bir veritabanı ister',
    en: 'the database is not empty (table {table} has rows): restore needs an empty database',
  },
  RESTORE_CANNOT_READ: { tr: '{archive} okunamıyor', en: 'cannot read {archive}' },
  RESTORE_DAMAGED_GZIP_CUT: {
    tr: 'arşiv bozuk ya da yarım kalmış (sıkıştırılmış veri erken bitiyor): hiçbir şey geri yüklenmedi',
    en: 'the archive is damaged or cut short (its compressed data ends early): nothing was restored',
  },
  RESTORE_DAMAGED_GZIP_DATA: {
    tr: 'arşiv bozuk ya da yarım kalmış (sıkıştırılmış veri bozuk): hiçbir şey geri yüklenmedi',
    en: 'the archive is damaged or cut short (its compressed data is damaged): nothing was restored',
  },
  RESTORE_DAMAGED_ENDS_EARLY: {
    tr: 'arşiv bozuk ya da yarım kalmış (son kaydından önce bitiyor): hiçbir şey geri yüklenmedi',
    en: 'the archive is damaged or cut short (it ends before its last entry): nothing was restored',
  },
  RESTORE_DAMAGED_HEADER: {
    tr: 'arşiv bozuk ya da yarım kalmış ({at}. bayttaki başlık bozuk): hiçbir şey geri yüklenmedi',
    en: 'the archive is damaged or cut short (a header is damaged at byte {at}): nothing was restored',
  },
  RESTORE_DAMAGED_PAST_END: {
    tr: 'arşiv bozuk ya da yarım kalmış ({name} arşivin sonunu aşıyor): hiçbir şey geri yüklenmedi',
    en: 'the archive is damaged or cut short ({name} runs past the end of the archive): nothing was restored',
  },
  RESTORE_DAMAGED_PAX: {
    tr: 'arşiv bozuk ya da yarım kalmış (bir pax başlığı çok uzun): hiçbir şey geri yüklenmedi',
    en: 'the archive is damaged or cut short (a pax header is too long): nothing was restored',
  },
  RESTORE_NO_MANIFEST: {
    tr: 'arşivin manifestosu yok (yarım kalmış ya da bir Windscope yedeği değil): hiçbir şey geri yüklenmedi',
    en: 'the archive has no manifest (cut short, or not a Windscope backup): nothing was restored',
  },
  RESTORE_NOT_A_BACKUP: {
    tr: 'bu bir Windscope yedeği değil (manifestosu bir Windscope manifestosu değil): hiçbir şey geri yüklenmedi',
    en: 'this is not a Windscope backup (its manifest is not one): nothing was restored',
  },
  RESTORE_MANIFEST_UNREADABLE: {
    tr: 'manifesto okunamıyor: hiçbir şey geri yüklenmedi',
    en: 'the manifest is not readable: nothing was restored',
  },
  RESTORE_UNEXPECTED_ENTRY: {
    tr: 'arşivde beklenmeyen bir kayıt var: {name}; hiçbir şey geri yüklenmedi',
    en: 'the archive holds an unexpected entry: {name}; nothing was restored',
  },
  RESTORE_ENTRY_UNLISTED: {
    tr: 'arşivde manifestonun listelemediği {key} var: hiçbir şey geri yüklenmedi',
    en: 'the archive holds {key}, which its manifest does not list: nothing was restored',
  },
  RESTORE_ENTRY_TWICE: {
    tr: 'arşivde {key} iki kez var: hiçbir şey geri yüklenmedi',
    en: 'the archive holds {key} twice: nothing was restored',
  },
  RESTORE_ENTRY_LACKING: {
    tr: 'arşivde manifestonun listelediği {key} yok: hiçbir şey geri yüklenmedi',
    en: 'the archive lacks {key}, which its manifest lists: nothing was restored',
  },
  RESTORE_CHECKSUM_MISMATCH: {
    tr: '{key} manifestodaki sağlama toplamıyla uyuşmuyor: arşiv bozuk, hiçbir şey geri yüklenmedi',
    en: '{key} does not match its checksum in the manifest: the archive is damaged, nothing was restored',
  },
  RESTORE_NEWER_VERSION: {
    tr: 'arşiv daha yeni bir Windscope ile alınmış (şema düzeyi {level}, bu sürüm {known} düzeyini biliyor): arşivi o sürümle geri yükleyin',
    en: 'the archive was made by a newer Windscope (schema level {level}, this version knows {known}): restore it with that version',
  },
  RESTORE_OTHER_SCHEMA: {
    tr: 'arşivin şeması ({migration}. geçiş) bu sürümünkü değil: arşivi, onu alan sürümle geri yükleyin',
    en: "the archive's schema (migration {migration}) is not this version's: restore it with the version that made it",
  },
  RESTORE_FILES_WITH_S3: {
    tr: 'arşivde dosyalar var ama STORAGE=s3: arşivi STORAGE=fs ile geri yükleyin',
    en: 'the archive holds files but STORAGE=s3: restore it with STORAGE=fs',
  },
  RESTORE_DATABASE_NEWER: {
    tr: 'veritabanı arşivden daha yeni bir şema düzeyinde ({applied}, arşiv {archived}): boş bir veritabanına geri yükleyin',
    en: 'the database is at a newer schema level ({applied}) than the archive ({archived}): restore into an empty database',
  },
  // failures that are not the archive's fault
  RESTORE_PGLITE_FAILED: {
    tr: '{dir} içinde PGlite veritabanı oluşturulamadı: {reason}',
    en: 'could not create the PGlite database in {dir}: {reason}',
  },
  RESTORE_PGLITE_EXIT: {
    tr: '{dir} içinde PGlite veritabanı oluşturulamadı (çıkış kodu {code})',
    en: 'could not create the PGlite database in {dir} (exit code {code})',
  },
  DUMP_UNKNOWN_TABLE: {
    tr: 'arşivde bu sürümün bilmediği bir tablo var: {table}',
    en: 'the archive has a table this version does not know: {table}',
  },
  DUMP_COLUMNS_DIFFER: {
    tr: '{table} tablosunun sütunları bu sürümdekilerden farklı',
    en: "the columns of {table} differ from this version's",
  },
  DUMP_ROW_COUNT: {
    tr: '{table} tablosu: {loaded} satır yüklendi, dökümde {expected} satır var',
    en: 'table {table}: {loaded} rows loaded, the dump has {expected}',
  },
  DUMP_MALFORMED: {
    tr: 'veritabanı dökümü bozuk (bir tablonun dışında satır var)',
    en: 'the database dump is malformed (a row outside a table)',
  },
  DUMP_INCOMPLETE: { tr: 'veritabanı dökümü eksik', en: 'the database dump is incomplete' },
  COPY_THREAD_FAILED: { tr: 'bir kopyalama iş parçacığı çöktü: {reason}', en: 'a copying thread failed: {reason}' },
  COPY_THREAD_STOPPED: {
    tr: 'bir kopyalama iş parçacığı durdu (çıkış kodu {code})',
    en: 'a copying thread stopped (exit code {code})',
  },

  // npm run backup
  BACKUP_USAGE: { tr: 'kullanım: npm run backup -- [--out DOSYA] [--gzip]', en: 'usage: backup [--out FILE] [--gzip]' },
  BACKUP_FAILED: { tr: 'yedekleme başarısız oldu: {reason}', en: 'backup failed: {reason}' },
  BACKUP_SERVER_WRITES: {
    tr: 'gömülü veritabanı sunucuda (pid {pid}): arşivi sunucu yazıyor',
    en: 'the server (pid {pid}) holds the embedded database: it writes the archive',
  },
  BACKUP_DONE: {
    tr: '{file}: {mb} MB, {files} dosya ({fileMb} MB), {seconds} saniyede',
    en: '{file}: {mb} MB, {files} files ({fileMb} MB) in {seconds} s',
  },
  BACKUP_DONE_S3: {
    tr: '{file}: {mb} MB, {files} dosya ({fileMb} MB), {seconds} saniyede (yalnızca veritabanı: dosyalar kovada kalıyor, bkz. README "Backups")',
    en: '{file}: {mb} MB, {files} files ({fileMb} MB) in {seconds} s (database only: the files stay in the bucket, see README "Backups")',
  },
  BACKUP_DONE_MISSING: {
    tr: '{count} dosya kopyalanamadan silindi (manifestoda listeli)',
    en: '{count} files were deleted before they could be copied (listed in the manifest)',
  },
  BACKUP_DATABASE_DUMPED: { tr: 'veritabanı: {tables} tabloda {rows} satır', en: 'database: {rows} rows in {tables} tables' },
  BACKUP_LEFTOVER_REMOVED: {
    tr: '{name} silindi (yarıda kesilen bir yedeklemeden kalmıştı)',
    en: 'removed {name}, left by a backup that was stopped half way',
  },
  BACKUP_FILE_GONE: {
    tr: 'UYARI: {key} kopyalanamadan silinmişti',
    en: 'WARNING: {key} was gone before it could be copied',
  },
  BACKUP_FILE_CHANGED: {
    tr: '{name} kopyalanırken değişti: yedeklemeyi yeniden çalıştırın',
    en: '{name} changed while it was copied: run the backup again',
  },
  BACKUP_SOCKET_UNREACHABLE: {
    tr: 'çalışan sunucunun denetim soketine ulaşılamıyor ({reason})',
    en: "cannot reach the running server's control socket ({reason})",
  },
  BACKUP_SOCKET_CLOSED: {
    tr: 'sunucu, yedekleme bitmeden denetim soketini kapattı',
    en: 'the server closed the control socket before the backup was done',
  },
  BACKUP_REQUEST_UNKNOWN: {
    tr: 'sunucu isteği anlamadı (başka bir Windscope sürümü mü çalışıyor?)',
    en: 'the server did not understand the request (is another Windscope version running?)',
  },

  // npm run integrity
  INTEGRITY_USAGE: {
    tr: 'kullanım: npm run integrity -- [--repair] [--no-checksums] [--orphan-age=DAKİKA] [--json]',
    en: 'usage: integrity [--repair] [--no-checksums] [--orphan-age=MINUTES] [--json]',
  },
  INTEGRITY_COUNTED: {
    tr: '{photos} fotoğraf, {reports} rapor, depoda {files} dosya',
    en: '{photos} photos, {reports} reports, {files} stored files',
  },
  INTEGRITY_REMAKING: {
    tr: '{count} fotoğrafın küçük resmi ve önizlemesi yapılıyor',
    en: 'making thumbnails and previews of {count} photos',
  },
  INTEGRITY_REPAIRED: { tr: 'onarıldı', en: 'repaired' },
  INTEGRITY_NOTE: { tr: 'not', en: 'note' },
  INTEGRITY_PROBLEM: { tr: 'SORUN', en: 'PROBLEM' },
  INTEGRITY_ALL_CONSISTENT: {
    tr: 'Her şey tutarlı: {repaired} onarıldı, {unrepaired} onarılmadı',
    en: 'All consistent: {repaired} repaired, {unrepaired} unrepaired',
  },
  INTEGRITY_FOUND: {
    tr: '{count} kayıt bulundu: {repaired} onarıldı, {unrepaired} onarılmadı',
    en: '{count} findings: {repaired} repaired, {unrepaired} unrepaired',
  },
  INTEGRITY_REPAIR_HINT: {
    tr: '(onarılabilecekleri onarmak için --repair ile çalıştırın)',
    en: '(run with --repair to fix what can be fixed)',
  },
  // the kinds of problem (integrity.ts ProblemKind; --json keeps the kind's name)
  INTEGRITY_KIND_ROW_WITHOUT_FILE: { tr: 'kaydın dosyası yok', en: 'row without file' },
  INTEGRITY_KIND_SIZE_MISMATCH: { tr: 'boyut farklı', en: 'size differs' },
  INTEGRITY_KIND_CHECKSUM_MISMATCH: { tr: 'SHA-256 farklı', en: 'checksum differs' },
  INTEGRITY_KIND_MISSING_DERIVATIVE: { tr: 'küçük resim/önizleme eksik', en: 'thumbnail/preview missing' },
  INTEGRITY_KIND_MISSING_TILE_PYRAMID: { tr: 'yakınlaştırma karoları eksik', en: 'zoom tiles missing' },
  INTEGRITY_KIND_UNDECODABLE_IMAGE: { tr: 'görüntü çözülemiyor', en: 'image does not decode' },
  INTEGRITY_KIND_FILE_WITHOUT_ROW: { tr: 'kaydı olmayan dosya', en: 'file without row' },
  INTEGRITY_KIND_STAGING_LEFTOVER: { tr: 'kalmış geçici dosya', en: 'temporary file left over' },
  INTEGRITY_KIND_EXPIRED_UPLOAD: { tr: 'süresi dolmuş yükleme', en: 'expired upload' },
  INTEGRITY_KIND_UPLOAD_IN_PROGRESS: { tr: 'süren yükleme', en: 'upload in progress' },
  INTEGRITY_KIND_UNREGISTERED_UPLOAD_BYTES: { tr: 'kaydı olmayan yükleme verisi', en: 'upload bytes without row' },
  // a problem's detail
  INTEGRITY_SIZE_DIFFERS: { tr: '{actual} bayt, kayıtta {expected}', en: '{actual} bytes, the row says {expected}' },
  INTEGRITY_CHECKSUM_DIFFERS: { tr: 'sha256 {actual}, kayıtta {expected}', en: 'sha256 {actual}, the row says {expected}' },
  INTEGRITY_DERIVATIVES_MISSING: { tr: 'eksik: {keys}', en: 'missing {keys}' },
  INTEGRITY_DERIVATIVES_PENDING: { tr: 'sırada (bekliyor)', en: 'queued (pending)' },
  INTEGRITY_DERIVATIVES_WORKING: {
    tr: 'sırada (onu yapan süreç artık yok)',
    en: 'queued (working, by a process that is gone)',
  },
  INTEGRITY_UNDECODABLE: {
    tr: 'görüntü çözülemiyor: küçük resmi olmadan saklandı',
    en: 'the image does not decode: kept without thumbnail',
  },
  INTEGRITY_QUEUED_AGAIN: { tr: 'yeniden sıraya alındı', en: 'queued again' },
  INTEGRITY_YOUNG: {
    tr: 'sahipsiz sayılma süresinden genç: şimdilik bırakıldı',
    en: 'younger than the orphan age: kept for now',
  },
  INTEGRITY_UPLOAD_ORPHANED: { tr: 'türbini ya da yükleyeni silinmiş', en: 'its turbine or uploader was deleted' },
  INTEGRITY_UPLOAD_LATE: { tr: 'zamanında bitmedi', en: 'not finished in time' },
} as const satisfies Record<string, { tr: string; en: string }>;

export type OperatorCode = keyof typeof OPERATOR_MESSAGES;
type ParamName<C extends OperatorCode> = TemplateParamName<(typeof OPERATOR_MESSAGES)[C]>;
/** a code's params: every placeholder of its messages given (none for a message without one) */
export type OperatorParamsArg<C extends OperatorCode> = [ParamName<C>] extends [never]
  ? []
  : [params: { [K in ParamName<C>]: string | number }];

/** One thing to tell the operator: what the work reports, put into words by the command (formatOperator). */
export interface OperatorLine {
  code: OperatorCode;
  params: Record<string, string | number>;
}

export function operatorLine<C extends OperatorCode>(code: C, ...[params]: OperatorParamsArg<C>): OperatorLine {
  return { code, params: params ?? {} };
}

export function formatOperator(line: OperatorLine, lang: Language): string {
  return fillTemplate(OPERATOR_MESSAGES[line.code][lang], lang, line.params);
}

/** A failure the operator reads: its message (English, for logs and stack traces) and its code and params, printed
 *  by the command in the operator's language (`error.in(lang)`). */
export class OperatorError extends Error implements OperatorLine {
  readonly code: OperatorCode;
  readonly params: Record<string, string | number>;
  constructor(line: OperatorLine) {
    super(formatOperator(line, 'en'));
    this.code = line.code;
    this.params = line.params;
  }

  in(lang: Language): string {
    return formatOperator(this, lang);
  }
}

/** `new OperatorError(operatorLine(code, params))`, shorter. */
export const operatorError = <C extends OperatorCode>(code: C, ...params: OperatorParamsArg<C>) =>
  new OperatorError(operatorLine(code, ...params));

/** Any error as the operator reads it: ours in their language, another's (the file system's: ENOSPC...) as it is. */
export function errorText(error: unknown, lang: Language): string {
  if (error instanceof OperatorError) return error.in(lang);
  return error instanceof Error ? error.message : String(error);
}

/** The operator commands' language: WINDSCOPE_LANG, else the locale (LC_ALL, LC_MESSAGES, LANG, the first one set, as
 *  POSIX reads them): Turkish when it starts with "tr" (tr, tr_TR.UTF-8), English otherwise (en_US, C, POSIX) and when
 *  none is set. */
export function operatorLanguage(env: Record<string, string | undefined> = process.env): Language {
  const chosen = [env.WINDSCOPE_LANG, env.LC_ALL, env.LC_MESSAGES, env.LANG].find((value) => value?.trim());
  return chosen?.trim().toLowerCase().startsWith('tr') ? 'tr' : 'en';
}
