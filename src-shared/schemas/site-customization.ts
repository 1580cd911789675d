import { z } from 'zod';
import { condition, siteTitle } from './sites';

// GitBook 0.137.0's SiteCustomizationSettings (PUT .../customization) and its site-space override (PATCH
// .../site-spaces/{id}/customization), with their bounds and value sets. Unknown keys are refused, naming them.

const color = z.string().regex(/^#(?:[0-9a-fA-F]{3}){1,2}$/, 'must be a color such as #346DDB');
const url = z.url().max(2048);
const themedColor = z.strictObject({ light: color, dark: color });
const themedUrl = z.strictObject({ light: url, dark: url });

const CUSTOMIZATION_THEMES = ['clean', 'muted', 'bold', 'gradient'] as const;
const CUSTOMIZATION_LOCALES = ['en', 'fr', 'es', 'zh', 'ja', 'de', 'nl', 'no', 'pt-br', 'ru'] as const;
const CUSTOMIZATION_THEME_MODES = ['light', 'dark'] as const;
const ANNOUNCEMENT_STYLES = ['info', 'warning', 'danger', 'success'] as const;
const DEFAULT_FONTS = [
  'ABCFavorit', 'Inter', 'Roboto', 'RobotoSlab', 'OpenSans', 'SourceSansPro', 'Lato', 'Ubuntu', 'Raleway', 'Merriweather',
  'Overpass', 'NotoSans', 'IBMPlexSerif', 'Poppins', 'FiraSans',
] as const;
const DEFAULT_MONOSPACE_FONTS = ['FiraCode', 'IBMPlexMono', 'JetBrainsMono', 'SourceCodePro', 'RobotoMono', 'SpaceMono', 'DMMono', 'Inconsolata'] as const;

const fontDefinition = z.strictObject({
  id: z.string().min(1),
  custom: z.boolean(),
  fontFamily: z.string().min(1).max(50),
  fontFaces: z
    .array(
      z.strictObject({
        weight: z.int().min(1).max(1000),
        sources: z.array(z.strictObject({ url, format: z.enum(['woff2', 'woff']).optional() })).min(1),
      }),
    )
    .min(1),
});

/** GitBook's ContentRef: where a header, footer or announcement link goes. */
const contentRef = z.discriminatedUnion('kind', [
  z.strictObject({ kind: z.literal('file'), file: z.string().min(1) }),
  z.strictObject({ kind: z.literal('url'), url: z.string().min(1) }),
  z.strictObject({ kind: z.literal('page'), page: z.string().min(1), space: z.string().min(1).optional() }),
  z.strictObject({ kind: z.literal('anchor'), anchor: z.string().min(1), space: z.string().min(1).optional(), page: z.string().min(1).optional() }),
  z.strictObject({ kind: z.literal('user'), user: z.string().min(1) }),
  z.strictObject({ kind: z.literal('collection'), collection: z.string().min(1) }),
  z.strictObject({ kind: z.literal('space'), space: z.string().min(1) }),
  z.strictObject({ kind: z.literal('reusable-content'), reusableContent: z.string().min(1), space: z.string().min(1).optional() }),
  z.strictObject({ kind: z.literal('openapi'), spec: z.string().min(1) }),
]);
const contentLink = z.strictObject({ title: z.string().max(64), to: contentRef });
const headerItem = z.strictObject({
  title: z.string(),
  style: z.enum(['link', 'button-primary', 'button-secondary']).optional(),
  to: contentRef.nullable(),
  links: z.array(contentLink),
  condition: condition.optional(),
});
const footerGroup = z.strictObject({ title: z.string(), links: z.array(contentLink) });
const announcement = z.strictObject({
  enabled: z.boolean(),
  message: z.string().min(2).max(128),
  link: contentLink.optional(),
  style: z.enum(ANNOUNCEMENT_STYLES),
});
const favicon = z.union([
  z.strictObject({ icon: themedUrl }),
  z.strictObject({ emoji: z.string().min(1).max(50) }),
  z.strictObject({}),
]);
const theme = z.enum(CUSTOMIZATION_THEMES);
const corners = z.enum(['straight', 'rounded', 'circular']);
const depth = z.enum(['subtle', 'flat']);
const linksStyle = z.enum(['default', 'accent']);
const iconsStyle = z.enum(['regular', 'solid', 'duotone', 'light', 'thin']);
const sidebarBackground = z.enum(['default', 'filled']);
const sidebarList = z.enum(['default', 'pill', 'line']);
const searchStyle = z.enum(['prominent', 'subtle']);
const background = z.enum(['plain', 'match']);
const headerPreset = z.enum(['default', 'bold', 'contrast', 'custom', 'none']);
const locale = z.enum(CUSTOMIZATION_LOCALES);
const themeMode = z.enum(CUSTOMIZATION_THEME_MODES);
const linksTarget = z.enum(['self', 'blank']);
const enabled = z.strictObject({ enabled: z.boolean() });

/** PUT .../customization: the whole settings, every required field of the spec. */
const SOCIAL_PLATFORMS = ['twitter', 'instagram', 'facebook', 'linkedin', 'github', 'discord', 'slack', 'youtube', 'tiktok', 'reddit', 'bluesky', 'mastodon', 'threads', 'medium'] as const;
const socialAccount = z.strictObject({
  platform: z.enum(SOCIAL_PLATFORMS),
  handle: z.string().min(1).max(128),
  display: z.strictObject({ footer: z.boolean(), header: z.boolean() }),
});

/** GitBook 0.202's code themes (CustomizationCodeTheme). */
const CODE_THEMES = [
  'default-light', 'default-dark', 'monochrome-light', 'monochrome-dark', 'andromeeda', 'aurora-x', 'ayu-dark',
  'catppuccin-frappe', 'catppuccin-latte', 'catppuccin-macchiato', 'catppuccin-mocha', 'dark-plus', 'dracula',
  'dracula-soft', 'everforest-dark', 'everforest-light', 'github-dark', 'github-dark-default', 'github-dark-dimmed',
  'github-dark-high-contrast', 'github-light', 'github-light-default', 'github-light-high-contrast',
  'gruvbox-dark-hard', 'gruvbox-dark-medium', 'gruvbox-dark-soft', 'gruvbox-light-hard', 'gruvbox-light-medium',
  'gruvbox-light-soft', 'houston', 'kanagawa-dragon', 'kanagawa-lotus', 'kanagawa-wave', 'laserwave', 'light-plus',
  'material-theme', 'material-theme-darker', 'material-theme-lighter', 'material-theme-ocean',
  'material-theme-palenight', 'min-dark', 'min-light', 'monokai', 'night-owl', 'nord', 'one-dark-pro', 'one-light',
  'plastic', 'poimandres', 'red', 'rose-pine', 'rose-pine-dawn', 'rose-pine-moon', 'slack-dark', 'slack-ochin',
  'snazzy-light', 'solarized-dark', 'solarized-light', 'synthwave-84', 'tokyo-night', 'vesper', 'vitesse-black',
  'vitesse-dark', 'vitesse-light',
] as const;
const themedCodeTheme = z.strictObject({ light: z.enum(CODE_THEMES), dark: z.enum(CODE_THEMES) });
/** Page actions as 0.137.0 sends them (two switches) or as 0.202 does (the ordered `items`); either is kept. */
const pageActions = z
  .strictObject({
    externalAI: z.boolean().optional(),
    markdown: z.boolean().optional(),
    items: z.array(z.enum(['assistant', 'external-ai', 'markdown', 'mcp', 'git', 'pdf'])).max(6).optional(),
  })
  .refine((value) => value.items !== undefined || (value.externalAI !== undefined && value.markdown !== undefined), 'needs `items`, or both `externalAI` and `markdown`');

export const siteCustomizationBody = z.strictObject({
  title: siteTitle.optional(),
  styling: z.strictObject({
    theme,
    primaryColor: themedColor,
    tint: z.strictObject({ color: themedColor }).optional(),
    infoColor: themedColor,
    successColor: themedColor,
    warningColor: themedColor,
    dangerColor: themedColor,
    corners,
    depth,
    links: linksStyle,
    font: z.union([z.enum(DEFAULT_FONTS), fontDefinition]),
    monospaceFont: z.union([z.enum(DEFAULT_MONOSPACE_FONTS), fontDefinition]),
    background,
    icons: iconsStyle,
    sidebar: z.strictObject({ background: sidebarBackground, list: sidebarList }),
    search: searchStyle,
    codeTheme: z.strictObject({ default: themedCodeTheme, openapi: themedCodeTheme }).optional(),
  }),
  internationalization: z.strictObject({ locale }),
  favicon,
  header: z.strictObject({
    preset: headerPreset,
    logo: themedUrl.optional(),
    backgroundColor: themedColor.optional(),
    linkColor: themedColor.optional(),
    links: z.array(headerItem),
  }),
  footer: z.strictObject({ logo: themedUrl.optional(), groups: z.array(footerGroup), copyright: z.string().max(300).optional() }),
  announcement: announcement.optional(),
  themes: z.strictObject({ default: themeMode, toggeable: z.boolean() }),
  pdf: enabled,
  feedback: enabled,
  ai: z.strictObject({ mode: z.enum(['none', 'search', 'assistant', 'integration']), integrationId: z.string().min(1).optional() }),
  advancedCustomization: enabled,
  git: z.strictObject({ showEditLink: z.boolean() }),
  pageActions,
  externalLinks: z.strictObject({ target: linksTarget }),
  pagination: enabled,
  trademark: enabled,
  privacyPolicy: z.strictObject({ url: url.optional() }),
  socialPreview: z.strictObject({ url: url.optional() }),
  insights: z.strictObject({ trackingCookie: z.boolean() }),
  /** GitBook 0.202's social accounts (0.137.0 clients send none: the stored list stays). */
  socialAccounts: z.array(socialAccount).max(10).optional(),
});
export type SiteCustomizationInput = z.infer<typeof siteCustomizationBody>;

/** A value of the override, or null to drop the override and take the site's again. */
const reset = <T extends z.ZodType>(schema: T) => schema.nullable().optional();
const resettable = z.strictObject({ enabled: z.boolean().nullable() });

/** PATCH .../site-spaces/{id}/customization: what this site space shows differently from the site. */
export const siteSpaceCustomizationBody = z.strictObject({
  title: reset(siteTitle),
  styling: z
    .strictObject({
      theme: reset(theme),
      primaryColor: reset(themedColor),
      infoColor: reset(themedColor),
      successColor: reset(themedColor),
      warningColor: reset(themedColor),
      dangerColor: reset(themedColor),
      tint: reset(z.strictObject({ color: themedColor })),
      corners: reset(corners),
      depth: reset(depth),
      links: reset(linksStyle),
      icons: reset(iconsStyle),
      sidebar: z.strictObject({ background: reset(sidebarBackground), list: reset(sidebarList) }).optional(),
      search: reset(searchStyle),
      background: reset(background),
    })
    .optional(),
  internationalization: z.strictObject({ locale: locale.nullable() }).optional(),
  favicon: reset(favicon),
  announcement: announcement.optional(),
  header: z
    .strictObject({
      preset: reset(headerPreset),
      logo: reset(themedUrl),
      backgroundColor: reset(themedColor),
      linkColor: reset(themedColor),
      links: reset(z.array(headerItem)),
    })
    .optional(),
  footer: z.strictObject({ logo: reset(themedUrl), groups: reset(z.array(footerGroup)), copyright: reset(z.string().max(300)) }).optional(),
  themes: z.strictObject({ default: reset(themeMode), toggeable: reset(z.boolean()) }).optional(),
  pdf: resettable.optional(),
  feedback: resettable.optional(),
  git: z.strictObject({ showEditLink: z.boolean().nullable() }).optional(),
  externalLinks: z.strictObject({ target: linksTarget.nullable() }).optional(),
  pagination: resettable.optional(),
  trademark: resettable.optional(),
  privacyPolicy: z.strictObject({ url: reset(url) }).optional(),
  socialPreview: z.strictObject({ url: reset(url) }).optional(),
});
export type SiteSpaceCustomizationInput = z.infer<typeof siteSpaceCustomizationBody>;

/** What GET .../customization answers: every setting (GitBook's defaults where none was chosen) and the title. */
export type SiteCustomizationSettings = SiteCustomizationInput & { title: string };
