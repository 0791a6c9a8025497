import { ERROR_CODES, type FieldError } from '@bo/contract/errors';

const REASONS: Record<number, string> = {
  400: 'Bad Request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not Found',
  409: 'Conflict',
  413: 'Payload Too Large',
  414: 'URI Too Long',
  415: 'Unsupported Media Type',
  422: 'Unprocessable Entity',
  429: 'Too Many Requests',
  500: 'Internal Server Error',
  503: 'Service Unavailable',
};

/** An error meant for the client: its status, code and message are sent as they are. */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: string,
    message: string,
    readonly details?: FieldError[],
    readonly headers?: Record<string, string>,
  ) {
    super(message);
  }
  get reason(): string {
    return REASONS[this.statusCode] ?? 'Error';
  }
}

export const reasonPhrase = (status: number) => REASONS[status] ?? 'Error';

export const badRequest = (message: string, details?: FieldError[]) =>
  new HttpError(400, ERROR_CODES.validation, message, details);

/** One failing field, e.g. `fieldError('email', 'email_taken', 'This email is already in use', 409)`. */
export const fieldError = (
  field: string,
  code: string,
  message: string,
  status = 400,
  params?: Record<string, unknown>,
) =>
  new HttpError(status, status === 409 ? ERROR_CODES.conflict : ERROR_CODES.validation, message, [
    { field, code, message, ...(params ? { params } : {}) },
  ]);

export const unauthorized = (
  message = 'Authentication required',
  code: string = ERROR_CODES.unauthorized,
) => new HttpError(401, code, message);
export const forbidden = (message = 'You do not have permission to do this') =>
  new HttpError(403, ERROR_CODES.forbidden, message);
export const notFound = (what = 'Resource') =>
  new HttpError(404, ERROR_CODES.notFound, `${what} not found`);
export const conflict = (message: string, details?: FieldError[]) =>
  new HttpError(409, ERROR_CODES.conflict, message, details);
