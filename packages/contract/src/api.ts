/** API paths, relative to the API base (/api). */
export const API_BASE = '/api';
export const API_PATHS = {
  login: '/auth/login',
  verify: '/auth/verify',
  logout: '/auth/logout',
  refresh: '/auth/refresh',
  profile: '/auth/profile',
  validateSession: '/auth/validate-session',
  passwordReset: '/auth/password-reset',
  passwordResetConfirm: '/auth/password-reset/confirm',
  signInLink: '/auth/sign-in-link',
  signInLinkConfirm: '/auth/sign-in-link/confirm',
  emailChangeConfirm: '/auth/email-change/confirm',
  setup: '/setup',
  healthReady: '/health/ready',
  notifications: '/notifications',
  notificationsUnread: '/notifications/unread-count',
  notificationRead: (id: number | string) => `/notifications/${id}/read`,
  notificationsReadAll: '/notifications/read-all',
  notificationSettings: '/notifications/settings',
  apiTokens: '/api-tokens',
  apiToken: (id: number | string) => `/api-tokens/${id}`,
  mailOutbox: '/admin/mail-outbox',
  mailOutboxRetry: (id: number | string) => `/admin/mail-outbox/${id}/retry`,
  audit: '/audit',
  shareLinks: '/share-links',
  shareLinkPage: '/share-links/page',
  shareLink: (id: number | string) => `/share-links/${id}`,
  shareLinkOpenings: (id: number | string) => `/share-links/${id}/openings`,
  turbineShareLinks: (id: number | string) => `/turbines/${id}/share-links`,
  shareOpen: '/share/open',
  shareRefresh: '/share/refresh',
  webhooks: '/webhooks',
  webhook: (id: number | string) => `/webhooks/${id}`,
  webhookRotateSecret: (id: number | string) => `/webhooks/${id}/rotate-secret`,
  webhookTest: (id: number | string) => `/webhooks/${id}/test`,
  webhookDeliveries: (id: number | string) => `/webhooks/${id}/deliveries`,
  auditExport: '/audit/export',
  turbines: '/turbines',
  turbine: (id: number | string) => `/turbines/${id}`,
  turbinePhotos: (id: number | string) => `/turbines/${id}/photos`,
  turbineReports: (id: number | string) => `/turbines/${id}/reports`,
  turbineReport: (id: number | string, reportId: number | string) => `/turbines/${id}/reports/${reportId}`,
  turbineComments: (id: number | string) => `/turbines/${id}/comments`,
  turbineComment: (id: number | string, commentId: number | string) => `/turbines/${id}/comments/${commentId}`,
  // findings (DECISIONS §12)
  turbineFindings: (id: number | string) => `/turbines/${id}/findings`,
  turbineFinding: (id: number | string, findingId: number | string) => `/turbines/${id}/findings/${findingId}`,
  turbineFindingStatus: (id: number | string, findingId: number | string) => `/turbines/${id}/findings/${findingId}/status`,
  turbineFindingObservations: (id: number | string, findingId: number | string) => `/turbines/${id}/findings/${findingId}/observations`,
  turbineFindingSuggestions: (id: number | string) => `/turbines/${id}/findings/suggestions`,
  turbineFindingLinkReview: (id: number | string) => `/turbines/${id}/findings/link-review`,
  turbineFindingLinkSuggestions: (id: number | string, findingId: number | string) =>
    `/turbines/${id}/findings/${findingId}/link-suggestions`,
  turbineFindingLink: (id: number | string, findingId: number | string) => `/turbines/${id}/findings/${findingId}/link`,
  turbineFindingLinkDismiss: (id: number | string, findingId: number | string, targetId: number | string) =>
    `/turbines/${id}/findings/${findingId}/link-suggestions/${targetId}/dismiss`,
  turbineFindingsExport: (id: number | string) => `/turbines/${id}/findings/export`,
  findingsExport: '/findings/export',
  /** issue 27 item 3: the fleet's findings for the dashboard's filters, and their distance bands */
  fleetFindings: '/findings',
  fleetDistanceBands: '/findings/distance-bands',
  turbinesExport: '/turbines/export',
  turbinesImport: '/turbines/import',
  photoFindings: (id: number | string, photoId: number | string) => `/turbines/${id}/photos/${photoId}/findings`,
  companies: '/companies',
  company: (id: number | string) => `/companies/${id}`,
  users: '/users',
  user: (id: number | string) => `/users/${id}`,
  userPassword: (id: number | string) => `/users/${id}/password`,
  userEmailChange: (id: number | string) => `/users/${id}/email-change`,
  campaigns: '/campaigns',
  campaign: (id: number | string) => `/campaigns/${id}`,
  campaignWaivers: (id: number | string) => `/campaigns/${id}/waivers`,
  campaignWaiver: (id: number | string, waiverId: number | string) => `/campaigns/${id}/waivers/${waiverId}`,
  contact: '/contact',
  mapSettings: '/map/settings',
  uploadLimits: '/uploads/limits',
} as const;

/** Every answer is an envelope. Errors: { success: false, message, code }. */
export interface ApiSuccess<T> {
  success: true;
  data: T;
  message?: string;
}
export interface ApiFailure {
  success: false;
  message: string;
  code: string;
  /** the message's parameters, when it has any: the same message can be shown again in another language */
  params?: Record<string, string | number>;
  details?: { field: string; code: string; message: string }[];
}
