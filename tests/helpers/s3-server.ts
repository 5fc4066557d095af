import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { CreateBucketCommand, S3Client } from "@aws-sdk/client-s3";
import S3rver from "s3rver";
import type { BlobStore } from "../../src/server/files/blob-store.ts";
import { s3BlobStore } from "../../src/server/files/s3-blob-store.ts";

/** s3rver takes any key pair; the AWS SDK insists on one. */
export const S3RVER_CREDENTIALS = { accessKeyId: "S3RVER", secretAccessKey: "S3RVER" };

export type TestS3 = {
  endpoint: string;
  /** A client of the server, for what a test does around the store (making buckets). */
  admin: S3Client;
  /** A store on a new, empty bucket of its own. */
  freshStore(): Promise<BlobStore>;
  stop(): Promise<void>;
};

let buckets = 0;

/**
 * A local S3-compatible server (s3rver) in this process, its objects in a temporary folder: the S3
 * backend's tests run against it as the app runs against a bucket.
 */
export async function startTestS3(): Promise<TestS3> {
  const directory = await mkdtemp(join(tmpdir(), "pedaali-s3rver-"));
  const server = new S3rver({ address: "127.0.0.1", port: 0, silent: true, directory });
  const { port } = await server.run();
  const endpoint = `http://127.0.0.1:${port}`;
  const admin = new S3Client({
    region: "eu-north-1",
    endpoint,
    forcePathStyle: true,
    credentials: S3RVER_CREDENTIALS,
  });
  return {
    endpoint,
    admin,
    async freshStore() {
      const bucket = `pedaali-test-${process.pid}-${++buckets}`;
      await admin.send(new CreateBucketCommand({ Bucket: bucket }));
      return s3BlobStore({
        bucket,
        endpoint,
        region: "eu-north-1",
        forcePathStyle: true,
        credentials: S3RVER_CREDENTIALS,
      });
    },
    async stop() {
      admin.destroy();
      await server.close();
      await rm(directory, { recursive: true, force: true });
    },
  };
}
