// Brings in @fastify/cookie's request and reply typings wherever these helpers are compiled.
import type {} from '@fastify/cookie';
import { randomToken } from '../security/tokens';
import type { FastifyReply, FastifyRequest } from 'fastify';

export const SESSION_COOKIE = 'mam_session';
export const CSRF_COOKIE = 'mam_csrf';
export const CSRF_HEADER = 'x-csrf-token';

const secure = (publicUrl: string) => publicUrl.startsWith('https://');

export function setSessionCookie(reply: FastifyReply, token: string, publicUrl: string) {
  reply.setCookie(SESSION_COOKIE, token, { path: '/', httpOnly: true, sameSite: 'lax', secure: secure(publicUrl) });
}

export function clearSessionCookie(reply: FastifyReply, publicUrl: string) {
  reply.clearCookie(SESSION_COOKIE, { path: '/', httpOnly: true, sameSite: 'lax', secure: secure(publicUrl) });
}

/**
 * Double-submit CSRF token: a readable cookie the console echoes in a header. A page on another site can
 * make the browser send our cookies but cannot read them, so it cannot produce the header.
 */
export function ensureCsrfCookie(request: FastifyRequest, reply: FastifyReply, publicUrl: string) {
  if (request.cookies[CSRF_COOKIE]) return;
  reply.setCookie(CSRF_COOKIE, randomToken(24), {
    path: '/',
    httpOnly: false,
    sameSite: 'lax',
    secure: secure(publicUrl),
  });
}
