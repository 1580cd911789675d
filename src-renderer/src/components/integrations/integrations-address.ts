import { formatLocation } from '../../stores/location-sync';

/** The address of an organization's Integrations screen. */
export function integrationsAddress(organizationId: string): string {
  return formatLocation({ integrationsOf: organizationId });
}
