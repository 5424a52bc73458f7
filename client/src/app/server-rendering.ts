import type { DehydratedState } from '@tanstack/react-query';

/**
 * What a server-rendered page hands the browser (docs/decisions/0025-server-rendering.md):
 * the query cache the page was rendered from, in the data block SERVER_DATA_ELEMENT_ID
 * (common/server-rendering).
 */
export interface ServerRenderedData {
  queries: DehydratedState;
}
