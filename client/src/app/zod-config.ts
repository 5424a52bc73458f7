// Zod tests whether it may compile parsers with `new Function` when it makes its first object
// schema; the CSP (script-src 'self') refuses, and browsers report the refusal as an issue of
// the page. Its parsers work the same without: it is told not to try, before any schema is
// made (start.tsx imports this module first).
//
// Zod keeps its settings on this global, shared by every copy of it and read where it loads, so
// the setting is made without importing zod: a page that parses nothing loads none of it.
declare global {
  var __zod_globalConfig: { jitless?: boolean } | undefined;
}
(globalThis.__zod_globalConfig ??= {}).jitless = true;

export {};
