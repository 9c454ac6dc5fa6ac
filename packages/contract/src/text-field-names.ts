/** The text fields people type, by what the refusal of a control character calls them (issue 23, item 7), in tr and en.
 *  `lines`: a single-line field refuses line breaks as well; a multi-line one (comments, notes, reasons) keeps them. */
export const TEXT_FIELD_NAMES = {
  FIRST_NAME: { tr: 'Ad', en: 'First name', lines: 'single' },
  LAST_NAME: { tr: 'Soyad', en: 'Last name', lines: 'single' },
  COMPANY_NAME: { tr: 'Şirket adı', en: 'Company name', lines: 'single' },
  AUTHORIZED_PERSON: { tr: 'Yetkili kişi', en: 'Authorized person', lines: 'single' },
  PHONE: { tr: 'Telefon', en: 'Phone', lines: 'single' },
  TURBINE_NAME: { tr: 'Türbin adı', en: 'Turbine name', lines: 'single' },
  CITY: { tr: 'Şehir', en: 'City', lines: 'single' },
  TURBINE_CODE: { tr: 'Kod', en: 'Code', lines: 'single' },
  LOCATION: { tr: 'Konum', en: 'Location', lines: 'single' },
  SITE_NAME: { tr: 'Saha adı', en: 'Site name', lines: 'single' },
  MANUFACTURER: { tr: 'Üretici', en: 'Manufacturer', lines: 'single' },
  MODEL: { tr: 'Model', en: 'Model', lines: 'single' },
  BLADE_TYPE: { tr: 'Kanat tipi', en: 'Blade type', lines: 'single' },
  BLADE_SERIAL_NUMBER: { tr: 'Kanat seri numarası', en: 'Blade serial number', lines: 'single' },
  CAMPAIGN_NAME: { tr: 'Kampanya adı', en: 'Campaign name', lines: 'single' },
  FULL_NAME: { tr: 'Ad Soyad', en: 'Full name', lines: 'single' },
  SUBJECT: { tr: 'Konu', en: 'Subject', lines: 'single' },
  TOKEN_NAME: { tr: 'Anahtar adı', en: 'Token name', lines: 'single' },
  SHARE_LINK_LABEL: { tr: 'Bağlantı etiketi', en: 'Link label', lines: 'single' },
  ADDRESS: { tr: 'Adres', en: 'Address', lines: 'multi' },
  COMMENT: { tr: 'Yorum', en: 'Comment', lines: 'multi' },
  NOTES: { tr: 'Notlar', en: 'Notes', lines: 'multi' },
  REASON: { tr: 'Gerekçe', en: 'Reason', lines: 'multi' },
  MESSAGE: { tr: 'Mesaj', en: 'Message', lines: 'multi' },
} as const satisfies Record<string, { tr: string; en: string; lines: 'single' | 'multi' }>;
export type TextFieldName = keyof typeof TEXT_FIELD_NAMES;
export type ControlCharactersCode = `TEXT_CONTROL_CHARACTERS_${TextFieldName}`;

export const controlCharactersCode = (field: TextFieldName): ControlCharactersCode => `TEXT_CONTROL_CHARACTERS_${field}`;

/** One message per field, naming it: "Ad tek satır olmalı: satır sonu veya kontrol karakteri içeremez." */
export function controlCharacterMessages(): Record<ControlCharactersCode, { tr: string; en: string }> {
  const entries = Object.entries(TEXT_FIELD_NAMES).map(([field, name]) => [
    controlCharactersCode(field as TextFieldName),
    name.lines === 'single'
      ? {
          tr: `${name.tr} tek satır olmalı: satır sonu, sekme veya başka bir kontrol karakteri içeremez.`,
          en: `${name.en} must be a single line: it cannot contain line breaks, tabs or other control characters.`,
        }
      : {
          tr: `${name.tr} satır sonu dışında kontrol karakteri (sekme gibi) içeremez.`,
          en: `${name.en} cannot contain control characters (such as tabs) other than line breaks.`,
        },
  ]);
  return Object.fromEntries(entries) as Record<ControlCharactersCode, { tr: string; en: string }>;
}
