import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { apiClient } from './api-client.ts';
import { ApiError } from './api-error.ts';
import { clearAllTokens, setTokens } from './token-storage.ts';
import { uploadFile, type UploadProgress } from './upload-file.ts';

type Answer = { status: number; body: unknown };

/** A stand-in XMLHttpRequest answering from a queue, recording what was sent. */
function fakeXhr(answers: Answer[]) {
  const sent: { url: string; headers: Record<string, string>; body: unknown }[] = [];
  class FakeXhr {
    status = 0;
    responseText = '';
    upload: { onprogress?: (event: ProgressEvent) => void; onload?: () => void } = {};
    onload?: () => void;
    onerror?: () => void;
    onabort?: () => void;
    private url = '';
    private headers: Record<string, string> = {};
    open(_method: string, url: string) {
      this.url = url;
    }
    setRequestHeader(name: string, value: string) {
      this.headers[name] = value;
    }
    abort() {
      this.onabort?.();
    }
    send(body: unknown) {
      sent.push({ url: this.url, headers: this.headers, body });
      const answer = answers.shift();
      queueMicrotask(() => {
        if (!answer) {
          this.onerror?.();
          return;
        }
        this.upload.onprogress?.({ lengthComputable: true, loaded: 5, total: 10 } as ProgressEvent);
        this.upload.onload?.();
        this.status = answer.status;
        this.responseText = JSON.stringify(answer.body);
        this.onload?.();
      });
    }
  }
  vi.stubGlobal('XMLHttpRequest', FakeXhr);
  return sent;
}

beforeEach(() => setTokens({ accessToken: 'old-access', refreshToken: 'refresh' }));
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  clearAllTokens();
});

describe('uploadFile', () => {
  it('sends the file with the token and reports progress, then the server’s work', async () => {
    const sent = fakeXhr([{ status: 200, body: { ok: true } }]);
    const progress: UploadProgress[] = [];
    const file = new Blob(['a;b']);
    await expect(uploadFile('/api/v1/x', file, (step) => progress.push(step))).resolves.toEqual({
      ok: true,
    });
    expect(sent[0]).toMatchObject({
      url: '/api/v1/x',
      body: file,
      headers: { Authorization: 'Bearer old-access' },
    });
    expect(progress).toEqual([{ phase: 'sending', share: 0.5 }, { phase: 'processing' }]);
  });

  it('refreshes the tokens once on 401 and sends again', async () => {
    const sent = fakeXhr([
      { status: 401, body: { statusCode: 401, code: 'TOKEN_EXPIRED', message: 'Истёк' } },
      { status: 200, body: { done: 1 } },
    ]);
    const refresh = vi.spyOn(apiClient, 'refreshTokens').mockResolvedValue('new-access');
    await expect(uploadFile('/api/v1/x', new Blob(['x']))).resolves.toEqual({ done: 1 });
    expect(refresh).toHaveBeenCalledTimes(1);
    expect(sent[1]!.headers.Authorization).toBe('Bearer new-access');
  });

  it('turns an error answer into the client’s ApiError with the fields', async () => {
    fakeXhr([
      {
        status: 422,
        body: {
          statusCode: 422,
          code: 'VALIDATION_ERROR',
          message: 'Файл пустой',
          details: [{ field: 'file', message: 'Файл пустой' }],
        },
      },
    ]);
    const error = await uploadFile('/api/v1/x', new Blob([])).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ statusCode: 422, message: 'Файл пустой' });
  });

  it('reports a network failure as the client does', async () => {
    fakeXhr([]);
    const error = await uploadFile('/api/v1/x', new Blob([])).catch((caught: unknown) => caught);
    expect(error).toMatchObject({ statusCode: 0, code: 'NETWORK_ERROR' });
  });
});
