import type { TPublicShare, TPublicShareThread, TShareState as TPublicShareState } from '@mam/api';
import type { TAnnotation, TJsonValue } from '@mam/core';

export type {
  TPublicShare,
  TPublicShareComment,
  TPublicShareItem,
  TPublicShareThread,
  TShareState as TPublicShareState,
} from '@mam/api';

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

function post(url: string, body: unknown, method: 'POST' | 'PATCH' = 'POST'): Promise<Response> {
  return fetch(url, {
    method,
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

/** The item's comments as the share shows them, the visitor's own marked as editable. */
export async function fetchPublicShareComments(token: string, itemId: string): Promise<TPublicShareThread[]> {
  const url = `${base(token)}/items/${encodeURIComponent(itemId)}/comments`;
  return (await answer<{ threads: TPublicShareThread[] }>(await fetch(url, { credentials: 'same-origin' }))).threads;
}

/** Edits a comment written from this browser: text, and the drawing when given (null removes it). */
export async function editPublicShareComment(
  token: string,
  commentId: string,
  input: { itemId: string; text: string; annotation?: TAnnotation | null },
): Promise<{ id: string; editedAt: string }> {
  return answer(await post(`${base(token)}/comments/${encodeURIComponent(commentId)}`, input, 'PATCH'));
}

export async function editPublicShareMetadata(
  token: string,
  input: { itemId: string; formId: string; values: Record<string, TJsonValue> },
): Promise<{ values: Record<string, TJsonValue> }> {
  return answer(await post(`${base(token)}/metadata`, input));
}
