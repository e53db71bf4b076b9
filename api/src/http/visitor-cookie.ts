import type { FastifyReply, FastifyRequest } from 'fastify';
import { newVisitorToken, VISITOR_COOKIE, visitorHash } from '../services/shares/share-access';

const VISITOR_COOKIE_SECONDS = 400 * 24 * 60 * 60;

/**
 * The browser's visitor token, shared by share and upload-request links: unique views are counted and unlock
 * cookies bound by it. A browser without one (or with a malformed one) gets a new one, readable by the rest of this
 * request too (an unlock that follows the first visit).
 */
export function visitorTokenOf(request: FastifyRequest, reply: FastifyReply, secure: boolean): string {
  const existing = request.cookies[VISITOR_COOKIE];
  if (existing && visitorHash(existing)) return existing;
  const token = newVisitorToken();
  reply.setCookie(VISITOR_COOKIE, token, {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure,
    maxAge: VISITOR_COOKIE_SECONDS,
  });
  request.cookies[VISITOR_COOKIE] = token;
  return token;
}
