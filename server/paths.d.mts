export const JSON_BODY_LIMIT: number;
export const STREAMING_UPLOAD_PATHS: string[];
export const STREAMING_UPLOADS: RegExp;
export const HOST_HEADER: 'x-lumen-host';
export const CONNECTION_IP_HEADER: 'x-lumen-connection-ip';
