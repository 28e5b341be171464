import fs from 'node:fs';
import path from 'node:path';
import { notFound } from '../../core/envelope.js';
import type { Domain } from '../../context.js';
import { mimeOfExt } from '../upload/image-type.js';
import { fileParams, fileResponse } from '../upload/index.js';
import { DEMO_IMAGE_NAME, DEMO_IMAGES_DIR } from './names.js';

/**
 * `GET <API_BASE>/demo/<name>` (public, like uploads, so `<img>` tags work): the demo pictures of ./pictures that
 * the seed's rows point at. Under the API base because deployments may forward only that base to this server.
 * Names are checked against one pattern; nothing from the client reaches the file system otherwise.
 */
export const demoImagesDomain: Domain = (routes) => {
  routes.add({
    method: 'GET',
    url: '/demo/:name',
    public: true,
    schema: { params: fileParams, response: fileResponse },
    handler: async (req, reply) => {
      const name = req.params.name;
      const full = path.join(DEMO_IMAGES_DIR, name);
      const mime = mimeOfExt(path.extname(name).slice(1));
      if (!DEMO_IMAGE_NAME.test(name) || !mime || !fs.existsSync(full)) throw notFound();
      // Long-lived but not `immutable` like uploads: a redraw (scripts/demo-images) keeps the names.
      return reply
        .type(mime)
        .header('x-content-type-options', 'nosniff')
        .header('cache-control', 'public, max-age=2592000')
        .send(fs.createReadStream(full));
    },
  });
};
