import { projectPath } from '../../core/paths.js';

/**
 * File names of the demo pictures (demo-images/pictures, drawn by scripts/demo-images) and the URLs the seed stores for
 * them. One naming rule for the drawing script and the seed, so every seeded URL has its file.
 */
export const DEMO_IMAGES_DIR = projectPath('src', 'server', 'domains', 'demo-images', 'pictures');

/** Served names: lower-case words joined by dashes, `.jpg` (photos) or `.png` (drawings with transparency). */
export const DEMO_IMAGE_NAME = /^[a-z0-9]+(?:-[a-z0-9]+)*\.(jpg|png)$/;

/** `L'Oréal` → `l-oreal`, `T-shirts` → `t-shirts`. */
export const slug = (s: string) =>
  s
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');

export const demoImage = {
  /** Picture `n` (1 main, 2 the album's second) of a leaf category's products. */
  product: (leaf: string, n: 1 | 2) => `product-${slug(leaf)}-${n}.jpg`,
  brand: (name: string) => `brand-${slug(name)}.png`,
  /** Member avatar by username. */
  member: (username: string) => `member-${slug(username)}.png`,
  /** Shop icon by invite code (unique per demo shop). */
  shop: (inviteCode: string) => `shop-${slug(inviteCode)}.png`,
  /** Back-office account avatar by username. */
  admin: (username: string) => `admin-${slug(username)}.png`,
};

/** Where the API serves a demo picture: under the API base, like uploads, so it resolves wherever the API does. */
export const demoImageUrl = (apiBase: string, name: string) => `${apiBase}/demo/${name}`;
