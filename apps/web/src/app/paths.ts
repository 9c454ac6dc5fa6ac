/** Every route of the spec's route table (section 2). Link with these, never with hand-written strings. */
type Id = number | string;

export const paths = {
  home: '/',
  about: '/about',
  contact: '/contact',
  support: '/support',
  faq: '/faq',
  privacy: '/privacy',
  login: '/login',
  passwordReset: '/password-reset',
  signInLink: '/sign-in-link',
  emailChange: '/email-change',
  dashboard: '/dashboard',
  /** issue 27 item 3: the findings of the turbines the dashboard lists (the charts' bars link here) */
  fleetFindings: '/dashboard/findings',
  turbine: (id: Id) => `/dashboard/turbine/${id}`,
  panorama: (id: Id) => `/dashboard/turbine/${id}/360-view`,
  operatorPhotos: (id: Id) => `/turbine/${id}/operator-photos`,
  dronePhotos: (id: Id) => `/turbine/${id}/drone-photos`,
  users: '/dashboard/users',
  companies: '/dashboard/companies',
  mailOutbox: '/dashboard/mail-outbox',
  account: '/dashboard/account',
  audit: '/dashboard/audit',
  webhooks: '/dashboard/webhooks',
} as const;

/** The query parameter that carries the page a signed-out visitor wanted (see features/auth/redirect.ts). */
export const NEXT_PARAM = 'next';
