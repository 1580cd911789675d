import { formatLocation } from '../../stores/location-sync';

/** The address of an organization's Sites screen, or of one site in it (links the location sync follows). */
export function sitesAddress(organizationId: string, siteId?: string): string {
  return formatLocation({ sitesOf: organizationId, siteId });
}
