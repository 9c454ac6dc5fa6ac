/** Every key this app writes to browser storage (spec §3: token, user record, language, theme, interface state). */
export const STORAGE_KEYS = {
  token: 'windscope.auth.token',
  user: 'windscope.auth.user',
  language: 'windscope.language',
  theme: 'windscope.theme',
  uiState: 'windscope.ui',
  /** dashboard: 'grid' or 'list' (spec §2: the turbine list's view, remembered) */
  dashboardView: 'windscope.dashboard.view',
  /** dashboard list: the asset columns shown (issue 27 item 1), a JSON array, per user: this prefix + '.' + user id */
  dashboardColumns: 'windscope.dashboard.columns',
} as const;

/** sessionStorage: set once we reloaded after a missing code chunk (a deploy replaced it), so we never loop. */
export const SESSION_KEYS = {
  chunkReload: 'windscope.chunk-reload',
} as const;
