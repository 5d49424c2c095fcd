export type PathClass = 'player' | 'user-file' | 'h5p' | 'lti' | 'docs' | 'app';
export const PLAYER_SANDBOX: string;
export const CONTENT_PLAYER_SANDBOX: string;
export const DOCS_CSP: string;
export const PLAYER_PATH_CSP: string;
export const USER_FILE_CSP: string;
export function pathClass(pathname: string): PathClass;
export function frameAncestorsOf(cls: PathClass): string;
export function edgeHeaders(pathname: string): { set: Record<string, string>; remove: string[] };
export function proxyHeaders(pathname: string): { set: Record<string, string>; remove: string[] };
/** Marks a response whose headers have had the policy applied already (the fast lane's). */
export const POLICY_APPLIED: unique symbol;
export function applyHeaderPolicy(pathname: string, h: { get(name: string): unknown; set(name: string, value: string): void; remove(name: string): void }): void;
export function newNonce(): string;
export function formActionOf(url: string): string;
export function pageCsp(o: { nonce: string; formAction: string; strictDynamic?: boolean }): string;
export function playerCsp(nonce: string, opts?: { sameOrigin?: boolean }): string;
export function isWorkspacePage(pathname: string): boolean;
export function workspacePageCsp(nonce: string, pathname: string): string;
