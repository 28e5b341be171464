// What a thrown value carries, read without trusting its shape: anything may be thrown (a driver's error, null).

/** Its `code` (a driver's SQLSTATE or SQLite code, a plugin's FST_… code), else undefined. */
export const codeOf = (e: unknown): unknown =>
  typeof e === 'object' && e !== null && 'code' in e ? e.code : undefined;

/** Its `message`, else undefined. */
export const messageOf = (e: unknown): unknown =>
  typeof e === 'object' && e !== null && 'message' in e ? e.message : undefined;

/** Its HTTP `statusCode` (a Fastify plugin's refusal), else undefined. */
export const statusCodeOf = (e: unknown): unknown =>
  typeof e === 'object' && e !== null && 'statusCode' in e ? e.statusCode : undefined;
