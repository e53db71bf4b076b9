import type { TPublicShare, TShareState as TPublicShareState } from '@mam/api';
import type { TAnnotation, TJsonValue } from '@mam/core';

export type { TPublicShare, TPublicShareItem, TShareState as TPublicShareState } from '@mam/api';

/** A refusal of the public share calls: the AppError code with its parameters. */
export class PublicShareError extends Error {
  constructor(
    readonly code: string,
    message: string,
    readonly params: Record<string, string | number> = {},
    readonly issues: { path: string; code: string; message: string }[] = [],
  ) {
    super(message);
  }
}

const base = (token: string) => `/api/v1/public/shares/${encodeURIComponent(token)}`;

async function answer<T>(response: Response): Promise<T> {
  const body = (await response.json().catch(() => null)) as
    | (T & {
        code?: string;
        message?: string;
        params?: Record<string, string | number>;
        issues?: { path: string; code: string; message: string }[];
      })
    | null;
  if (!response.ok || !body)
    throw new PublicShareError(body?.code ?? 'INTERNAL', body?.message ?? '', body?.params, body?.issues);
  return body;
}

function post(url: string, body: unknown): Promise<Response> {
  return fetch(url, {
    method: 'POST',
    credentials: 'same-origin',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
}

export async function fetchPublicShare(token: string): Promise<TPublicShare> {
  return answer(await fetch(base(token), { credentials: 'same-origin' }));
}

export async function unlockPublicShare(token: string, password: string): Promise<{ state: TPublicShareState }> {
  return answer(await post(`${base(token)}/unlock`, { password }));
}

export async function commentOnPublicShare(
  token: string,
  input: { itemId: string; name: string; text: string; tcIn: number | null; annotation?: TAnnotation | null },
): Promise<{ id: string; createdAt: string }> {
  return answer(await post(`${base(token)}/comments`, input));
}

export async function editPublicShareMetadata(
  token: string,
  input: { itemId: string; formId: string; values: Record<string, TJsonValue> },
): Promise<{ values: Record<string, TJsonValue> }> {
  return answer(await post(`${base(token)}/metadata`, input));
}
