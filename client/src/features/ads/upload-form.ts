import { errorOfAnswer, networkError, parseBody } from '../../lib/api-client';

export interface UploadProgress {
  loaded: number;
  total: number;
}

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
      const body = parseBody(request.responseText);
      if (request.status >= 200 && request.status < 300) resolve(body as T);
      else reject(errorOfAnswer(request.status, body));
    };
    request.onerror = () => reject(networkError());
    request.onabort = () => reject(new DOMException('The upload was cancelled.', 'AbortError'));
    options.signal?.addEventListener('abort', () => request.abort(), { once: true });
    request.send(form);
  });
}
