/** Business constants and limits of the spec (§9). */
export const NAME_MAX = 140;
export const UPLOAD_MAX_BYTES = 10 * 1024 * 1024;
export const UPLOAD_TYPES = ['image/jpeg', 'image/png'] as const;
/** The most items one list of a body may hold: a product's SKUs, a record's child list, the ids of a batch call. */
export const MAX_LIST_ITEMS = 1000;
/**
 * A `number` field's column: NUMERIC(14,2) on PostgreSQL. Codegen bounds every number field by what it holds (unless
 * the schema says less) and the server stores values rounded to its scale, the same on SQLite.
 */
export const NUMBER_PRECISION = 14;
export const NUMBER_SCALE = 2;
export const NUMBER_LIMIT = Number(`${'9'.repeat(NUMBER_PRECISION - NUMBER_SCALE)}.${'9'.repeat(NUMBER_SCALE)}`);
/** How deep a request body's arrays and objects may nest. */
export const MAX_BODY_DEPTH = 32;
export const REQUEST_TIMEOUT_MS = 35_000;
export const TOAST_MS = 3_000;
export const MOBILE_MAX_WIDTH = 768; // mobile when width < 768
export const MOBILE_RATIO = 1.5; // or when height / width > 1.5
export const SUBMENU_DELAY_MS = 200;
export const LANGS = ['en', 'zh'] as const;
export type Lang = (typeof LANGS)[number];
/** localStorage keys the spec names. */
export const STORAGE = {
  token: 'loginToken',
  code: 'code',
  level: 'level',
  lang: 'lang',
  sidebar: 'sidebarStatus',
} as const;
export const TOKEN_HEAD = 'Bearer ';
/** API base path on our own server. */
export const API_BASE = '/api';
export const DEFAULT_PORT = 8080;

export const VIP_PLANS = [
  { id: '1m', months: 1, price: 20, listPrice: 100 },
  { id: '3m', months: 3, price: 60, listPrice: 300 },
  { id: '6m', months: 6, price: 120, listPrice: 600 },
  { id: '1y', months: 12, price: 240, listPrice: 1200 },
  { id: '3y', months: 36, price: 720, listPrice: 3600 },
  { id: '6y', months: 72, price: 1440, listPrice: 7200 },
] as const;

/** Suggestions for an order's delivery company (the field stays free text: any carrier may be typed). */
export const DELIVERY_COMPANIES = [
  'SF Express',
  'ZTO Express',
  'YTO Express',
  'STO Express',
  'Yunda Express',
  'JD Logistics',
  'China Post EMS',
  'DHL',
  'FedEx',
  'UPS',
] as const;

/**
 * The shortest keyword a list searches for (characters, once trimmed): a one-character keyword matches most rows and
 * no index narrows it, so each such search read the whole table while holding the server's one SQLite connection.
 */
export const MIN_KEYWORD_LENGTH = 2;
