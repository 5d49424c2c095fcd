// The interface theme: the account menu writes the choice to a cookie; the root layout reads it and sets
// html[data-theme] (no attribute = follow the system).
export const THEME_COOKIE = 'theme';
export type Theme = 'light' | 'dark' | 'system';
export function themeOf(cookie: string | undefined): Theme {
  return cookie === 'light' || cookie === 'dark' ? cookie : 'system';
}

/** the sidebar's collapsed state, written by the sidebar's button and read by the shell on the server */
export const SIDEBAR_COOKIE = 'sidebar';
