/** the window event a screen dispatches when the user's usage changed (the top bar's credits reload) */
export const USAGE_CHANGED = 'lumen:usage-changed';
export function announceUsageChanged(): void {
  if (typeof window !== 'undefined') window.dispatchEvent(new Event(USAGE_CHANGED));
}
