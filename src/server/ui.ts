import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import fastifyStatic from '@fastify/static';
import { sendRouteNotFound } from './core/errors.js';
import type { ServerConfig } from './core/config.js';

/** Vite's build puts content-hashed files in `assets/` (`index-B1x2y3z4.js`): a new build gives them new names. */
const HASHED = /^assets\/.+-[\w-]{8,}\.\w+$/;
const YEAR = 365 * 24 * 3600;

/**
 * Cache rules of the built UI: hashed assets never change (immutable for a year); index.html must be revalidated on
 * every load (no-cache) so a deploy is seen at once; other files (public/ copies) revalidate too.
 */
export function cacheControl(root: string, file: string): string {
  const rel = path.relative(root, file).split(path.sep).join('/');
  return HASHED.test(rel) ? `public, max-age=${YEAR}, immutable` : 'no-cache';
}

/**
 * Serves the built admin UI from `uiDir` when it exists and installs THE not-found handler: unknown API paths (and
 * anything that is not a page GET) get the routeNotFound envelope; other GETs that are not files get index.html
 * (the SPA routes them).
 */
export async function registerUi(app: FastifyInstance, config: ServerConfig): Promise<void> {
  const hasUi = fs.existsSync(path.join(config.uiDir, 'index.html'));
  if (hasUi) {
    await app.register(fastifyStatic, {
      root: config.uiDir,
      index: ['index.html'],
      cacheControl: false,
      setHeaders: (res, file) => {
        res.setHeader('cache-control', cacheControl(config.uiDir, file));
      },
    });
  }
  const isApi = (url: string) => !config.apiBase || url === config.apiBase || url.startsWith(`${config.apiBase}/`);
  app.setNotFoundHandler((request, reply) => {
    const url = request.url.split('?')[0];
    const last = url.split('/').pop() ?? '';
    if (!hasUi || isApi(url) || (request.method !== 'GET' && request.method !== 'HEAD') || last.includes('.')) {
      return sendRouteNotFound(reply);
    }
    return reply.type('text/html; charset=utf-8').sendFile('index.html');
  });
}
