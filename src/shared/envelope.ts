/** The upstream mall admin service's response envelope: every call answers HTTP 200 with one of these. */
export interface Envelope<T = unknown> {
  code: number;
  message: string;
  data: T;
}

/** Upstream result codes (CommonResult / ResultCode). */
export const ResultCode = {
  SUCCESS: 200,
  FAILED: 500,
  VALIDATE_FAILED: 404,
  UNAUTHORIZED: 401,
  FORBIDDEN: 403,
  /** Ours: a save of a stale copy (the record changed since it was loaded); `data` is the record as stored now. */
  CONFLICT: 409,
} as const;

/** Upstream CommonPage. pageNum starts at 1. */
export interface Page<T> {
  pageNum: number;
  pageSize: number;
  totalPage: number;
  total: number;
  list: T[];
  /** Ours, not upstream's: false when `total` is a lower bound (a huge filtered set was not fully counted). */
  totalExact?: boolean;
}
