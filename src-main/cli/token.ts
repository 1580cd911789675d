import { openDatabase } from '../store/database';
import { inTransaction } from '../store/database';
import { generateToken, insertToken, listTokens, revokeTokenById, revokeTokenByValue, revokeTokensOfUser } from '../store/tokens';
import { findOrCreateUser, getUserByEmail } from '../store/users';
import { email as emailSchema } from '../../src-shared/schemas/common';
import { type ParsedArgs, UsageError, dataDirOf, stringFlag } from './args';

/** `folio token create|revoke|list`: works beside a running server (SQLite in WAL mode). */
export function token(args: ParsedArgs): number {
  const [, action] = args.positional;
  const { dir } = dataDirOf(args);
  const db = openDatabase(dir);
  try {
    const now = new Date().toISOString();
    if (action === 'create') {
      const email = stringFlag(args, 'email');
      if (!email || !emailSchema.safeParse(email).success) throw new UsageError('token create needs --email EMAIL');
      const value = generateToken();
      inTransaction(db, () => {
        const user = findOrCreateUser(db, email, now, stringFlag(args, 'name'));
        insertToken(db, user.id, value, now, stringFlag(args, 'label') ?? 'cli');
      });
      console.log(value);
      return 0;
    }
    if (action === 'revoke') {
      const value = stringFlag(args, 'token') ?? args.positional[2];
      const id = stringFlag(args, 'id');
      const email = stringFlag(args, 'email');
      let revoked = 0;
      if (value) revoked = revokeTokenByValue(db, value, now) ? 1 : 0;
      else if (id) revoked = revokeTokenById(db, id, now) ? 1 : 0;
      else if (email) {
        const user = getUserByEmail(db, email);
        revoked = user ? revokeTokensOfUser(db, user.id, now) : 0;
      } else throw new UsageError('token revoke needs a TOKEN, --id ID or --email EMAIL');
      console.log(`Revoked ${revoked} token${revoked === 1 ? '' : 's'}`);
      return revoked > 0 ? 0 : 1;
    }
    if (action === 'list') {
      for (const t of listTokens(db)) {
        console.log(`${t.id}\t${t.email}\t${t.label ?? ''}\tcreated ${t.created_at}${t.revoked_at ? `\trevoked ${t.revoked_at}` : ''}`);
      }
      return 0;
    }
    throw new UsageError('usage: folio token create|revoke|list --data DIR ...');
  } finally {
    db.close();
  }
}
