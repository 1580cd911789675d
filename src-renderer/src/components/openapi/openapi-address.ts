import { formatLocation } from '../../stores/location-sync';

/** The address of an organization's API specs screen, or of one spec in it. */
export function specsAddress(organizationId: string, slug?: string): string {
  return formatLocation({ openapiOf: organizationId, specSlug: slug });
}
