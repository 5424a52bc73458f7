import { isApiErrorBody } from '@bazaar/common/errors';
import { ApiError } from '../../lib/api-client';

export interface UploadProgress {
  loaded: number;
  total: number;
}

const NETWORK_ERROR_MESSAGE = 'Could not reach Bazaar. Check your connection and try again.';

/**
 * Sends a multipart form and reports upload progress, which fetch cannot do
 * (XMLHttpRequest.upload.onprogress). Resolves with the JSON answer; rejects with an
 * ApiError carrying the server's code and message, like `apiRequest`.
 */
export function sendFormWithProgress<T>(
  method: 'POST' | 'PATCH',
  url: string,
  form: FormData,
  options: { onProgress?: (progress: UploadProgress) => void; signal?: AbortSignal } = {},
): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open(method, url);
    request.responseType = 'text';
    request.upload.onprogress = (event) => {
      if (event.lengthComputable) options.onProgress?.({ loaded: event.loaded, total: event.total });
    };
    request.onload = () => {
      let body: unknown;
      try {
        body = request.responseText ? JSON.parse(request.responseText) : undefined;
      } catch {
        body = undefined;
      }
      if (request.status >= 200 && request.status < 300) return resolve(body as T);
      if (isApiErrorBody(body)) {
        const { code, message, fields } = body.error;
        return reject(new ApiError(request.status, code, message, fields));
      }
      reject(new ApiError(request.status, 'http_error', `The server answered ${request.status}.`));
    };
    request.onerror = () => reject(new ApiError(0, 'network_error', NETWORK_ERROR_MESSAGE));
    request.onabort = () => reject(new DOMException('The upload was cancelled.', 'AbortError'));
    options.signal?.addEventListener('abort', () => request.abort(), { once: true });
    request.send(form);
  });
}
