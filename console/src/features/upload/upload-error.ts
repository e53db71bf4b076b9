/**
 * Why an upload stopped. `rejected`: the server refused it (4xx) and trying again will not help; `failed`: the
 * connection or the server broke down after tus's retries, and the user can try again from where it stopped.
 */
export interface TUploadError {
  kind: 'rejected' | 'failed';
  status: number | null;
  /** The AppError code of the server's JSON answer, when there is one. */
  code: string | null;
  params: Record<string, string | number>;
  /** The server's own (English) message, for codes the console has no text for. */
  serverMessage: string | null;
}

interface TAppErrorBody {
  code?: unknown;
  message?: unknown;
  params?: unknown;
  issues?: unknown;
}

const isCode = (value: unknown): value is string => typeof value === 'string' && /^[A-Z0-9_]+$/.test(value);

function parseBody(body: string | null): TAppErrorBody | null {
  if (!body) return null;
  try {
    const parsed = JSON.parse(body) as unknown;
    return parsed && typeof parsed === 'object' ? (parsed as TAppErrorBody) : null;
  } catch {
    return null;
  }
}

function cleanParams(params: unknown): Record<string, string | number> {
  if (!params || typeof params !== 'object') return {};
  return Object.fromEntries(
    Object.entries(params as Record<string, unknown>).filter(
      (entry): entry is [string, string | number] => typeof entry[1] === 'string' || typeof entry[1] === 'number',
    ),
  );
}

/** Reads the response that ended an upload: the HTTP status (null when none came) and its body. */
export function uploadErrorOf(status: number | null, body: string | null): TUploadError {
  const parsed = parseBody(body);
  // A refused form value says which rule it broke ('Value required'…), which helps more than "not valid".
  const [issue] = Array.isArray(parsed?.issues) ? (parsed.issues as Array<{ code?: unknown }>) : [];
  const code = isCode(issue?.code) ? issue.code : isCode(parsed?.code) ? parsed.code : null;
  const message =
    typeof parsed?.message === 'string' ? parsed.message : !parsed && body?.trim() ? body.trim().slice(0, 300) : null;
  return {
    kind: status !== null && status >= 400 && status < 500 ? 'rejected' : 'failed',
    status: status || null,
    code,
    params: cleanParams(parsed?.params),
    serverMessage: message,
  };
}
