/** The provider's public contact details: the one place the header, footer and marketing pages read them from. */
export const COMPANY = {
  brand: 'Windscope',
  email: 'info@windscope.example',
  /** shown to people */
  phoneDisplay: '+90 232 555 01 90',
  /** for tel: and the messaging-app link (digits only, country code first) */
  phoneE164: '902325550190',
  address: {
    street: 'Kâtip Çelebi Cad. No: 42',
    district: 'Bayraklı',
    city: 'İzmir',
    country: 'Türkiye',
  },
  /** the text a messaging-app chat opens with (spec §2: Turkish, asking for information about the company) */
  chatGreeting: 'Merhaba, Windscope hakkında bilgi almak istiyorum.',
} as const;

export const companyAddressLine = `${COMPANY.address.street}, ${COMPANY.address.district} / ${COMPANY.address.city}, ${COMPANY.address.country}`;
export const companyPhoneHref = `tel:+${COMPANY.phoneE164}`;
export const companyEmailHref = `mailto:${COMPANY.email}`;
/** The floating contact button's messaging-app (WhatsApp) chat link with the prefilled greeting. */
export const companyChatHref = `https://wa.me/${COMPANY.phoneE164}?text=${encodeURIComponent(COMPANY.chatGreeting)}`;
