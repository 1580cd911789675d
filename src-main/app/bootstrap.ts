import { inTransaction, type Db } from '../store/database';
import { insertMember } from '../store/members';
import { insertOrganization } from '../store/orgs';
import { getSetting, setSetting } from '../store/settings';
import { generateToken, insertToken, tokenExists } from '../store/tokens';
import { findOrCreateUser, getUserById, type UserRow } from '../store/users';
import { type Clock, isoNow } from './context';

export const OWNER_SETTING = 'owner_user_id';

/** The shortest FOLIO_ADMIN_TOKEN accepted: an owner's credential must not be guessable (generated ones are 192 bits). */
const MIN_ADMIN_TOKEN_LENGTH = 20;

/** Why a token given as FOLIO_ADMIN_TOKEN is refused, or undefined when it is long enough. */
export function weakAdminTokenReason(token: string): string | undefined {
  if (token.length >= MIN_ADMIN_TOKEN_LENGTH) return undefined;
  return (
    `FOLIO_ADMIN_TOKEN is too short (${token.length} characters): it must be at least ${MIN_ADMIN_TOKEN_LENGTH}. ` +
    'Use a long random value, e.g. the output of `openssl rand -base64 32`, or leave it unset and Folio prints a generated token.'
  );
}

interface BootstrapOptions {
  /** Becomes the owner's token instead of a generated one (FOLIO_ADMIN_TOKEN). */
  adminToken?: string;
  ownerEmail?: string;
  organizationTitle?: string;
}

interface BootstrapResult {
  owner: UserRow;
  /** The owner's new token when this call created the owner; never stored in clear. */
  createdToken?: string;
}

/**
 * On a store with no owner yet: creates the owner, their organization and an API token, in one
 * transaction. Later starts find the owner and change nothing, except that a FOLIO_ADMIN_TOKEN not
 * yet known is added to the owner's tokens so a restarted server honours its environment.
 */
export function bootstrapOwner(db: Db, clock: Clock, options: BootstrapOptions = {}): BootstrapResult {
  const weak = options.adminToken === undefined ? undefined : weakAdminTokenReason(options.adminToken);
  if (weak) throw new Error(weak);
  return inTransaction(db, () => {
    const now = isoNow(clock);
    const ownerId = getSetting(db, OWNER_SETTING);
    const existing = ownerId ? getUserById(db, ownerId) : undefined;
    if (existing) {
      if (options.adminToken && !tokenExists(db, options.adminToken)) insertToken(db, existing.id, options.adminToken, now, 'FOLIO_ADMIN_TOKEN');
      return { owner: existing };
    }
    const owner = findOrCreateUser(db, options.ownerEmail ?? 'owner@folio.localhost', now, 'Owner');
    const org = insertOrganization(db, { title: options.organizationTitle ?? 'My Organization', emailDomains: [], now });
    insertMember(db, org.id, owner.id, 'admin', now);
    setSetting(db, OWNER_SETTING, owner.id);
    const token = options.adminToken ?? generateToken();
    insertToken(db, owner.id, token, now, options.adminToken ? 'FOLIO_ADMIN_TOKEN' : 'bootstrap');
    return { owner, createdToken: token };
  });
}
