import { inTransaction, type Db } from '../store/database';
import { insertMember } from '../store/members';
import { insertOrganization } from '../store/orgs';
import { getSetting, setSetting } from '../store/settings';
import { generateToken, insertToken, tokenExists } from '../store/tokens';
import { findOrCreateUser, getUserById, type UserRow } from '../store/users';
import { type Clock, isoNow } from './context';

export const OWNER_SETTING = 'owner_user_id';

export interface BootstrapOptions {
  /** Becomes the owner's token instead of a generated one (FOLIO_ADMIN_TOKEN). */
  adminToken?: string;
  ownerEmail?: string;
  organizationTitle?: string;
}

export interface BootstrapResult {
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
