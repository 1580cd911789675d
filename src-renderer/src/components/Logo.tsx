/** Folio's mark: a folded page. Decorative, so hidden from assistive technology. */
export function Logo({ size = 28 }: { size?: number }) {
  return (
    <svg className="logo" width={size} height={size} viewBox="0 0 32 32" aria-hidden="true" focusable="false">
      <rect x="4" y="3" width="24" height="26" rx="6" fill="var(--accent)" />
      <path d="M11 10h10M11 15h10M11 20h6" stroke="var(--accent-contrast)" strokeWidth="2.4" strokeLinecap="round" />
    </svg>
  );
}
