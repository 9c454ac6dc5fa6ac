import 'i18next';
import type tr from './tr.json';

// Keys are type-checked: t('nav.hom') is a compile error. A page namespace added with registerCatalog()
// gets its type here too, e.g. `faq: typeof import('../features/public/faq/faq.tr.json')`.
declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'translation';
    resources: {
      translation: typeof tr;
      public: typeof import('../features/public/layout/public.tr.json');
      home: typeof import('../features/public/home/home.tr.json');
      about: typeof import('../features/public/about/about.tr.json');
      contact: typeof import('../features/public/contact/contact.tr.json');
      support: typeof import('../features/public/support/support.tr.json');
      faq: typeof import('../features/public/faq/faq.tr.json');
      privacy: typeof import('../features/public/privacy/privacy.tr.json');
      turbine: typeof import('../features/turbine/turbine.tr.json');
      comments: typeof import('../features/comments/comments.tr.json');
      viewer: typeof import('../features/viewer-common/viewer.tr.json');
      panorama: typeof import('../features/panorama/panorama.tr.json');
      photos: typeof import('../features/category-photos/photos.tr.json');
      dashboard: typeof import('../features/dashboard/dashboard.tr.json');
      companies: typeof import('../features/companies/companies.tr.json');
      users: typeof import('../features/users/users.tr.json');
      signInLink: typeof import('../features/auth/sign-in-link/sign-in-link.tr.json');
      authPages: typeof import('../features/auth/layout/auth-pages.tr.json');
      emailChange: typeof import('../features/auth/email-change/email-change.tr.json');
      findings: typeof import('../features/findings/findings.tr.json');
      share: typeof import('../features/share-links/share.tr.json');
      uploads: typeof import('../features/uploads/uploads.tr.json');
      notifications: typeof import('../features/notifications/notifications.tr.json');
      compare: typeof import('../features/compare/compare.tr.json');
      campaigns: typeof import('../features/campaigns/campaigns.tr.json');
      setup: typeof import('../features/setup/setup.tr.json');
      mailOutbox: typeof import('../features/mail-outbox/mail-outbox.tr.json');
      account: typeof import('../features/account/account.tr.json');
      audit: typeof import('../features/audit/audit.tr.json');
      paging: typeof import('../features/management/paging.tr.json');
      webhooks: typeof import('../features/webhooks/webhooks.tr.json');
    };
    returnNull: false;
  }
}
