import type { TUploadRequestPage } from '@mam/api';

/** GET /api/v1/public/upload-requests/{token}: what the public upload page shows. */
export type { TUploadRequestPage, TUploadRequestPageState } from '@mam/api';

/** A refusal of the public upload calls: the AppError code with the server's message. */
export class PublicUploadError extends Error {
  constructor(
    readonly code: string,
    message: string,
    readonly params: Record<string, string | number> = {},
  ) {
    super(message);
  }
}

const base = (token: string) => `/api/v1/public/upload-requests/${encodeURIComponent(token)}`;

async function answer(response: Response): Promise<TUploadRequestPage> {
  const body = (await response.json().catch(() => null)) as
    (TUploadRequestPage & { code?: string; message?: string; params?: Record<string, string | number> }) | null;
  if (!response.ok || !body) throw new PublicUploadError(body?.code ?? 'INTERNAL', body?.message ?? '', body?.params);
  return body;
}

export async function fetchUploadRequestPage(token: string): Promise<TUploadRequestPage> {
  return answer(await fetch(base(token), { credentials: 'same-origin' }));
}

export async function unlockUploadRequest(token: string, password: string): Promise<TUploadRequestPage> {
  return answer(
    await fetch(`${base(token)}/unlock`, {
      method: 'POST',
      credentials: 'same-origin',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ password }),
    }),
  );
}
