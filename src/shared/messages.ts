import { MAX_LIST_ITEMS, UPLOAD_MAX_BYTES } from './constants';

/**
 * The spec's message catalogue (§8), in English, the text the server sends in `message`.
 * The admin app translates them through i18n keys `app.message.<key>`.
 */
export const Messages = {
  success: 'Success',
  failed: 'Operation failed',
  validationFailed: 'Validation Failed',
  nameLength: 'Length must be between 2 and 140 characters',
  unauthorized: 'Not logged in or the token has expired',
  forbidden: 'Forbidden: you have no permission for this operation',
  notFound: 'Not found',
  repeatedSubmit: 'Have Repeated submit application',
  validateCode: 'Please validate your code',
  exceedBalance: 'Exceed balance limit',
  exceedOrderAmount: 'Exceed order amount',
  noSku: 'No SKU information',
  noShippable: 'No shippable orders in the selected orders',
  operationNoteEmpty: 'Operation note cannot be empty',
  selectRecord: 'Please select a record or the items to operate on',
  selectBatchType: 'Please select a batch operation type',
  waitUploads:
    'Please wait until all images are successfully uploaded or network problems occur (refresh the page and upload again)',
  deleteSuccess: 'Delete Success',
  editSuccess: 'Edit Successful',
  submitSuccess: 'Submission Successful',
  updateSuccess: 'Update successful',
  shipSuccess: 'Shipment successful',
  copySuccess: 'Copy successfully',
  operationCancelled: 'Operation cancelled',
  shipmentCancelled: 'Shipment cancelled',
  badCredentials: 'Incorrect username or password',
  accountDisabled: 'The account is disabled',
  noRole: 'The account has no role',
  usernameTaken: 'The username is already taken',
  lastSuperAdmin: 'At least one enabled account must keep the Super admin role',
  tooManyAttempts: 'Too many attempts: please wait a few minutes and try again',
  routeNotFound: 'No such API path',
  busy: 'The server is busy: please try again in a few seconds',
  badJson: 'The request body is not valid JSON',
  bodyTooLarge: 'The request body is too large',
  badUrl: 'The request URL is not valid',
  requestTooLarge: 'The request URL or headers are too large',
  badRequest: 'The request is malformed',
  constraint: 'The data conflicts with existing records',
  staleWrite: 'Someone else changed this record after you opened it; nothing was saved',
  inUse: 'Other records still refer to it, so it cannot be deleted',
  badReference: 'It refers to a record that does not exist',
  vipRequired: 'An active VIP membership is required to open a shop',
  vipTrial: 'Trial: no payment is usable yet. A platform admin can grant VIP membership',
  // Order and return rules the spec does not word.
  orderNotClosable: 'Only orders pending payment can be closed',
  orderNotDeletable: 'Only closed or invalid orders can be deleted',
  orderNotShipped: 'The order has not been shipped',
  receiverLocked: 'The receiver can only be changed before shipment',
  feesLocked: 'Fees can only be changed before payment',
  payableNegative: 'The payable amount cannot be negative',
  returnNotPending: 'Only pending applications can be confirmed or rejected',
  returnNotReturning: 'Only applications being returned can be received',
  returnNotDeletable: 'Only completed or rejected applications can be deleted',
  refundTooHigh: 'The refund cannot exceed what was paid for the returned items',
  ordersOfOneMember: 'The orders must all belong to the member',
  // Catalog and upload rules the spec does not word.
  listTooLong: `At most ${MAX_LIST_ITEMS} items may be sent in one list`,
  atLeastOne: 'At least one item must remain',
  valuesEmptyOrRepeated: 'Attribute values cannot be empty or repeated',
  twoLevels: 'Categories have two levels only',
  ownParent: 'A category cannot be its own parent',
  hasChildren: 'The category has sub-categories; delete or move them first',
  hasProducts: 'The category has products; move them to another category first',
  typeInUse: 'The product type is used by products; change their type first',
  doesNotExist: 'does not exist',
  uploadNoFile: 'Choose a picture to upload (multipart field "file")',
  uploadBadType: 'Only jpg/png pictures can be uploaded',
  uploadTooLarge: `A picture may be at most ${UPLOAD_MAX_BYTES / 1024 / 1024}MB`,
  uploadIncomplete: 'The upload was cut short; please upload the picture again',
  // Quotas and the disk floor (README "Quotas"): their figures are settings, so the words name none.
  uploadQuota: 'This account has uploaded as much as it may in one hour; please try again later',
  jobQuota: 'This account has as many imports and exports under way as it may; wait for one to end',
  diskFull: 'The server is short of disk space, so nothing was written; please tell an administrator',
} as const;

export type MessageKey = keyof typeof Messages;

/** "Length must be between {min} and {max} characters" for any bounds; the names rule is 2..140. */
export const lengthBetween = (min: number | string, max: number | string) =>
  `Length must be between ${min} and ${max} characters`;
/** A text shorter than its bound, with no upper one. */
export const lengthAtLeast = (min: number | string) => `Length must be at least ${min} characters`;

/** A field left empty, in a field error. */
export const REQUIRED = 'is required';

/** A number below its bound, or above, in a field error: ajv's words, which the server's own checks use too. */
export const atLeast = (min: number | string) => `must be >= ${min}`;
export const atMost = (max: number | string) => `must be <= ${max}`;
/** A list longer than its bound (the spec: at most three price tiers or filter attributes). */
export const atMostItems = (max: number | string) => `At most ${max} items may be added`;

/** A rule a form names (react-admin's `minValue`, …) and the names of its arguments, in the order of its words. */
export type FieldRule = {
  rule: 'required' | 'minValue' | 'maxValue' | 'minLength' | 'lengthBetween' | 'maxItems';
  args: string[];
};

const NUMBER = '(-?\\d+(?:\\.\\d+)?)';
/** `rule` read from the words `words` writes, each of its `args` a number the pattern captures. */
const readBack = (
  words: (...args: string[]) => string,
  rule: FieldRule['rule'],
  args: string[],
): [RegExp, FieldRule] => [
  new RegExp(
    `^${words(...args.map(() => '\u0000'))
      .replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
      .split('\u0000')
      .join(NUMBER)}$`,
  ),
  { rule, args },
];

/** The field errors the server sends, read back as the rule a form would name (the admin shows it in its language). */
export const FIELD_RULES: [RegExp, FieldRule][] = [
  readBack(() => REQUIRED, 'required', []),
  readBack(atLeast, 'minValue', ['min']),
  readBack(atMost, 'maxValue', ['max']),
  readBack(lengthAtLeast, 'minLength', ['min']),
  readBack(lengthBetween, 'lengthBetween', ['min', 'max']),
  readBack(atMostItems, 'maxItems', ['max']),
];
