import { META_DESCRIPTION_MAX_LENGTH } from '@bazaar/common/constants';

export interface PageHead {
  title: string;
  description: string;
  /** Absolute URL of the page. */
  url?: string;
  /** Absolute URL of a preview image. */
  image?: string;
  /**
   * Address of the image the page shows largest on first view, fetched with the page's code
   * instead of after it has run (the page's Largest Contentful Paint).
   */
  preloadImage?: string;
  /** Absolute URL of the page's one address for search engines (`<link rel="canonical">`). */
  canonical?: string;
  /** schema.org objects, each sent as a `<script type="application/ld+json">` data block. */
  structuredData?: object[];
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (character) => `&#${character.charCodeAt(0)};`);
}

/**
 * JSON for a `<script type="application/ld+json">` data block. The browser never runs it (and
 * CSP's script-src does not apply to it), but the HTML parser ends the element at the first
 * `</script`: every `<` (and `>`, `&`, and the line separators some parsers take for line ends)
 * is written as a JSON escape, so an ad's text cannot close the element or open another.
 */
export function jsonForScriptElement(value: unknown): string {
  return JSON.stringify(value).replace(
    /[<>&\u2028\u2029]/g,
    (character) => `\\u${character.charCodeAt(0).toString(16).padStart(4, '0')}`,
  );
}

export function truncateForMeta(text: string): string {
  const singleLine = text.replace(/\s+/g, ' ').trim();
  if (singleLine.length <= META_DESCRIPTION_MAX_LENGTH) return singleLine;
  return `${singleLine.slice(0, META_DESCRIPTION_MAX_LENGTH - 1).trimEnd()}…`;
}

const HEAD_MARKER = /<title>[\s\S]*?<\/title>\s*<meta name="description"[^>]*>/;

/**
 * The client's index.html with a page's title, description and preview tags in its head,
 * so shared links preview well and crawlers index the page without running scripts.
 */
export function renderIndexHtml(template: string, head: PageHead): string {
  const tags = [
    `<title>${escapeHtml(head.title)}</title>`,
    `<meta name="description" content="${escapeHtml(head.description)}" />`,
    `<meta property="og:site_name" content="Bazaar" />`,
    `<meta property="og:title" content="${escapeHtml(head.title)}" />`,
    `<meta property="og:description" content="${escapeHtml(head.description)}" />`,
    head.url ? `<meta property="og:url" content="${escapeHtml(head.url)}" />` : '',
    head.image ? `<meta property="og:image" content="${escapeHtml(head.image)}" />` : '',
    `<meta name="twitter:card" content="${head.image ? 'summary_large_image' : 'summary'}" />`,
    head.preloadImage
      ? `<link rel="preload" as="image" fetchpriority="high" href="${escapeHtml(head.preloadImage)}" />`
      : '',
    head.canonical ? `<link rel="canonical" href="${escapeHtml(head.canonical)}" />` : '',
    ...(head.structuredData ?? []).map(
      (data) => `<script type="application/ld+json">${jsonForScriptElement(data)}</script>`,
    ),
  ].filter(Boolean);
  // A replacer function: a string would read `$&`, `$\`` and `$'` in the ad's text or the
  // page's URL as references to parts of the template.
  return template.replace(HEAD_MARKER, () => tags.join('\n    '));
}
