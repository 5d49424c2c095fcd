export const CONTENT_PATH: RegExp;
export function isContentPath(pathname: string): boolean;
export const CONTENT_ORIGIN_HEADER: string;
export const CONTENT_SANDBOX_EXTRA: string;
export interface ContentOrigin {
  url: string | null;
  port: number | null;
  host: string | null;
}
export function contentOrigin(env?: Record<string, string | undefined>): ContentOrigin;
export function isContentRequest(origin: ContentOrigin, hostHeader: string | undefined | null, onContentPort: boolean): boolean;
