import { createHash, randomBytes } from 'node:crypto';
import type { Profile } from '@node-saml/node-saml';
import { email as emailSchema } from '../../src-shared/schemas/common';
import { type AppServices, isoNow } from '../app/context';
import { badRequest, conflict, forbidden, notFound } from '../errors';
import { inTransaction } from '../store/database';
import { getMember, insertMember } from '../store/members';
import { consumeSamlRequest, getSamlProvider, insertLoginCode, type SamlProviderRow, setMemberSso, takeLoginCode } from '../store/saml';
import { getTeam, addTeamMember } from '../store/teams';
import { generateToken, insertToken } from '../store/tokens';
import { findOrCreateUser, getUserById } from '../store/users';
import { requestStaleBefore } from './service-provider';
import { isProviderActive } from './service';

/** How long the browser has to trade the code for a token: it does so as soon as the page loads. */
const LOGIN_CODE_TTL_MS = 2 * 60 * 1000;

export const digest = (secret: string) => createHash('sha256').update(secret, 'utf8').digest('hex');

/** An active provider by id: 404 when there is none, 409 while it lacks its identity provider's settings. */
export function activeProvider(services: AppServices, providerId: string): SamlProviderRow {
  const provider = getSamlProvider(services.db, providerId);
  if (!provider) throw notFound(`SAML provider "${providerId}" not found`);
  if (!isProviderActive(provider)) {
    throw conflict(`SAML provider "${provider.label}" is not set up yet: an admin must give its ssoURL, entityID and certificate`);
  }
  return provider;
}

const ATTRIBUTE_EMAILS = ['email', 'mail', 'emailAddress', 'http://schemas.xmlsoap.org/ws/2005/05/identity/claims/emailaddress'];
const ATTRIBUTE_NAMES = ['displayName', 'name', 'http://schemas.xmlsoap.org/ws/2005/05/identity/claims/name', 'http://schemas.microsoft.com/identity/claims/displayname'];

function firstString(profile: Profile, names: readonly string[]): string | undefined {
  for (const name of names) {
    const value = (profile as Record<string, unknown>)[name];
    const first = Array.isArray(value) ? value[0] : value;
    if (typeof first === 'string' && first.trim()) return first.trim();
  }
  return undefined;
}

/** The person's email: an email attribute, else the NameID when it is one (the emailAddress format we ask for). */
function emailOf(profile: Profile): string {
  const candidate = firstString(profile, ATTRIBUTE_EMAILS) ?? profile.nameID;
  const parsed = emailSchema.safeParse(candidate ?? '');
  if (!parsed.success) throw badRequest('The identity provider sent no email address (NameID or an email attribute) for this person');
  return parsed.data.toLowerCase();
}

/**
 * Signs in the person a verified assertion names: uses up the AuthnRequest it answers (once: a replay finds it
 * gone), finds or creates the user, makes them a member with the provider's default role (an existing member
 * keeps theirs), marks them an SSO member, adds them to the default team, and answers a one-time code for the
 * browser that started the login. All in one transaction: a refusal changes nothing.
 */
export function completeSamlLogin(services: AppServices, providerId: string, profile: Profile): string {
  return inTransaction(services.db, () => {
    const provider = activeProvider(services, providerId);
    if (profile.issuer !== provider.entity_id) {
      throw badRequest(`The assertion's issuer "${profile.issuer ?? ''}" is not this provider's entity ID`);
    }
    const requestId = typeof profile.inResponseTo === 'string' ? profile.inResponseTo : '';
    const browserHash = consumeSamlRequest(services.db, requestId, provider.id, requestStaleBefore(services.clock));
    if (browserHash === undefined) throw badRequest('This response answers no pending sign-in (already used, expired or unknown): start again');
    const email = emailOf(profile);
    const now = isoNow(services.clock);
    const user = findOrCreateUser(services.db, email, now, firstString(profile, ATTRIBUTE_NAMES));
    const member = getMember(services.db, provider.organization_id, user.id);
    if (member?.disabled === 1) throw forbidden('Your membership of this organization is disabled: ask an admin');
    if (!member) insertMember(services.db, provider.organization_id, user.id, provider.default_role, now);
    setMemberSso(services.db, provider.organization_id, user.id);
    const team = provider.default_team_id !== null ? getTeam(services.db, provider.organization_id, provider.default_team_id) : undefined;
    if (team) addTeamMember(services.db, team.id, user.id, 'member', now);
    const code = randomBytes(32).toString('base64url');
    const expiresAt = new Date(services.clock.now().getTime() + LOGIN_CODE_TTL_MS).toISOString();
    insertLoginCode(services.db, { codeHash: digest(code), userId: user.id, providerId: provider.id, browserHash, expiresAt, now });
    return code;
  });
}

/**
 * Trades a login code for a new API token (the browser's session, as a pasted token is): once, within
 * LOGIN_CODE_TTL_MS, and only from the browser whose nonce cookie started the login.
 */
export function exchangeLoginCode(services: AppServices, code: string, browserNonce: string | undefined): { token: string; userId: string } {
  // Taken first, in its own transaction: a code presented from the wrong browser is used up all the same.
  const row = inTransaction(services.db, () => takeLoginCode(services.db, digest(code)));
  const now = isoNow(services.clock);
  if (!row || row.expires_at <= now) throw badRequest('code: this sign-in code is unknown, used or expired; sign in again');
  if (!browserNonce || digest(browserNonce) !== row.browser_hash) {
    throw forbidden('This sign-in was started in another browser: sign in again from this one');
  }
  return inTransaction(services.db, () => {
    const user = getUserById(services.db, row.user_id);
    if (!user) throw badRequest('code: this sign-in code is unknown, used or expired; sign in again');
    const label = getSamlProvider(services.db, row.provider_id)?.label ?? 'SAML';
    const token = generateToken();
    insertToken(services.db, user.id, token, now, `SSO sign-in (${label})`);
    return { token, userId: user.id };
  });
}
