/** Every query key of the app, built here so invalidation after a mutation hits exactly what changed (DECISIONS §9).
 *  The first segment picks the stale time (app/query-client.ts): 'turbines' 2 min, 'photos' 3 min, the rest 5 min. */
type Id = number | string;
type Filters = Record<string, string | number | boolean | null | undefined>;

export const queryKeys = {
  session: () => ['session'] as const,
  mapSettings: () => ['map-settings'] as const,
  uploadLimits: () => ['upload-limits'] as const,
  turbines: {
    all: () => ['turbines'] as const,
    list: (filters: Filters = {}) => ['turbines', 'list', filters] as const,
    detail: (id: Id) => ['turbines', 'detail', String(id)] as const,
    /** under 'turbines': every finding change refreshes the turbines, and these with them */
    fleetFindings: (filters: Filters = {}) => ['turbines', 'fleet-findings', filters] as const,
    distanceBands: (filters: Filters = {}) => ['turbines', 'distance-bands', filters] as const,
  },
  photos: {
    all: () => ['photos'] as const,
    ofTurbine: (turbineId: Id) => ['photos', String(turbineId)] as const,
    list: (turbineId: Id, filters: Filters = {}) => ['photos', String(turbineId), filters] as const,
  },
  reports: {
    ofTurbine: (turbineId: Id, filters: Filters = {}) => ['reports', String(turbineId), filters] as const,
  },
  comments: {
    ofTurbine: (turbineId: Id) => ['comments', String(turbineId)] as const,
  },
  findings: {
    ofTurbine: (turbineId: Id) => ['findings', String(turbineId)] as const,
    list: (turbineId: Id, filters: Filters = {}) => ['findings', String(turbineId), 'list', filters] as const,
    detail: (turbineId: Id, findingId: Id) => ['findings', String(turbineId), 'detail', String(findingId)] as const,
    ofPhoto: (turbineId: Id, photoId: Id) => ['findings', String(turbineId), 'photo', String(photoId)] as const,
    linkSuggestions: (turbineId: Id, findingId: Id) => ['findings', String(turbineId), 'link', String(findingId)] as const,
    placement: (turbineId: Id, placement: Filters) => ['findings', String(turbineId), 'placement', placement] as const,
    linkReview: (turbineId: Id, year: number) => ['findings', String(turbineId), 'review', year] as const,
  },
  notifications: {
    all: () => ['notifications'] as const,
    unread: () => ['notifications', 'unread'] as const,
    list: () => ['notifications', 'list'] as const,
    settings: () => ['notifications', 'settings'] as const,
  },
  users: {
    all: () => ['users'] as const,
    list: (filters: Filters = {}) => ['users', 'list', filters] as const,
  },
  campaigns: {
    all: () => ['campaigns'] as const,
    list: () => ['campaigns', 'list'] as const,
    board: (id: Id) => ['campaigns', 'board', String(id)] as const,
  },
  apiTokens: {
    all: () => ['api-tokens'] as const,
  },
  shareLinks: {
    all: () => ['share-links'] as const,
    list: (turbineId: Id | null) => ['share-links', 'list', turbineId === null ? 'all' : String(turbineId)] as const,
    openings: (id: Id) => ['share-links', 'openings', String(id)] as const,
    page: (filters: object, page: number) => ['share-links', 'page', filters, page] as const,
  },
  webhooks: {
    all: () => ['webhooks'] as const,
    deliveries: (id: number) => ['webhooks', id, 'deliveries'] as const,
  },
  audit: {
    list: (filters: Filters = {}) => ['audit', 'list', filters] as const,
  },
  mailOutbox: {
    all: () => ['mail-outbox'] as const,
    list: (status: string) => ['mail-outbox', 'list', status] as const,
  },
  companies: {
    all: () => ['companies'] as const,
    list: () => ['companies', 'list'] as const,
  },
} as const;
