import { isApiErrorBody } from '@bazaar/common/errors';

/** A failed API call, carrying the server's stable error code and human message. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly fields?: Record<string, string>,
  ) {
    super(message);
    this.name = 'ApiError';
  }

  /** What a server-rendered page's data block carries of it (entry-server.tsx, app/start.tsx). */
  toJSON(): ApiErrorJson {
    return { status: this.status, code: this.code, message: this.message, fields: this.fields };
  }
}

/**
 * Whether a read failed because what it asked for is not there: 404, or 400 for an address
 * whose id cannot be one (`/ad/not-a-uuid`). Such a page shows its not-found screen.
 */
export function isNotFoundError(error: unknown): boolean {
  return error instanceof ApiError && (error.status === 404 || error.status === 400);
}

export type ApiErrorJson = Pick<ApiError, 'status' | 'code' | 'message' | 'fields'>;

const NETWORK_ERROR_MESSAGE = 'Could not reach Bazaar. Check your connection and try again.';

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** A JSON body; FormData is sent as multipart. */
  body?: unknown;
  signal?: AbortSignal;
}

/**
 * Calls the Bazaar API with the session cookie. Resolves with the parsed JSON body, or
 * rejects with an ApiError whose message is fit to show a person.
 */
export async function apiRequest<T>(path: string, options: RequestOptions = {}): Promise<T> {
  const { method = 'GET', body, signal } = options;
  const isForm = body instanceof FormData;
  let response: Response;
  try {
    response = await fetch(path, {
      method,
      credentials: 'same-origin',
      signal,
      headers: body !== undefined && !isForm ? { 'content-type': 'application/json' } : undefined,
      body: body === undefined ? undefined : isForm ? body : JSON.stringify(body),
    });
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw networkError();
  }
  const data = parseBody(await response.text());
  if (!response.ok) throw errorOfAnswer(response.status, data);
  return data as T;
}

/** An answer's body: its JSON, or undefined when empty or not JSON (e.g. a proxy's HTML page). */
export function parseBody(text: string): unknown {
  if (!text) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/**
 * The one mapping of a failed answer to what the app shows: the server's code, message and
 * field errors when it sent them, else the status alone.
 */
export function errorOfAnswer(status: number, body: unknown): ApiError {
  if (isApiErrorBody(body)) {
    const { code, message, fields } = body.error;
    return new ApiError(status, code, message, fields);
  }
  return new ApiError(status, 'http_error', `The server answered ${status}.`);
}

/** The request never got an answer (offline, DNS, connection refused). */
export function networkError(): ApiError {
  return new ApiError(0, 'network_error', NETWORK_ERROR_MESSAGE);
}
