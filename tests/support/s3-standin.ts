// An S3-compatible store for the tests: s3rver (the S3 REST protocol over HTTP, objects in a temporary folder),
// started on a free port. The app reaches it through @aws-sdk/client-s3 exactly as it reaches AWS S3 or MinIO.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
// s3rver ships no types
// eslint-disable-next-line @typescript-eslint/ban-ts-comment
// @ts-ignore
import S3rver from 's3rver';

export interface S3StandIn {
  endpoint: string;
  /** the credentials s3rver accepts (its fixed defaults) */
  accessKeyId: string;
  secretAccessKey: string;
  directory: string;
  close(): Promise<void>;
}

/** Starts s3rver on 127.0.0.1 (port 0: a free one). Buckets are created by the app on first use. */
export async function startS3StandIn(): Promise<S3StandIn> {
  const directory = fs.mkdtempSync(path.join(os.tmpdir(), 'lumen-s3rver-'));
  const server = new S3rver({ address: '127.0.0.1', port: 0, silent: true, directory, vhostBuckets: false });
  const addr = (await server.run()) as { address: string; port: number };
  return {
    endpoint: `http://127.0.0.1:${addr.port}`,
    accessKeyId: 'S3RVER',
    secretAccessKey: 'S3RVER',
    directory,
    async close() {
      await new Promise<void>((resolve) => server.close(() => resolve()));
      fs.rmSync(directory, { recursive: true, force: true });
    },
  };
}

/** The app's FILE_STORE=s3 variables for a stand-in and a bucket. */
export function s3Env(s3: S3StandIn, bucket: string): Record<string, string> {
  return {
    FILE_STORE: 's3',
    S3_ENDPOINT: s3.endpoint,
    S3_BUCKET: bucket,
    S3_REGION: 'us-east-1',
    S3_ACCESS_KEY_ID: s3.accessKeyId,
    S3_SECRET_ACCESS_KEY: s3.secretAccessKey,
    S3_FORCE_PATH_STYLE: 'true',
  };
}
