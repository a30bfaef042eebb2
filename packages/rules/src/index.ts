export { ERROR_CODES, type ErrorCode, isErrorCode } from './error-codes';
