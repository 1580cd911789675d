import { type CacheItem, type CacheProvider, SAML, ValidateInResponseTo } from '@node-saml/node-saml';
import type { Clock } from '../app/context';
import type { Db } from '../store/database';
import { insertSamlRequest, pendingSamlRequest, type SamlProviderRow } from '../store/saml';
import { serviceUrls } from './presenter';

/** How long an identity provider has to answer an AuthnRequest: a person signing in, perhaps typing a password and a second factor. */
export const REQUEST_TTL_MS = 10 * 60 * 1000;
/** Tolerated difference between the identity provider's clock and ours on NotBefore / NotOnOrAfter. */
const CLOCK_SKEW_MS = 60 * 1000;

const staleBefore = (clock: Clock) => new Date(clock.now().getTime() - REQUEST_TTL_MS).toISOString();

/**
 * node-saml's request-id cache, kept in SQLite (saml_requests) so a pending login survives a restart and each
 * provider only accepts answers to its own requests. `removeAsync` does nothing: node-saml calls it while it
 * validates, so a forged response would use up the real person's pending request; the request is used up once,
 * atomically, in the transaction that signs the person in (login.ts, consumeSamlRequest), which is also what
 * makes two concurrent posts of one response sign in once.
 */
export class SqliteRequestCache implements CacheProvider {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly providerId: string,
    /** Digest of the browser's nonce cookie, recorded with each request sent (only `start` sends). */
    private readonly browserHash = '',
  ) {}

  async saveAsync(key: string, _value: string): Promise<CacheItem | null> {
    const now = this.clock.now();
    insertSamlRequest(this.db, { id: key, providerId: this.providerId, browserHash: this.browserHash, now: now.toISOString(), staleBefore: staleBefore(this.clock) });
    return { value: now.toISOString(), createdAt: now.getTime() };
  }

  async getAsync(key: string): Promise<string | null> {
    return pendingSamlRequest(this.db, key, this.providerId, staleBefore(this.clock)) ?? null;
  }

  async removeAsync(_key: string | null): Promise<string | null> {
    return null;
  }
}

/** The oldest a pending request may be and still be answered (for consumeSamlRequest). */
export function requestStaleBefore(clock: Clock): string {
  return staleBefore(clock);
}

/**
 * node-saml set up for one active provider, as Folio is known at `baseUrl`: SP-initiated logins only
 * (InResponseTo always required), the assertion itself must be signed by the provider's certificate, and its
 * audience must be our entity ID.
 */
export function samlFor(provider: SamlProviderRow, baseUrl: string, cache: CacheProvider): SAML {
  const sp = serviceUrls(provider.id, baseUrl);
  return new SAML({
    entryPoint: provider.sso_url!,
    idpCert: provider.certificate!,
    issuer: sp.entityID,
    callbackUrl: sp.acsURL,
    audience: sp.entityID,
    wantAssertionsSigned: true,
    wantAuthnResponseSigned: false,
    validateInResponseTo: ValidateInResponseTo.always,
    requestIdExpirationPeriodMs: REQUEST_TTL_MS,
    cacheProvider: cache,
    acceptedClockSkewMs: CLOCK_SKEW_MS,
    identifierFormat: 'urn:oasis:names:tc:SAML:1.1:nameid-format:emailAddress',
    // Leave the authentication method to the identity provider (password, passkey, ...).
    disableRequestedAuthnContext: true,
    signatureAlgorithm: 'sha256',
  });
}
