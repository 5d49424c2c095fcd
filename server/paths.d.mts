export const JSON_BODY_LIMIT: number;
export const STREAMING_UPLOAD_PATHS: string[];
export const STREAMING_UPLOADS: RegExp;
export const HOST_HEADER: 'x-lumen-host';
export const CONNECTION_IP_HEADER: 'x-lumen-connection-ip';
export const LIBRARY_DIR: RegExp;
export const CONTENT_ROUTE_NAMES: Set<string>;
export const LIBRARY_ROUTE_NAMES: Set<string>;
