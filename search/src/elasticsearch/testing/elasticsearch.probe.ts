import { execFileSync } from 'node:child_process';

/** The server medium specs use: ELASTICSEARCH_URL, or a local default. */
export function elasticsearchTestUrl(): string {
  return process.env.ELASTICSEARCH_URL || 'http://127.0.0.1:9200';
}

export type ProbeResult = { reachable: true } | { reachable: false; reason: string };

// Runs in a child process: fetch is asynchronous, and jest has to know while collecting whether to skip.
const probeScript = `
const [url, timeout] = process.argv.slice(1);
const target = new URL(url);
const headers = {};
if (target.username) {
  const user = decodeURIComponent(target.username) + ':' + decodeURIComponent(target.password);
  headers.authorization = 'Basic ' + Buffer.from(user).toString('base64');
  target.username = '';
  target.password = '';
}
fetch(target, { headers, signal: AbortSignal.timeout(Number(timeout)) }).then(
  (response) => {
    if (!response.ok) return console.log('HTTP ' + response.status);
    const product = response.headers.get('x-elastic-product');
    console.log(product === 'Elasticsearch' ? 'ok' : 'not Elasticsearch (x-elastic-product: ' + product + ')');
  },
  (error) => console.log(error.cause?.code ?? error.cause?.message ?? error.name + ': ' + error.message),
);
`;

/** Whether an Elasticsearch server answers at the URL within the time, synchronously, with the reason if not. */
export function probeElasticsearch(url: string, timeoutMs = 2000): ProbeResult {
  if (!URL.canParse(url)) return { reachable: false, reason: 'not a URL' };
  try {
    const output = execFileSync(process.execPath, ['-e', probeScript, url, String(timeoutMs)], {
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'pipe'],
      timeout: timeoutMs + 5000,
    }).trim();
    return output === 'ok' ? { reachable: true } : { reachable: false, reason: output || 'no answer' };
  } catch (error) {
    return { reachable: false, reason: error instanceof Error ? error.message : String(error) };
  }
}
