import type { HintStyle } from '../../src-shared/gitbook-markdown/types';

export const MARGINS = { top: 62, bottom: 62, left: 62, right: 62 };
export const FONTS = {
  sans: ['Helvetica', 'Helvetica-Bold', 'Helvetica-Oblique', 'Helvetica-BoldOblique'],
  mono: ['Courier', 'Courier-Bold', 'Courier-Oblique', 'Courier-BoldOblique'],
} as const;
export const BODY_SIZE = 10.5;
export const BODY_GAP = 3.2;
export const COLORS = {
  text: '#1f2937',
  heading: '#111827',
  muted: '#6b7280',
  quote: '#4b5563',
  link: '#1d4ed8',
  code: '#9f1239',
  rule: '#d1d5db',
  border: '#d1d5db',
  header: '#f3f4f6',
};
export const HINT_COLORS: Record<HintStyle, string> = { info: '#2563eb', success: '#16a34a', warning: '#d97706', danger: '#dc2626' };
export const HEADING_SIZES = { 1: 17, 2: 14, 3: 12 } as const;
export const TITLE_SIZE = 22;
/** PDF points per CSS pixel: images keep their natural size (at 96 dpi) unless wider than the column. */
export const POINTS_PER_PIXEL = 0.75;
/** GitBook's text colours (the `color` mark), as printed on white paper. */
export const MARK_COLORS: Record<string, string> = {
  green: '#15803d',
  blue: '#1d4ed8',
  red: '#b91c1c',
  orange: '#c2410c',
  yellow: '#a16207',
  purple: '#7e22ce',
  $primary: '#1d4ed8',
  $info: '#2563eb',
  $success: '#16a34a',
  $warning: '#d97706',
  $danger: '#dc2626',
};
