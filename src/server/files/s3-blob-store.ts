import { Readable } from "node:stream";
import {
  DeleteObjectCommand,
  GetObjectCommand,
  PutObjectCommand,
  paginateListObjectsV2,
  S3Client,
  S3ServiceException,
} from "@aws-sdk/client-s3";
import { assertBlobKey, type BlobStore, isBlobKey } from "./blob-store.ts";

export type S3BlobStoreOptions = {
  bucket: string;
  /** Address of an S3-compatible service other than AWS; null for AWS itself. */
  endpoint: string | null;
  region: string;
  /** Address the bucket as a path (https://host/bucket/key), as most services other than AWS ask. */
  forcePathStyle: boolean;
  /** Only for a test server: otherwise the AWS SDK's usual sources (environment, profile, the machine's role). */
  credentials?: { accessKeyId: string; secretAccessKey: string };
};

/** Every file's bytes are under this prefix, so the bucket can hold other things the sweep never lists. */
const PREFIX = "files/";

/**
 * S3-compatible object storage: each file as the object `files/<id>`. A PUT is atomic in S3 (readers see
 * the old object, the new one or none, never part of one), so a write needs no temporary object.
 */
export function s3BlobStore(options: S3BlobStoreOptions): BlobStore {
  const { bucket } = options;
  const client = new S3Client({
    region: options.region,
    ...(options.endpoint ? { endpoint: options.endpoint } : {}),
    forcePathStyle: options.forcePathStyle,
    ...(options.credentials ? { credentials: options.credentials } : {}),
  });
  const nameOf = (key: string) => {
    assertBlobKey(key);
    return `${PREFIX}${key}`;
  };
  // The host only: an endpoint written with a user and password in it must not reach the start line.
  const where = options.endpoint ? ` at ${new URL(options.endpoint).host}` : "";
  return {
    description: `the bucket ${bucket}${where}`,
    async put(key, content, mimeType) {
      await client.send(
        new PutObjectCommand({
          Bucket: bucket,
          Key: nameOf(key),
          Body: content,
          ContentType: mimeType,
          ContentLength: content.length,
        }),
      );
    },
    async open(key) {
      try {
        const object = await client.send(new GetObjectCommand({ Bucket: bucket, Key: nameOf(key) }));
        // In Node the SDK answers the HTTP response itself, a Readable; anything else is a wrong setup.
        if (!(object.Body instanceof Readable))
          throw new Error("S3 answered a body that is not a Node stream");
        return object.Body;
      } catch (error) {
        if (isMissing(error)) return null;
        throw error;
      }
    },
    async delete(key) {
      // S3 answers a delete of a missing object as done.
      await client.send(new DeleteObjectCommand({ Bucket: bucket, Key: nameOf(key) }));
    },
    async *list() {
      for await (const page of paginateListObjectsV2({ client }, { Bucket: bucket, Prefix: PREFIX })) {
        for (const object of page.Contents ?? []) {
          const key = object.Key?.slice(PREFIX.length) ?? "";
          if (!isBlobKey(key)) continue;
          // S3 always says when; a service that does not counts as just written, so the sweep waits.
          yield { key, writtenAt: object.LastModified ?? new Date() };
        }
      }
    },
    async close() {
      client.destroy();
    },
  };
}

/**
 * A missing object. A missing bucket also answers 404, but that is a wrong setup to report, not a file
 * without bytes.
 */
function isMissing(error: unknown): boolean {
  if (!(error instanceof S3ServiceException)) return false;
  if (error.name === "NoSuchKey") return true;
  return error.$metadata.httpStatusCode === 404 && error.name !== "NoSuchBucket";
}
