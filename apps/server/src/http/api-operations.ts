/** Every documented API operation's stable `operationId` and summary (issue 26 item 6), in one place: app.ts's swagger
 *  transform (openapi-operations.ts) puts them on the OpenAPI document, so clients generated from it get these names.
 *  An operationId is a public name: never rename one; a new route needs a row here (test/api-docs.test.ts fails without
 *  one, or with a name used twice). Keys are `METHOD /api/path` with `{param}`s, as the document writes paths. */
export interface ApiOperation {
  operationId: string;
  summary: string;
}

const op = (operationId: string, summary: string): ApiOperation => ({ operationId, summary });

export const API_OPERATIONS: Record<string, ApiOperation> = {
  'GET /api/health/ready': op('getReadiness', 'Readiness: database and storage answer (503 otherwise)'),
  // first-run setup
  'GET /api/setup': op('getSetupState', 'Whether first-run setup is still needed'),
  'POST /api/setup': op('completeSetup', 'Create the first owner with the setup key (only while no account exists)'),
  // auth
  'POST /api/auth/login': op('login', 'Sign in with e-mail and password; answers a session token'),
  'GET /api/auth/verify': op('verifySession', 'Check that the bearer token is a live session'),
  'POST /api/auth/logout': op('logout', 'Sign out: end this session and every session refreshed from its sign-in'),
  'POST /api/auth/refresh': op('refreshSession', 'Exchange the live session for a new one (single use)'),
  'GET /api/auth/profile': op('getProfile', 'The signed-in user'),
  'GET /api/auth/validate-session': op('validateSession', 'The signed-in user, if the session is still valid'),
  'POST /api/auth/password-reset': op('requestPasswordReset', 'E-mail a password reset link (the same answer for any address)'),
  'POST /api/auth/password-reset/confirm': op('confirmPasswordReset', 'Set a new password with a reset link’s token'),
  'POST /api/auth/sign-in-link': op('requestSignInLink', 'E-mail a one-time sign-in link (the same answer for any address)'),
  'POST /api/auth/sign-in-link/confirm': op('confirmSignInLink', 'Sign in with a sign-in link’s token'),
  'POST /api/auth/email-change/confirm': op('confirmEmailChange', 'Confirm a pending e-mail address change with its token'),
  // companies
  'GET /api/companies': op('listCompanies', 'List the companies the caller may see'),
  'POST /api/companies': op('createCompany', 'Create a company'),
  'GET /api/companies/{id}': op('getCompany', 'One company'),
  'PUT /api/companies/{id}': op('updateCompany', 'Change a company'),
  'DELETE /api/companies/{id}': op('deleteCompany', 'Delete a company'),
  // users
  'GET /api/users': op('listUsers', 'List the users the caller may see'),
  'POST /api/users': op('createUser', 'Create a user'),
  'GET /api/users/{id}': op('getUser', 'One user'),
  'PUT /api/users/{id}': op('updateUser', 'Change a user (name, e-mail, role, company, active)'),
  'DELETE /api/users/{id}': op('deleteUser', 'Delete a user'),
  'DELETE /api/users/{id}/email-change': op('cancelEmailChange', 'Cancel a user’s pending e-mail change'),
  'PUT /api/users/{id}/password': op('changeUserPassword', 'Change a user’s password (one’s own needs the current one)'),
  // notifications
  'GET /api/notifications': op('listNotifications', 'The caller’s notifications, newest first'),
  'GET /api/notifications/unread-count': op('countUnreadNotifications', 'How many of the caller’s notifications are unread'),
  'POST /api/notifications/{id}/read': op('markNotificationRead', 'Mark one notification read'),
  'POST /api/notifications/read-all': op('markAllNotificationsRead', 'Mark every notification read'),
  'GET /api/notifications/settings': op('getNotificationSettings', 'The caller’s notification settings'),
  'PUT /api/notifications/settings': op('updateNotificationSettings', 'Change the caller’s notification settings'),
  // share links (DECISIONS §17; the same names as the routes' own)
  'GET /api/share-links': op('listShareLinks', "Your company's share links (a turbine's with turbine_id), with their openings counted"),
  'POST /api/turbines/{id}/share-links': op(
    'createShareLink',
    'Share a report or reviewed findings of a turbine (the answer is the only time the link is shown)',
  ),
  'DELETE /api/share-links/{id}': op('revokeShareLink', 'Revoke a share link'),
  'GET /api/share-links/{id}/openings': op('listShareLinkOpenings', 'When and from which address a share link was opened'),
  'POST /api/share/open': op(
    'openShareLink',
    "A share link's content, for its holder (no account): the token, and its password when it has one",
  ),
  'POST /api/share/refresh': op(
    'refreshShareLink',
    'New file URLs for a share link page already open (the same checks and limit as opening it; not logged as an opening)',
  ),
  // API tokens
  'GET /api/api-tokens': op('listApiTokens', 'List your API tokens'),
  'POST /api/api-tokens': op('createApiToken', 'Create an API token (the answer is the only time it is shown)'),
  'DELETE /api/api-tokens/{id}': op('revokeApiToken', 'Revoke one of your API tokens'),
  // map
  'GET /api/uploads/limits': op('getUploadLimits', 'The file limits this server applies to uploads (photo and report bytes, megapixels)'),
  'GET /api/map/settings': op('getMapSettings', 'The map style the dashboard draws (MAP_STYLE_URL), null for the offline basemap'),
  // turbines
  'GET /api/turbines': op('listTurbines', 'List the turbines the caller may see'),
  'POST /api/turbines': op('createTurbine', 'Create a turbine'),
  'GET /api/turbines/export': op('exportTurbines', 'The listed turbines as CSV or XLSX'),
  'POST /api/turbines/import': op('importTurbines', 'Check or import a turbine sheet (all rows or none)'),
  'GET /api/turbines/{id}': op('getTurbine', 'One turbine'),
  'PUT /api/turbines/{id}': op('updateTurbine', 'Change a turbine'),
  'DELETE /api/turbines/{id}': op('deleteTurbine', 'Delete a turbine with its photos, reports, comments and findings'),
  // photos
  'GET /api/turbines/{id}/photos': op('listTurbinePhotos', 'A turbine’s photos, newest first, with signed file URLs'),
  'POST /api/turbines/{id}/photos': op('uploadTurbinePhotos', 'Upload photos (multipart/form-data)'),
  'DELETE /api/turbines/{id}/photos': op('deleteTurbinePhotos', 'Delete photos of a turbine'),
  'POST /api/turbines/{id}/photos/known-hashes': op('findKnownPhotoHashes', 'Which of these SHA-256 hashes the turbine already holds'),
  'GET /api/turbines/{id}/coverage': op('getTurbineCoverage', 'What a turbine’s photos of a year cover (blade x source, rooms)'),
  // resumable uploads (tus)
  'POST /api/uploads': op('createTusUpload', 'tus: create a resumable photo upload'),
  'HEAD /api/uploads/{id}': op('getTusUploadOffset', 'tus: how many bytes of the upload the server holds'),
  'PATCH /api/uploads/{id}': op('appendTusUpload', 'tus: append bytes at Upload-Offset'),
  'DELETE /api/uploads/{id}': op('terminateTusUpload', 'tus: end the upload and remove its bytes'),
  'GET /api/uploads/{id}/outcome': op('getTusUploadOutcome', 'The outcome of a finished upload (for a client that lost the last answer)'),
  // reports
  'GET /api/turbines/{id}/reports': op('listTurbineReports', 'A turbine’s reports, with signed download URLs'),
  'POST /api/turbines/{id}/reports': op('uploadTurbineReports', 'Upload PDF reports (multipart/form-data)'),
  'POST /api/turbines/{id}/reports/generate': op('generateTurbineReport', 'Start generating a turbine’s inspection report'),
  'GET /api/turbines/{id}/reports/jobs/{jobId}': op('getTurbineReportJob', 'The progress of a turbine report job'),
  'POST /api/campaigns/{id}/reports/generate': op('generateCampaignReports', 'Start generating the reports of a campaign’s turbines'),
  'GET /api/campaigns/{id}/reports/jobs/{jobId}': op('getCampaignReportJob', 'The progress of a campaign report job'),
  'DELETE /api/turbines/{id}/reports/{reportId}': op('deleteTurbineReport', 'Delete a report'),
  // comments
  'GET /api/turbines/{id}/comments': op('listTurbineComments', 'A turbine’s comments'),
  'POST /api/turbines/{id}/comments': op('createTurbineComment', 'Comment on a turbine'),
  'PUT /api/turbines/{id}/comments/{commentId}': op('updateTurbineComment', 'Change a comment'),
  'DELETE /api/turbines/{id}/comments/{commentId}': op('deleteTurbineComment', 'Delete a comment'),
  // findings
  'GET /api/turbines/{id}/findings': op('listTurbineFindings', 'A turbine’s findings, filtered'),
  'POST /api/turbines/{id}/findings': op('createFinding', 'Create a draft finding with its first observation'),
  'GET /api/turbines/{id}/findings/export': op('exportTurbineFindings', 'A turbine’s findings as CSV or XLSX'),
  'GET /api/findings/export': op('exportFleetFindings', 'The findings of the listed turbines as CSV or XLSX'),
  'GET /api/findings': op(
    'listFleetFindings',
    'Findings across the listed turbines (the dashboard filters), most severe first, at most 500',
  ),
  'GET /api/findings/distance-bands': op('countFindingsByDistanceBand', 'Open findings of the listed turbines per 10 m band from the root'),
  'GET /api/turbines/{id}/photos/{photoId}/findings': op('listPhotoFindings', 'The findings drawn on one photo'),
  'POST /api/turbines/{id}/findings/suggestions': op('suggestFindingsForPlacement', 'Findings near a placement, to link a new sighting to'),
  'GET /api/turbines/{id}/findings/link-review': op('getFindingLinkReview', 'A year’s unlinked findings with their link suggestions'),
  'GET /api/turbines/{id}/findings/{findingId}/link-suggestions': op('listFindingLinkSuggestions', 'Earlier findings this one may be'),
  'POST /api/turbines/{id}/findings/{findingId}/link': op('linkFinding', 'Merge a finding into an earlier one'),
  'POST /api/turbines/{id}/findings/{findingId}/link-suggestions/{targetId}/dismiss': op(
    'dismissFindingLinkSuggestion',
    'Dismiss one link suggestion',
  ),
  'GET /api/turbines/{id}/findings/{findingId}': op('getFinding', 'One finding with its observations, history and allowed transitions'),
  'PUT /api/turbines/{id}/findings/{findingId}': op('updateFinding', 'Change a finding (with the version it started from)'),
  'DELETE /api/turbines/{id}/findings/{findingId}': op('deleteFinding', 'Delete a finding'),
  'POST /api/turbines/{id}/findings/{findingId}/status': op('changeFindingStatus', 'Move a finding to another status'),
  'POST /api/turbines/{id}/findings/{findingId}/observations': op('addFindingObservation', 'Add a sighting to a finding'),
  'DELETE /api/turbines/{id}/findings/{findingId}/observations/{observationId}': op('deleteFindingObservation', 'Remove a sighting'),
  // campaigns
  'GET /api/campaigns': op('listCampaigns', 'List inspection campaigns'),
  'POST /api/campaigns': op('createCampaign', 'Plan an inspection campaign'),
  'GET /api/campaigns/{id}': op('getCampaign', 'One campaign with its board'),
  'PUT /api/campaigns/{id}': op('updateCampaign', 'Change a campaign'),
  'DELETE /api/campaigns/{id}': op('deleteCampaign', 'Delete a campaign'),
  'POST /api/campaigns/{id}/waivers': op('waiveCampaignItem', 'Waive an inspection method for a turbine of a campaign'),
  'DELETE /api/campaigns/{id}/waivers/{waiverId}': op('deleteCampaignWaiver', 'Withdraw a waiver'),
  // contact, mail, audit
  'POST /api/contact': op('sendContactMessage', 'Send a message from the public contact form'),
  'GET /api/admin/mail-outbox': op('listMailOutbox', 'E-mails waiting or failed in the outbox'),
  'POST /api/admin/mail-outbox/{id}/retry': op('retryOutboxMail', 'Send a failed e-mail again'),
  'GET /api/audit': op('listAuditEvents', 'The audit log, newest first, one page'),
  'GET /api/audit/export': op('exportAuditEvents', 'The audit rows the filters match, as CSV'),
  // share links (the other share-link routes name theirs in share-links/routes.ts)
  'GET /api/share-links/page': op(
    'listShareLinkPage',
    'One page of the share links of your company (the superadmin: every company, or company_id), newest first, by state and turbine',
  ),
};
