import { actions } from '../../../../generated/actions.js';
import path from 'node:path';
import type { FastifyRequest } from 'fastify';
import multipart from '@fastify/multipart';
import { Messages } from '../../../shared/messages.js';
import { UPLOAD_MAX_BYTES } from '../../../shared/constants.js';
import {
  envelopeSchema,
  fileBody,
  nullSchema,
  paramsSchema,
  querySchema,
  withParametersBody,
} from '../../core/crud.js';
import { forbidden, notFound, ok, validationFailed } from '../../core/envelope.js';
import { DiskFloor } from '../../core/disk.js';
import { signedIn } from '../../core/guard.js';
import { codeOf, statusCodeOf } from '../../core/thrown.js';
import type { Domain } from '../../context.js';
import { detectImage, mimeOfExt } from './image-type.js';
import { UploadQuota } from './quota.js';
import { UploadStore } from './storage.js';

/**
 * Uploads on upstream's path: `POST /minio/upload` (multipart field `file`) → `{url, name}`. Checked by content
 * (JPEG / PNG magic bytes) and size (≤ UPLOAD_MAX_BYTES), else a 404 envelope and nothing written; stored in the
 * database under a name made of its content's hash (storage.ts), so every process serves it; served back at
 * `<API_BASE>/uploads/<name>` with the hash as ETag, cached for good (a name never changes bytes). Upstream lets anyone
 * upload; here a logged-in user is required (the guard), only the served files are public (for <img>).
 * `POST /minio/delete` (objectName: the name or its URL) removes one of those files, nothing else.
 * An account uploads at most UPLOAD_QUOTA bytes an hour, and no upload leaves the disk under DISK_FLOOR.
 */
/** A stored file's name (STORED_NAME, else not found), or a demo picture's. */
export const fileParams = paramsSchema(['name'], { name: { type: 'string' } });
/** The file itself: streamed, never serialized. */
export const fileResponse = { 200: { type: 'string', format: 'binary' } };

export const uploadDomain: Domain = (routes, { config, db }) => {
  const store = new UploadStore(db, config.dataDir);
  const disk = new DiskFloor(config.dataDir, config.quotas.diskFloor);
  const quota = new UploadQuota(db, config.quotas.uploadBytesPerHour);
  const urlOf = (name: string) => `${config.apiBase}/uploads/${name}`;
  const str = { type: 'string' };

  // Multipart parsing only in this scope, so no other route starts accepting it.
  routes.app.register(async (scope) => {
    await scope.register(multipart, { limits: { fileSize: UPLOAD_MAX_BYTES, files: 1, fields: 10, parts: 12 } });
    const schema = {
      body: fileBody('the image (multipart/form-data, field `file`)'),
      response: envelopeSchema({ type: 'object', properties: { url: str, name: str } }),
    };
    scope.route({
      method: actions.admin.upload.method,
      url: actions.admin.upload.url,
      schema,
      handler: async (req) => {
        const bytes = await readFile(req);
        const type = detectImage(bytes);
        if (!type) throw validationFailed({ file: Messages.uploadBadType });
        disk.check(bytes.length);
        const { name, sha256 } = UploadStore.address(bytes, type);
        const taken = await quota.take(signedIn(req), name, bytes.length);
        try {
          await store.save(bytes, name, sha256);
        } catch (e) {
          await taken.undo();
          throw e;
        }
        return ok({ url: urlOf(name), name });
      },
    });
  });

  routes.add({
    method: actions.admin.deleteUpload.method,
    url: actions.admin.deleteUpload.url,
    schema: withParametersBody({
      querystring: querySchema(['objectName'], { objectName: { type: 'string' } }),
      response: envelopeSchema(nullSchema),
    }),
    handler: async (req) => {
      // Stored names do not say who uploaded a file, so only platform staff may remove one (a seller could
      // otherwise delete another shop's pictures).
      if (!req.user?.platform) throw forbidden();
      const objectName = req.query.objectName ?? '';
      if (!(await store.remove(path.posix.basename(objectName.split('?')[0])))) throw notFound();
      return ok(null);
    },
  });

  routes.add({
    method: 'GET',
    url: '/uploads/:name',
    public: true,
    schema: { params: fileParams, response: fileResponse },
    handler: async (req, reply) => {
      const name = req.params.name;
      // Stored names end in a picture type's extension: any other is no picture of ours.
      const mime = mimeOfExt(path.extname(name).slice(1));
      if (!mime) throw notFound();
      // Only a picture is cached for good: a not-found answer may be found later (a file moved in).
      const forGood = () =>
        reply
          .header('x-content-type-options', 'nosniff')
          .header('cache-control', 'public, max-age=31536000, immutable');
      // A browser revalidating (a reload) gets 304 without the bytes being read.
      const asked = req.headers['if-none-match'];
      if (asked !== undefined) {
        const sha256 = await store.tag(name);
        if (sha256 && matches(asked, sha256)) return forGood().code(304).header('etag', `"${sha256}"`).send();
      }
      const picture = await store.read(name);
      if (!picture) throw notFound();
      if (picture.sha256) reply.header('etag', `"${picture.sha256}"`);
      return forGood().type(mime).send(picture.data);
    },
  });
};

/** Whether an If-None-Match header names this ETag (strong or weak) or is `*`. */
function matches(header: string, sha256: string): boolean {
  return header
    .split(',')
    .map((t) => t.trim().replace(/^W\//, ''))
    .some((t) => t === '*' || t === `"${sha256}"`);
}

/**
 * The `file` part's bytes; a missing part or one over the size limit is refused, and so is a body that does not
 * parse as multipart (cut short, a malformed part): busboy's plain errors would otherwise answer 500.
 */
async function readFile(req: FastifyRequest): Promise<Buffer> {
  if (!req.isMultipart()) throw validationFailed({ file: Messages.uploadNoFile });
  const tooLarge = () => validationFailed({ file: Messages.uploadTooLarge });
  const refuse = (e: unknown) => {
    if (codeOf(e) === 'FST_REQ_FILE_TOO_LARGE') return tooLarge();
    // The plugin's own refusals (parts or fields over their limits) carry a 4xx status the error handler words.
    const status = statusCodeOf(e);
    if (typeof status === 'number' && status >= 400 && status < 500) return e;
    return validationFailed({ file: Messages.uploadIncomplete });
  };
  const part = await req.file().catch((e: unknown) => {
    throw refuse(e);
  });
  if (!part || part.fieldname !== 'file') throw validationFailed({ file: Messages.uploadNoFile });
  let bytes: Buffer;
  try {
    bytes = await part.toBuffer();
  } catch (e) {
    throw refuse(e);
  }
  // The size limit may cut the stream without the error surfacing in toBuffer: a truncated file is too large too.
  if (part.file.truncated) throw tooLarge();
  return bytes;
}
