import type { inferRouterInputs, inferRouterOutputs } from '@trpc/server';
import type { AppRouter } from '../../api/types';

// The Integrations screen's objects, as the tRPC procedures present them.

export type Inputs = inferRouterInputs<AppRouter>;
type Outputs = inferRouterOutputs<AppRouter>;

export type Integration = Outputs['integrations']['listForOrganization']['items'][number];
export type Installation = Outputs['integrations']['installations']['install'];
export type SpaceInstallation = Outputs['integrations']['installations']['listSpaces']['items'][number];

/** Integrations listed per page; more load on request. */
export const INTEGRATIONS_PAGE_SIZE = 50;
/** Installations (of one integration) and space installations read to find this organization's. */
export const INSTALLATIONS_LIMIT = 100;

/** This organization's installation of an integration, with the spaces it is installed on; null: not installed. */
export type OrgInstallation = { installation: Installation; spaces: SpaceInstallation[] } | null;

/** Where an integration can be installed, in words. */
export function targetLabel(target: Integration['target']): string {
  switch (target) {
    case 'all':
      return 'Organizations, spaces and sites';
    case 'space':
      return 'Spaces';
    case 'site':
      return 'Sites';
    default:
      return 'Organizations';
  }
}

/** Whether an installation can also go on a space (the integration targets spaces). */
export function installsOnSpaces(integration: Pick<Integration, 'target'>): boolean {
  return integration.target === 'all' || integration.target === 'space';
}

/** A space installation's space title, or its id when the caller cannot read it. */
export function spaceTitleOf(installation: SpaceInstallation): string {
  return typeof installation.space === 'string' ? installation.space : installation.space.title || 'Untitled space';
}

export function spaceIdOf(installation: SpaceInstallation): string {
  return typeof installation.space === 'string' ? installation.space : installation.space.id;
}
