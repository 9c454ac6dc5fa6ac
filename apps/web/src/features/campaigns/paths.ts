/** The campaign screens' URLs (issue 17). Kept beside the feature rather than in app/paths.ts, which the home page
 *  loads (its size budget); the route is app/router.tsx's `dashboard/campaigns/:id?`. */
export const campaignPaths = {
  list: '/dashboard/campaigns',
  board: (id: number | string) => `/dashboard/campaigns/${id}`,
} as const;
