import type { FastifyInstance } from 'fastify';

/**
 * The console, the API reference and the public share and upload pages load only what this server serves. Scripts
 * come from files only (an injected inline script does not run); styles may be inline because Mantine writes its
 * CSS variables into a <style> element and components set style attributes. Media plays from object URLs (hls.js
 * feeds the video element through MediaSource and may run its demuxer in a blob: worker), and previews may be data:
 * URLs.
 */
export const CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob:",
  "media-src 'self' data: blob:",
  "font-src 'self' data:",
  "connect-src 'self'",
  "worker-src 'self' blob:",
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'self'",
  // No page of the product is meant to be embedded (the spec has no embed player): clickjacking is ruled out.
  "frame-ancestors 'none'",
].join('; ');

/** Every answer, HTML or not, carries these; a route that set its own keeps it. */
export const SECURITY_HEADERS: Readonly<Record<string, string>> = {
  'content-security-policy': CONTENT_SECURITY_POLICY,
  'x-content-type-options': 'nosniff',
  'x-frame-options': 'DENY',
  // Share and upload-request links carry their token in the path: no page passes its address on to another site.
  'referrer-policy': 'no-referrer',
};

/** One onSend hook for every route, the console's files and the not-found answers included. */
export function registerSecurityHeaders(app: FastifyInstance): void {
  app.addHook('onSend', async (_request, reply, payload) => {
    for (const [name, value] of Object.entries(SECURITY_HEADERS)) {
      if (!reply.hasHeader(name)) void reply.header(name, value);
    }
    return payload;
  });
}
