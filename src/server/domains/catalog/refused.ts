import { ResultCode } from '../../../shared/envelope.js';
import { ApiError } from '../../core/envelope.js';

/** A 404 envelope carrying one of the spec's messages as is (no "Validation Failed:" prefix). */
export const refused = (message: string) => new ApiError(ResultCode.VALIDATE_FAILED, message);
