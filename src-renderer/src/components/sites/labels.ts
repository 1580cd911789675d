import type { SiteVisibility } from './sites-model';

/** Who can read a published site, in the words the settings form offers. */
export const SITE_VISIBILITIES: Array<{ value: SiteVisibility; label: string }> = [
  { value: 'public', label: 'Public (anyone, indexed by search engines)' },
  { value: 'unlisted', label: 'Unlisted (anyone with the address, not indexed)' },
  { value: 'share-link', label: 'Share links (only visitors with a link’s key)' },
  { value: 'visitor-auth', label: 'Visitors who sign in' },
];

const SHORT: Record<string, string> = {
  public: 'Public',
  unlisted: 'Unlisted',
  'share-link': 'Share links only',
  'visitor-auth': 'Visitors who sign in',
};

export function siteVisibilityLabel(visibility: string): string {
  return SHORT[visibility] ?? visibility;
}
