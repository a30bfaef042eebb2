export { ERROR_CODES, type ErrorCode, isErrorCode, STAFF_ERROR_CODES } from './error-codes';
