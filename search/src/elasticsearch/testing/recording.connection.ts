import {
  BaseConnection,
  Client,
  type ConnectionRequestOptions,
  type ConnectionRequestOptionsAsStream,
  type ConnectionRequestParams,
  type ConnectionRequestResponse,
  type ConnectionRequestResponseAsStream,
} from '@elastic/elasticsearch';

/** A request as it left the client: the body parsed from JSON, or from NDJSON into a list of lines. */
export interface RecordedRequest {
  method: string;
  path: string;
  /** Query string parameters; empty when there are none. */
  query: Record<string, string>;
  body?: unknown;
}

export interface StubResponse {
  statusCode?: number;
  body?: unknown;
}

export type Responder = (request: RecordedRequest) => StubResponse;

function parseBody(body: ConnectionRequestParams['body']): unknown {
  if (body === undefined || body === null || body === '') return undefined;
  const text = typeof body === 'string' ? body : Buffer.isBuffer(body) ? body.toString('utf8') : undefined;
  if (text === undefined) throw new Error('The recording connection takes string or Buffer bodies only');
  const lines = text.split('\n').filter((line) => line !== '');
  return text.endsWith('\n') ? lines.map((line) => JSON.parse(line) as unknown) : (JSON.parse(text) as unknown);
}

/**
 * A client whose connection records each request and answers from `respond` instead of a server, so that specs
 * see the exact wire requests (path, query string, body) the backend sends.
 */
export function recordingClient(respond: Responder): { client: Client; requests: RecordedRequest[] } {
  const requests: RecordedRequest[] = [];

  class RecordingConnection extends BaseConnection {
    override request(
      params: ConnectionRequestParams,
      options: ConnectionRequestOptions,
    ): Promise<ConnectionRequestResponse>;
    override request(
      params: ConnectionRequestParams,
      options: ConnectionRequestOptionsAsStream,
    ): Promise<ConnectionRequestResponseAsStream>;
    override async request(
      params: ConnectionRequestParams,
      options: ConnectionRequestOptions | ConnectionRequestOptionsAsStream,
    ): Promise<ConnectionRequestResponse | ConnectionRequestResponseAsStream> {
      if ('asStream' in options && options.asStream) throw new Error('The recording connection does not stream');
      const recorded: RecordedRequest = {
        method: params.method,
        path: params.path,
        query: Object.fromEntries(new URLSearchParams(params.querystring ?? '')),
        ...(params.body ? { body: parseBody(params.body) } : {}),
      };
      requests.push(recorded);
      const { statusCode = 200, body } = respond(recorded);
      return {
        statusCode,
        headers: {
          'content-type': 'application/vnd.elasticsearch+json;compatible-with=8',
          'x-elastic-product': 'Elasticsearch',
        },
        body: body === undefined ? '' : JSON.stringify(body),
      };
    }
  }

  const client = new Client({ node: 'http://es.test:9200', Connection: RecordingConnection, maxRetries: 0 });
  return { client, requests };
}

/** Elasticsearch's answer when an index or alias does not exist. */
export const indexNotFound: StubResponse = {
  statusCode: 404,
  body: { error: { type: 'index_not_found_exception', reason: 'no such index' }, status: 404 },
};

export const acknowledged: StubResponse = { body: { acknowledged: true } };
