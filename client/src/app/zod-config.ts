import { config } from 'zod/v4/core';

// Zod tests whether it may compile parsers with `new Function` when it makes its first object
// schema; the CSP (script-src 'self') refuses, and browsers report the refusal as an issue of
// the page. Its parsers work the same without: it is told not to try, before any schema is
// made (start.tsx imports this module first).
config({ jitless: true });
