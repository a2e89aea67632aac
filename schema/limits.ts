// The upload limits the worker enforces and the SPA checks before sending (docs/features.md), and the text
// limits of the request schemas (schema/requests.ts): one module, so the two never disagree, and light enough for a
// screen that needs a limit without the request schemas.
const MiB = 1024 * 1024;

/** Lengths of text fields and lists in requests. */
export const LIMITS = {
  name: 64,
  /** Shortest user name: "Hello a!" greets nobody. */
  userNameMin: 3,
  title: 200,
  teaser: 1_000,
  text: 20_000,
  password: { min: 10, max: 256 },
  searchText: 200,
  slug: 120,
  listItems: 100,
} as const;

/** Files sent inside one multipart request (worker/services/uploads.ts). */
export const UPLOAD_LIMITS = {
  /** Largest image file. */
  image: 10 * MiB,
  /** Largest video file: what fits in one request beside a body and a few images. */
  video: 95 * MiB,
  /** Whole request body: Workers refuse larger ones (100 MB on the Free and Pro plans). */
  request: 100 * 1000 * 1000,
  /** The `body` JSON part. */
  body: 1 * MiB,
  /** File parts per request. */
  files: 50,
  /** R2 multipart part size: R2 wants every part but the last at least 5 MiB and all of one size. */
  partSize: 5 * MiB,
} as const;

/** Videos sent as resumable uploads (worker/services/resumable-uploads.ts, decision 017). */
export const RESUMABLE_LIMITS = {
  /** Largest video sent in parts: 2 GB. */
  video: 2_000_000_000,
  /** Largest import file sent in parts (what POST /imports takes by the part `upload`): 2 GB. */
  importFile: 2_000_000_000,
  /** Every part but the last is exactly this long: R2 wants at least 5 MiB and one size for all but the last. */
  partSize: 8 * 1024 ** 2,
  /** Unfinished or unattached uploads one user may hold at a time. */
  perUser: 10,
  /** Bytes (declared sizes) those may add up to: storage an editor can hold in R2 without an entity showing it. */
  bytesPerUser: 5_000_000_000,
  /** How long an upload may be left alone before the Cron Trigger clears it. */
  idleMillis: 24 * 3600 * 1000,
} as const;
