/**
 * What insights need from a visitor's user agent: GitBook's browser, OS, device and bot enums
 * (SiteInsightsVisitorBrowser, ...OS, ...Device, ...Bot). A deliberately small parser of the tokens
 * browsers and crawlers actually send, tried most specific first (Edge and Opera also say "Chrome",
 * Chrome also says "Safari", Android also says "Linux", iPadOS desktop mode says "Macintosh").
 * Anything it does not recognise is `unknown`, never guessed. Run once per event when it is recorded:
 * the results are kept with the event, so queries group by them in SQL.
 */
type VisitorBrowser = 'chrome' | 'firefox' | 'safari' | 'edge' | 'ie' | 'opera' | 'unknown';
type VisitorOS = 'windows' | 'macos' | 'linux' | 'android' | 'ios' | 'unknown';
type VisitorDevice = 'desktop' | 'tablet' | 'mobile' | 'unknown';
/** null: not a bot. */
type VisitorBot = 'unknown' | 'googlebot' | 'bingbot' | 'duckduckbot' | 'facebookbot' | 'applebot' | 'chatgpt' | 'anthropic' | null;

interface VisitorAgent {
  browser: VisitorBrowser;
  os: VisitorOS;
  device: VisitorDevice;
  bot: VisitorBot;
}

const BOTS: Array<[RegExp, Exclude<VisitorBot, null>]> = [
  [/googlebot|google-inspectiontool|googleother|adsbot-google|mediapartners-google/i, 'googlebot'],
  [/bingbot|bingpreview|msnbot/i, 'bingbot'],
  [/duckduckbot|duckassistbot/i, 'duckduckbot'],
  [/facebookexternalhit|facebookbot|meta-externalagent|facebookcatalog/i, 'facebookbot'],
  [/applebot/i, 'applebot'],
  [/gptbot|chatgpt-user|oai-searchbot/i, 'chatgpt'],
  [/claudebot|claude-user|claude-searchbot|anthropic-ai/i, 'anthropic'],
];
/** Crawlers, scripts and HTTP libraries that are not one of the named bots. */
const OTHER_BOT = /bot\b|crawler|spider|slurp|crawl|headlesschrome|curl\/|wget\/|python-requests|python-urllib|node-fetch|axios\/|go-http-client|java\/|okhttp|libwww|httpclient|scrapy|phantomjs/i;

export function parseUserAgent(ua: string): VisitorAgent {
  return { browser: browserOf(ua), os: osOf(ua), device: deviceOf(ua), bot: botOf(ua) };
}

function botOf(ua: string): VisitorBot {
  for (const [pattern, bot] of BOTS) if (pattern.test(ua)) return bot;
  return OTHER_BOT.test(ua) ? 'unknown' : null;
}

function browserOf(ua: string): VisitorBrowser {
  if (/\b(Edg|Edge|EdgA|EdgiOS)\//.test(ua)) return 'edge';
  if (/\b(OPR|Opera|OPiOS|OPT)\//.test(ua)) return 'opera';
  if (/\bMSIE |Trident\//.test(ua)) return 'ie';
  if (/\b(Firefox|FxiOS)\//.test(ua)) return 'firefox';
  if (/\b(Chrome|CriOS|Chromium)\//.test(ua)) return 'chrome';
  if (/\bVersion\/[\d.]+.*\bSafari\//.test(ua) || (/\b(iPhone|iPad|iPod)\b/.test(ua) && /AppleWebKit\//.test(ua))) return 'safari';
  return 'unknown';
}

function osOf(ua: string): VisitorOS {
  if (/\b(iPhone|iPad|iPod)\b|\biOS\b/.test(ua)) return 'ios';
  if (/\bAndroid\b/.test(ua)) return 'android';
  if (/\bWindows\b/.test(ua)) return 'windows';
  if (/\bMac OS X\b|\bMacintosh\b/.test(ua)) return 'macos';
  if (/\bLinux\b|\bX11\b|\bCrOS\b/.test(ua)) return 'linux';
  return 'unknown';
}

function deviceOf(ua: string): VisitorDevice {
  if (/\biPad\b|\bTablet\b/.test(ua) || (/\bAndroid\b/.test(ua) && !/\bMobile\b/.test(ua))) return 'tablet';
  if (/\b(iPhone|iPod)\b|\bMobile\b|\bIEMobile\b|\bOpera Mini\b/.test(ua)) return 'mobile';
  if (/\bWindows\b|\bMacintosh\b|\bX11\b|\bCrOS\b|\bLinux\b/.test(ua)) return 'desktop';
  return 'unknown';
}
