/** Says when the app cannot reach its server. (Placeholder, replaced by the feature.) */
export function ConnectionIndicator() {
  return null;
}
