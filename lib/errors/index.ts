// The bottom layer's errors: AppError (thrown by every layer), the catalogue entry type and the machine codes.
export { AppError, badRequest, FORBIDDEN, forbidden, NOT_FOUND, notFound, unauthorized, VALIDATION_ERROR, validationMessage } from './app-error';
export { apiError, errorCodeOf, errorOf, ERROR_CODE_HEADER, type ApiError } from './catalogue';
