import { AppError, assertCan } from '@mam/core';
import type { TTenantRow, TUserRow } from '@mam/db';
import { createGuardedFetch, endpointIsPermitted } from '@mam/workers';
import * as oidc from 'openid-client';
import type { AuthedActor } from './actor.service';
import type { AuditService } from './audit.service';
import type { RequestMeta, ServiceDeps } from './service-deps';
import type { SessionService } from './session.service';

const FLOW_TTL_MS = 10 * 60_000;

interface PendingFlow {
  slug: string;
  verifier: string;
  state: string;
  nonce: string;
  expires: number;
}

/** Plain HTTP only for an identity provider on this machine (development, tests); anything else must be HTTPS. */
function isLoopback(url: URL) {
  return ['localhost', '127.0.0.1', '[::1]'].includes(url.hostname);
}

/**
 * External single sign-on through one OpenID Connect provider per tenant. Users who come this way are external:
 * they have no password here, and cannot be deleted or logged out by administrators (spec section 1).
 */
export function createSsoService(deps: ServiceDeps, sessions: SessionService, audit: AuditService) {
  const redirectUri = () => `${deps.config.publicUrl}/api/auth/sso/callback`;
  // The tenant names the issuer, and the server fetches it and the endpoints it lists: not the platform's own network
  // unless the operator allowed the address (the storage endpoints' guard and allow-list).
  const privateEndpoints = deps.config.storagePrivateEndpoints ?? [];
  const guardedFetch = createGuardedFetch(privateEndpoints);

  async function clientFor(tenant: TTenantRow): Promise<oidc.Configuration> {
    const provider = await deps.repos.ssoProviders.get(tenant.id);
    if (!provider?.enabled) throw new AppError('SSO_NOT_CONFIGURED');
    const issuer = new URL(provider.issuerUrl);
    const secret = provider.clientSecretEncrypted ? deps.secretBox.open(provider.clientSecretEncrypted) : undefined;
    const insecure = issuer.protocol === 'http:' && isLoopback(issuer);
    try {
      // Carried into the configuration: token, user-info and key requests go through the guard too.
      const config = await oidc.discovery(issuer, provider.clientId, secret, undefined, {
        execute: insecure ? [oidc.allowInsecureRequests] : [],
        [oidc.customFetch]: guardedFetch,
      });
      return config;
    } catch (cause) {
      deps.logger.warn({ err: cause, tenant: tenant.slug }, 'OpenID Connect discovery failed');
      throw new AppError('SSO_FAILED', { cause });
    }
  }

  async function issuerIsPermitted(issuerUrl: string): Promise<boolean> {
    try {
      return await endpointIsPermitted(new URL(issuerUrl), privateEndpoints);
    } catch {
      return true; // Not a URL: the input's own validation answers for that.
    }
  }

  async function findOrCreateUser(tenant: TTenantRow, claims: oidc.IDToken): Promise<TUserRow> {
    const subject = `${claims.iss}|${claims.sub}`;
    const existing = await deps.repos.users.findByExternalSubject(tenant.id, subject);
    if (existing) return existing;
    const email = typeof claims.email === 'string' ? claims.email : null;
    if (!email) throw new AppError('SSO_FAILED');
    // A local account with the same address stays local: taking it over by e-mail would let the provider
    // sign in as any local user.
    if (await deps.repos.users.findByEmail(tenant.id, email)) throw new AppError('EMAIL_TAKEN');
    const provider = await deps.repos.ssoProviders.get(tenant.id);
    const organisation = await deps.repos.groups.findByKind(tenant.id, 'organisation');
    const name = typeof claims.name === 'string' && claims.name ? claims.name : email;
    const groups = [organisation?.id, ...(provider?.defaultGroupIds ?? [])].filter((g): g is string => !!g);
    return await audit.change(
      { tenantId: tenant.id },
      null,
      async (tx) => {
        const user = await tx.users.insert(tenant.id, {
          email,
          name,
          external: true,
          externalSubject: subject,
          primaryGroupId: organisation?.id ?? null,
        });
        await tx.users.setGroups(tenant.id, user.id, groups);
        return user;
      },
      (user) => ({
        action: 'user.created_by_sso',
        targetType: 'user',
        targetId: user.id,
        subject: email,
        summary: `External user ${email} created at first single sign-on`,
      }),
    );
  }

  return {
    async getSettings(actor: AuthedActor) {
      assertCan(actor, 'tenantAdmin');
      const row = await deps.repos.ssoProviders.get(actor.tenantId);
      return {
        enabled: row?.enabled ?? false,
        issuerUrl: row?.issuerUrl ?? '',
        clientId: row?.clientId ?? '',
        clientSecretSet: Boolean(row?.clientSecretEncrypted),
        defaultGroupIds: row?.defaultGroupIds ?? [],
        redirectUri: redirectUri(),
      };
    },

    /** `clientSecret`: a string replaces it, null removes it, undefined keeps it (it is never read back). */
    async updateSettings(
      actor: AuthedActor,
      input: {
        enabled: boolean;
        issuerUrl: string;
        clientId: string;
        clientSecret?: string | null;
        defaultGroupIds: string[];
      },
      meta: RequestMeta | null,
    ) {
      assertCan(actor, 'tenantAdmin');
      if (input.issuerUrl && !(await issuerIsPermitted(input.issuerUrl))) throw new AppError('SSO_ISSUER_PRIVATE');
      const previous = await deps.repos.ssoProviders.get(actor.tenantId);
      const groups = await deps.repos.groups.list(actor.tenantId);
      const known = new Set(groups.map((g) => g.id));
      const clientSecretEncrypted =
        input.clientSecret === undefined
          ? (previous?.clientSecretEncrypted ?? null)
          : input.clientSecret
            ? deps.secretBox.seal(input.clientSecret)
            : null;
      await audit.change(
        actor,
        meta,
        async (tx) => {
          await tx.ssoProviders.upsert(actor.tenantId, {
            enabled: input.enabled,
            issuerUrl: input.issuerUrl,
            clientId: input.clientId,
            clientSecretEncrypted,
            defaultGroupIds: input.defaultGroupIds.filter((id) => known.has(id)),
          });
        },
        () => ({
          action: 'tenant.sso_changed',
          targetType: 'tenant',
          targetId: actor.tenantId,
          subject: input.issuerUrl,
          summary: `Single sign-on ${input.enabled ? 'enabled' : 'disabled'} (${input.issuerUrl})`,
        }),
      );
      return this.getSettings(actor);
    },

    /** Where to send the browser, and the sealed flow state to keep in a cookie until it comes back. */
    async start(slug: string): Promise<{ redirectTo: string; flow: string }> {
      const tenant = await deps.repos.tenants.findBySlug(slug);
      if (!tenant?.active) throw new AppError('ORGANISATION_NOT_FOUND');
      const client = await clientFor(tenant);
      const flow: PendingFlow = {
        slug: tenant.slug,
        verifier: oidc.randomPKCECodeVerifier(),
        state: oidc.randomState(),
        nonce: oidc.randomNonce(),
        expires: deps.clock().getTime() + FLOW_TTL_MS,
      };
      const url = oidc.buildAuthorizationUrl(client, {
        redirect_uri: redirectUri(),
        scope: 'openid email profile',
        code_challenge: await oidc.calculatePKCECodeChallenge(flow.verifier),
        code_challenge_method: 'S256',
        state: flow.state,
        nonce: flow.nonce,
      });
      return { redirectTo: url.href, flow: deps.secretBox.seal(JSON.stringify(flow)) };
    },

    /** Completes the code flow and starts a session for the (possibly new) external user. */
    async callback(currentUrl: URL, sealedFlow: string | undefined, meta: RequestMeta): Promise<string> {
      let flow: PendingFlow;
      try {
        flow = JSON.parse(deps.secretBox.open(sealedFlow ?? '')) as PendingFlow;
      } catch {
        throw new AppError('SSO_FAILED');
      }
      if (flow.expires < deps.clock().getTime()) throw new AppError('SSO_FAILED');
      const tenant = await deps.repos.tenants.findBySlug(flow.slug);
      if (!tenant?.active) throw new AppError('TENANT_DEACTIVATED');
      const client = await clientFor(tenant);
      let claims: oidc.IDToken | undefined;
      try {
        const tokens = await oidc.authorizationCodeGrant(client, currentUrl, {
          pkceCodeVerifier: flow.verifier,
          expectedState: flow.state,
          expectedNonce: flow.nonce,
        });
        claims = tokens.claims();
      } catch (cause) {
        deps.logger.warn({ err: cause, tenant: tenant.slug }, 'OpenID Connect code exchange failed');
        throw new AppError('SSO_FAILED', { cause });
      }
      if (!claims) throw new AppError('SSO_FAILED');
      const user = await findOrCreateUser(tenant, claims);
      if (!user.active) throw new AppError('ACCOUNT_DEACTIVATED');
      await audit.record(tenant.id, { userId: user.id, email: user.email }, meta, {
        action: 'auth.login_sso',
        targetType: 'user',
        targetId: user.id,
        subject: user.email,
        summary: `${user.email} signed in through single sign-on`,
      });
      return sessions.start(user, meta);
    },
  };
}

export type SsoService = ReturnType<typeof createSsoService>;
