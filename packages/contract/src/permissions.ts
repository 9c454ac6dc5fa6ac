import { isManager, type Role } from './roles.ts';
import { COMMENT_EDIT_WINDOW_MS } from './constants.ts';

/** Who is acting: always taken from the signed-in user's own record on the server. */
export interface Actor {
  id: number;
  role: Role;
  companyId: number;
}

/** What is acted on. Company scope is enforced by scoped queries (another company's row is "not found");
 *  these fields decide the finer rules: ownership, protected accounts, time windows. */
export interface Resource {
  companyId?: number;
  /** author or uploader */
  ownerId?: number | null;
  createdAt?: Date | string;
  /** for user targets */
  targetRole?: Role;
  targetIsProtected?: boolean;
  targetId?: number;
  /** for user edits: the company and role the user would get */
  newCompanyId?: number;
  newRole?: Role;
  /** for findings: who marked it repaired, and its status */
  repairedBy?: number | null;
  findingStatus?: string;
}

export const ACTIONS = [
  'turbine.read',
  'turbine.create',
  'turbine.update',
  'turbine.delete',
  'turbine.changeCompany',
  'photo.read',
  'photo.upload',
  'photo.delete',
  'report.read',
  'report.upload',
  'report.generate',
  'report.delete',
  'comment.read',
  'comment.create',
  'comment.update',
  'comment.delete',
  'user.list',
  'user.create',
  'user.update',
  'user.changePassword',
  'user.delete',
  'user.readEmail',
  'company.read',
  'company.list',
  'company.create',
  'company.update',
  'company.delete',
  'finding.read',
  'finding.readDrafts',
  'finding.create',
  'finding.update',
  'finding.review',
  'finding.plan',
  'finding.markRepaired',
  'finding.verify',
  'finding.reopen',
  'finding.delete',
  'finding.link',
  'notification.read',
  'campaign.read',
  'campaign.create',
  'campaign.update',
  'campaign.delete',
  'campaign.waive',
  'mail.read',
  'mail.retry',
  'apiToken.manage',
  'audit.read',
  'shareLink.manage',
  'webhook.manage',
] as const;
export type Action = (typeof ACTIONS)[number];

type Rule = boolean | ((actor: Actor, resource: Resource, now: Date) => boolean);
type RoleClass = 'superadmin' | 'manager' | 'operator' | 'customer' | 'viewer';

function roleClass(role: Role): RoleClass {
  if (role === 'superadmin') return 'superadmin';
  if (isManager(role)) return 'manager';
  return role as RoleClass;
}

const sameCompany = (a: Actor, r: Resource) => r.companyId === undefined || r.companyId === a.companyId;
const ownsIt = (a: Actor, r: Resource) => r.ownerId != null && r.ownerId === a.id;
const withinEditWindow = (r: Resource, now: Date) =>
  r.createdAt !== undefined && now.getTime() - new Date(r.createdAt).getTime() <= COMMENT_EDIT_WINDOW_MS;
const ownRecentComment: Rule = (a, r, now) => sameCompanyOrUnset(a, r) && ownsIt(a, r) && withinEditWindow(r, now);
function sameCompanyOrUnset(a: Actor, r: Resource) {
  return sameCompany(a, r);
}

/** A manager may act on a user of its own company who is neither a superadmin nor protected,
 *  and may not move them to another company or make them superadmin. */
const managerMayEditUser: Rule = (a, r) =>
  sameCompany(a, r) &&
  r.targetRole !== 'superadmin' &&
  !r.targetIsProtected &&
  (r.newCompanyId === undefined || r.newCompanyId === a.companyId) &&
  r.newRole !== 'superadmin' &&
  // a manager does not change their own role
  (r.targetId !== a.id || r.newRole === undefined || r.newRole === a.role);
const notProtected: Rule = (_a, r) => !r.targetIsProtected;
/** superadmin is never granted through the users page; an existing superadmin keeps the role */
const superadminMayEditUser: Rule = (_a, r) => !r.targetIsProtected && (r.newRole !== 'superadmin' || r.targetRole === 'superadmin');
const superadminMayDeleteUser: Rule = (a, r) => !r.targetIsProtected && r.targetId !== a.id;
const managerMayDeleteUser: Rule = (a, r, now) => managerMayEditUser(a, r, now) && r.targetId !== a.id;

/** Findings (§12): two-person rules. Unknown author / repairer (a web check before loading) does not refuse. */
const notTheAuthor: Rule = (a, r) => r.ownerId == null || r.ownerId !== a.id;
const notTheRepairer: Rule = (a, r) => r.repairedBy == null || r.repairedBy !== a.id;
const anyDraft: Rule = (_a, r) => r.findingStatus === undefined || r.findingStatus === 'draft';
const ownDraft: Rule = (a, r, now) => anyDraft(a, r, now) && (r.ownerId === undefined || ownsIt(a, r));
/** Linking removes the source finding into another: a reviewer's step (as confirm or reject), or the author's own draft.
 *  A rejected finding is never linked. */
const reviewerOrOwnDraft: Rule = (a, r, now) => r.findingStatus !== 'rejected' && (notTheAuthor(a, r, now) || ownDraft(a, r, now));
const onlyOwnDraft: Rule = (a, r, now) => r.findingStatus !== 'rejected' && ownDraft(a, r, now);

/** DECISIONS.md §1 as data. One row per action, one column per role class. */
export const PERMISSIONS: Record<Action, Record<RoleClass, Rule>> = {
  'turbine.read': { superadmin: true, manager: true, operator: true, customer: true, viewer: true },
  'turbine.create': { superadmin: true, manager: sameCompany, operator: false, customer: false, viewer: false },
  'turbine.update': { superadmin: true, manager: false, operator: false, customer: false, viewer: false },
  'turbine.delete': { superadmin: true, manager: false, operator: false, customer: false, viewer: false },
  'turbine.changeCompany': { superadmin: true, manager: false, operator: false, customer: false, viewer: false },
  'photo.read': { superadmin: true, manager: true, operator: true, customer: true, viewer: true },
  'photo.upload': { superadmin: true, manager: true, operator: true, customer: false, viewer: false },
  'photo.delete': { superadmin: true, manager: true, operator: ownsIt, customer: false, viewer: false },
  'report.read': { superadmin: true, manager: true, operator: true, customer: true, viewer: true },
  'report.upload': { superadmin: true, manager: true, operator: true, customer: false, viewer: false },
  /** issue 17: a generated report is a new revision like an upload, so the same people may make one */
  'report.generate': { superadmin: true, manager: true, operator: true, customer: false, viewer: false },
  'report.delete': { superadmin: true, manager: true, operator: ownsIt, customer: false, viewer: false },
  'comment.read': { superadmin: true, manager: true, operator: true, customer: true, viewer: true },
  'comment.create': { superadmin: true, manager: true, operator: true, customer: true, viewer: false },
  'comment.update': { superadmin: true, manager: ownRecentComment, operator: ownRecentComment, customer: ownRecentComment, viewer: false },
  'comment.delete': { superadmin: true, manager: ownRecentComment, operator: ownRecentComment, customer: ownRecentComment, viewer: false },
  'user.list': { superadmin: true, manager: true, operator: false, customer: false, viewer: false },
  'user.create': { superadmin: true, manager: false, operator: false, customer: false, viewer: false },
  'user.update': { superadmin: superadminMayEditUser, manager: managerMayEditUser, operator: false, customer: false, viewer: false },
  'user.changePassword': { superadmin: notProtected, manager: managerMayEditUser, operator: false, customer: false, viewer: false },
  'user.delete': { superadmin: superadminMayDeleteUser, manager: managerMayDeleteUser, operator: false, customer: false, viewer: false },
  /** a person's e-mail address where it appears beside their name (a photo's uploader): resource.companyId is theirs */
  'user.readEmail': { superadmin: true, manager: sameCompany, operator: false, customer: false, viewer: false },
  'company.read': { superadmin: true, manager: sameCompany, operator: sameCompany, customer: sameCompany, viewer: sameCompany },
  'company.list': { superadmin: true, manager: false, operator: false, customer: false, viewer: false },
  'company.create': { superadmin: true, manager: false, operator: false, customer: false, viewer: false },
  'company.update': { superadmin: true, manager: false, operator: false, customer: false, viewer: false },
  'company.delete': { superadmin: true, manager: false, operator: false, customer: false, viewer: false },
  // findings (DECISIONS §12)
  'finding.read': { superadmin: true, manager: true, operator: true, customer: true, viewer: true },
  'finding.readDrafts': { superadmin: true, manager: true, operator: true, customer: false, viewer: false },
  'finding.create': { superadmin: true, manager: true, operator: true, customer: false, viewer: false },
  'finding.update': { superadmin: true, manager: true, operator: true, customer: false, viewer: false },
  'finding.review': { superadmin: notTheAuthor, manager: notTheAuthor, operator: false, customer: false, viewer: false },
  'finding.plan': { superadmin: true, manager: true, operator: false, customer: false, viewer: false },
  'finding.markRepaired': { superadmin: true, manager: true, operator: true, customer: false, viewer: false },
  'finding.verify': { superadmin: notTheRepairer, manager: notTheRepairer, operator: false, customer: false, viewer: false },
  'finding.reopen': { superadmin: true, manager: true, operator: false, customer: false, viewer: false },
  'finding.delete': { superadmin: true, manager: anyDraft, operator: ownDraft, customer: false, viewer: false },
  // linking a later sighting (the resource: the finding that goes) into an earlier finding: a reviewer's step unless it
  // is the caller's own draft, never a rejected one (issue 23). Without a finding (seeing and dismissing suggestions) it
  // is every role that edits findings
  'finding.link': { superadmin: reviewerOrOwnDraft, manager: reviewerOrOwnDraft, operator: onlyOwnDraft, customer: false, viewer: false },
  // escalation notifications (issue 16): they go to the managers of the finding's company and the superadmins, so only
  // they have a bell; each reads and marks only their own (the routes' queries carry the user)
  'notification.read': { superadmin: true, manager: true, operator: false, customer: false, viewer: false },
  // inspection campaigns (issue 17): everyone who sees the turbines sees the board; managers of the company and the
  // superadmin plan, edit, delete and waive coverage cells
  'campaign.read': { superadmin: true, manager: true, operator: true, customer: true, viewer: true },
  'campaign.create': { superadmin: true, manager: sameCompany, operator: false, customer: false, viewer: false },
  'campaign.update': { superadmin: true, manager: sameCompany, operator: false, customer: false, viewer: false },
  'campaign.delete': { superadmin: true, manager: sameCompany, operator: false, customer: false, viewer: false },
  'campaign.waive': { superadmin: true, manager: sameCompany, operator: false, customer: false, viewer: false },
  // the e-mail outbox (DECISIONS §15): what went out and what failed, across every company, is the operator's to see
  // and to send again
  'mail.read': { superadmin: true, manager: false, operator: false, customer: false, viewer: false },
  'mail.retry': { superadmin: true, manager: false, operator: false, customer: false, viewer: false },
  // personal API tokens (DECISIONS §17): every user may make, list and revoke their own (a token never has more rights
  // than its user, so a viewer's token only reads). Nobody manages another's: §17 names no such right, and deactivating
  // or deleting the user (or a password change) ends all of theirs
  'apiToken.manage': { superadmin: true, manager: true, operator: true, customer: true, viewer: true },
  // the audit log (DECISIONS §17): the superadmin reads every company's, a manager their own company's (the route's
  // query carries the company)
  'audit.read': { superadmin: true, manager: true, operator: false, customer: false, viewer: false },
  // share links (DECISIONS §17): a manager of the turbine's company (or the superadmin) shares a report or reviewed
  // findings with someone without an account, sees the openings and revokes; any manager of the company may revoke a
  // colleague's link (links belong to the company, and outlive their maker's account: see share-links/service.ts)
  'shareLink.manage': { superadmin: true, manager: sameCompany, operator: false, customer: false, viewer: false },
  // webhooks (§17): a company's managers for their company (the queries carry the company), the superadmin for any
  'webhook.manage': { superadmin: true, manager: true, operator: false, customer: false, viewer: false },
};

/** The one permission check, used by the server's services and by the web app to hide what the server would refuse. */
export function can(actor: Actor | null | undefined, action: Action, resource: Resource = {}, now: Date = new Date()): boolean {
  if (!actor) return false;
  const rule = PERMISSIONS[action][roleClass(actor.role)];
  return typeof rule === 'function' ? rule(actor, resource, now) : rule;
}

/** Whether the role may take the action on some resource at all (for showing a button or a page). */
export function canEver(role: Role, action: Action): boolean {
  return PERMISSIONS[action][roleClass(role)] !== false;
}

/** Superadmin sees every company; everyone else only their own. */
export function seesAllCompanies(actor: Actor): boolean {
  return actor.role === 'superadmin';
}
