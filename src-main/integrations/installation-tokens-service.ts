import { isoNow, type ServiceContext } from '../app/context';
import { recordAuditEvent } from '../audit-events/record';
import { notFound } from '../errors';
import { inTransaction } from '../store/database';
import { installationPrincipal } from '../store/installation-principals';
import { getInstallation } from '../store/integrations';
import { generateToken, insertToken } from '../store/tokens';
import { requireIntegration } from './access';

/** GitBook's installation tokens are temporary: an hour, after which the integration asks for another. */
const INSTALLATION_TOKEN_LIFETIME_MS = 60 * 60 * 1000;

/**
 * A temporary token that acts as one installation (GitBook's createIntegrationInstallationToken): it reaches the
 * spaces and sites the installation covers, with the role the integration's scopes imply (migration 037 says
 * which), and nothing else: no organization role, no settings, no other installation.
 *
 * GitBook asks the caller to authenticate as the integration. Folio runs no integration code, so the
 * integration's own backend holds no token of the integration's; it calls with a token of an admin of the
 * organization that published the integration, the people who can publish and unpublish it anyway. The
 * installing organization's consent is the installation itself; uninstalling revokes every token.
 */
export function createInstallationToken(ctx: ServiceContext, name: string, installationId: string): { token: string } {
  return inTransaction(ctx.db, () => {
    const integration = requireIntegration(ctx, name, 'create tokens for its installations');
    const installation = getInstallation(ctx.db, integration.name, installationId);
    if (!installation) throw notFound(`Installation "${installationId}" of integration "${name}" not found`);
    const now = isoNow(ctx.clock);
    const principal = installationPrincipal(ctx.db, installation, integration.title, now);
    const token = generateToken();
    const expiresAt = new Date(ctx.clock.now().getTime() + INSTALLATION_TOKEN_LIFETIME_MS).toISOString();
    insertToken(ctx.db, principal.id, token, now, `installation ${installation.id}`, expiresAt);
    recordAuditEvent(ctx, installation.organization_id, 'integration.token_created', {
      type: 'integration-installation',
      id: installation.id,
      label: name,
    });
    return { token };
  });
}
