import type { DehydratedState } from '@tanstack/react-query';
import type { HydrationState } from 'react-router';

/**
 * What a server-rendered page hands the browser (docs/decisions/0025-server-rendering.md):
 * the query cache the page was rendered from and the router's state, in a
 * `<script type="application/json">` data block with this id (no inline script: the CSP
 * allows none).
 */
export const SERVER_DATA_ELEMENT_ID = 'bazaar-server-data';

export interface ServerRenderedData {
  queries: DehydratedState;
  router: HydrationState;
}
