/** The public pages the build prerenders (issue 22): their HTML paints before the app's JS has loaded. */
export const PRERENDERED_PATHS = ['/', '/about', '/contact', '/support', '/faq', '/privacy', '/login'] as const;
