import { newVisitorAuthKey } from '../sites/publishing-auth-service';
import { newShareKey } from '../sites/share-links-service';

/**
 * What replaces each sealed secret when its key is lost (store/sealed-secrets.ts replaceLostSecrets): a new
 * visitor key and new share-link keys, made as the API makes them; integration secrets cannot be made up, so
 * they are cleared until their publisher enters them again.
 */
export function replacementFor(table: string, column: string): (() => string) | null {
  if (table === 'sites' && column === 'visitor_auth_key') return newVisitorAuthKey;
  if (table === 'site_share_links' && column === 'key') return newShareKey;
  if (table === 'integrations' && column === 'secrets') return null;
  throw new Error(`no replacement is known for the sealed column ${table}.${column}: say what replaces it when the key is lost`);
}
