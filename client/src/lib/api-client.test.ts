import { afterEach, describe, expect, it, vi } from 'vitest';
import { sendFormWithProgress } from '../features/ads/upload-form';
import { jsonResponse } from '../test/render-page';
import { apiRequest, type ApiError } from './api-client';

afterEach(() => vi.unstubAllGlobals());

/** What the server (or something in front of it) answers; `null` is no answer at all. */
type Answer = { status: number; text: string } | null;

const answers: [string, Answer, Partial<ApiError>][] = [
  [
    'the server’s error with its field errors',
    {
      status: 422,
      text: JSON.stringify({
        error: { code: 'validation_failed', message: 'Check the form.', fields: { title: 'Too short.' } },
      }),
    },
    { status: 422, code: 'validation_failed', message: 'Check the form.', fields: { title: 'Too short.' } },
  ],
  [
    'a proxy’s HTML page',
    { status: 502, text: '<html>Bad gateway</html>' },
    { status: 502, code: 'http_error', message: 'The server answered 502.' },
  ],
  [
    'no answer',
    null,
    {
      status: 0,
      code: 'network_error',
      message: 'Could not reach Bazaar. Check your connection and try again.',
    },
  ],
];

function answerFetch(answer: Answer) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => {
      if (!answer) throw new TypeError('Failed to fetch');
      return new Response(answer.text, { status: answer.status });
    }),
  );
}

function answerXhr(answer: Answer) {
  class FakeXhr {
    status = 0;
    responseText = '';
    responseType = '';
    upload = { onprogress: null };
    onload: (() => void) | null = null;
    onerror: (() => void) | null = null;
    onabort: (() => void) | null = null;
    open() {}
    abort() {}
    send() {
      queueMicrotask(() => {
        if (!answer) return this.onerror?.();
        this.status = answer.status;
        this.responseText = answer.text;
        this.onload?.();
      });
    }
  }
  vi.stubGlobal('XMLHttpRequest', FakeXhr);
}

describe('one mapping of failed answers, for JSON requests and uploads alike', () => {
  it.each(answers)('maps %s', async (_, answer, expected) => {
    answerFetch(answer);
    const viaFetch = await apiRequest('/api/ads', { method: 'POST', body: {} }).catch(
      (error: unknown) => error,
    );
    answerXhr(answer);
    const viaUpload = await sendFormWithProgress('POST', '/api/ads', new FormData()).catch(
      (error: unknown) => error,
    );
    expect(viaFetch).toMatchObject({ name: 'ApiError', ...expected });
    expect(viaUpload).toMatchObject({ name: 'ApiError', ...expected });
  });

  it('resolves both with the parsed JSON on success', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => jsonResponse({ id: 'a1' }, 201)),
    );
    await expect(apiRequest('/api/ads')).resolves.toEqual({ id: 'a1' });
    answerXhr({ status: 201, text: JSON.stringify({ id: 'a1' }) });
    await expect(sendFormWithProgress('POST', '/api/ads', new FormData())).resolves.toEqual({ id: 'a1' });
  });
});
