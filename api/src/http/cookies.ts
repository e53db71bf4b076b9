// Brings in @fastify/cookie's request and reply typings wherever these helpers are compiled.
import type {} from '@fastify/cookie';
import { randomToken, safeEqual } from '../security/tokens';
import type { FastifyReply, FastifyRequest } from 'fastify';

export const SESSION_COOKIE = 'mam_session';
export const CSRF_COOKIE = 'mam_csrf';
export const CSRF_HEADER = 'x-csrf-token';

const secure = (publicUrl: string) => publicUrl.startsWith('https://');

/** Signs CSRF tokens (the secret box's HMAC), so a token cannot be made up or carried to another session. */
export interface CsrfSigner {
  sign(data: string): string;
}

export function setSessionCookie(reply: FastifyReply, token: string, publicUrl: string, signer: CsrfSigner) {
  reply.setCookie(SESSION_COOKIE, token, { path: '/', httpOnly: true, sameSite: 'lax', secure: secure(publicUrl) });
  setCsrfCookie(reply, sessionCsrfToken(signer, token), publicUrl);
}

export function clearSessionCookie(reply: FastifyReply, publicUrl: string, signer: CsrfSigner) {
  reply.clearCookie(SESSION_COOKIE, { path: '/', httpOnly: true, sameSite: 'lax', secure: secure(publicUrl) });
  setCsrfCookie(reply, anonymousCsrfToken(signer), publicUrl);
}

/**
 * CSRF token: a readable cookie the console echoes in a header. A page on another site can make the browser send
 * our cookies but cannot read them, so it cannot produce the header. With a session the token is an HMAC of the
 * session cookie, so no other value (one planted in the cookie, one from another session) passes; before a session
 * (sign-in) it is a nonce with its HMAC, so a planted cookie must at least be one this server issued.
 */
export function ensureCsrfCookie(request: FastifyRequest, reply: FastifyReply, publicUrl: string, signer: CsrfSigner) {
  const session = request.cookies[SESSION_COOKIE];
  const current = request.cookies[CSRF_COOKIE];
  if (session) {
    const expected = sessionCsrfToken(signer, session);
    if (!current || !safeEqual(current, expected)) setCsrfCookie(reply, expected, publicUrl);
  } else if (!current || !isAnonymousCsrfToken(signer, current)) {
    setCsrfCookie(reply, anonymousCsrfToken(signer), publicUrl);
  }
}

/** Whether a cookie-authenticated write carries the right CSRF header. */
export function csrfHeaderValid(request: FastifyRequest, signer: CsrfSigner): boolean {
  const header = request.headers[CSRF_HEADER];
  if (typeof header !== 'string' || header === '') return false;
  const session = request.cookies[SESSION_COOKIE];
  if (session) return safeEqual(header, sessionCsrfToken(signer, session));
  const cookie = request.cookies[CSRF_COOKIE];
  return Boolean(cookie) && safeEqual(cookie!, header) && isAnonymousCsrfToken(signer, header);
}

function sessionCsrfToken(signer: CsrfSigner, sessionToken: string): string {
  return `s.${signer.sign(`csrf|session|${sessionToken}`)}`;
}

function anonymousCsrfToken(signer: CsrfSigner): string {
  const nonce = randomToken(18);
  return `a.${nonce}.${signer.sign(`csrf|anonymous|${nonce}`)}`;
}

function isAnonymousCsrfToken(signer: CsrfSigner, value: string): boolean {
  const [kind, nonce, signature, ...rest] = value.split('.');
  if (kind !== 'a' || !nonce || !signature || rest.length > 0) return false;
  return safeEqual(signature, signer.sign(`csrf|anonymous|${nonce}`));
}

function setCsrfCookie(reply: FastifyReply, value: string, publicUrl: string) {
  reply.setCookie(CSRF_COOKIE, value, { path: '/', httpOnly: false, sameSite: 'lax', secure: secure(publicUrl) });
}
