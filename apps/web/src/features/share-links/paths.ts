/** The company-wide share links page (issue 26 item 1). Kept here, not in app/paths.ts: that file is in the entry chunk,
 *  whose budget is spent (the route in router.tsx writes the same path). */
export const shareLinkPaths = { list: '/dashboard/share-links' } as const;
