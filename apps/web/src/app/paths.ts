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
  turbine: (id: Id) => `/dashboard/turbine/${id}`,
  panorama: (id: Id) => `/dashboard/turbine/${id}/360-view`,
  operatorPhotos: (id: Id) => `/turbine/${id}/operator-photos`,
  dronePhotos: (id: Id) => `/turbine/${id}/drone-photos`,
  users: '/dashboard/users',
  companies: '/dashboard/companies',
  mailOutbox: '/dashboard/mail-outbox',
} as const;

/** The query parameter that carries the page a signed-out visitor wanted (see features/auth/redirect.ts). */
export const NEXT_PARAM = 'next';
