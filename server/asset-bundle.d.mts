export const MAX_BUNDLE_FILES: number;
/** The bundle URL for these file URLs (all '.js' or all '.css'), or null when one cannot be bundled. */
export function bundleUrl(urls: string[], ext: '.js' | '.css'): string | null;
export function parseBundle(name: string | undefined, list: string | null | undefined): { ext: '.js' | '.css'; files: { root: 'core' | 'libraries'; rel: string }[] } | null;
export function rebaseCss(css: string, fileUrl: string): { imports: string[]; body: string };
export function joinBundle(ext: '.js' | '.css', texts: string[], urls: string[]): string;
