/** The results of one run, as written to bench/results/latest.json and printed as a table. */
import type { AllAdsBaseline } from './baseline';
import type { BudgetCheck } from './budgets';
import type { RoutePage, RouteWeight } from './client-weight';
import type { FloorResult } from './floor';
import type { LighthouseResult } from './lighthouse';
import type { LoadResult } from './load';
import type { LiveDeliveryResult } from './messaging';
import type { StartupTimes } from './processes';
import type { ScenarioGroup } from './scenarios';

export interface ReadResult {
  name: string;
  group: ScenarioGroup;
  /** The app's JSON body, which the ceiling answers with the same size. */
  bodyBytes: number;
  oneClient: LoadResult;
  concurrent: LoadResult;
  floor: FloorResult;
  ceiling: LoadResult;
  /** App p50 (one client) over floor p50. */
  appVsFloor: number;
  /** App req/s over ceiling req/s, both under the concurrent load. */
  appVsCeiling: number;
}

/** An ad page read through a caching proxy (nginx) in front of two app processes (issue 15). */
export interface ProxiedReadResult {
  name: string;
  concurrent: LoadResult;
  /** Answers the proxy took from its cache, of a sample after the load. */
  hitShare: number;
  /** Proxied req/s over the ceiling's, both under the concurrent load. */
  proxiedVsCeiling: number;
}

export interface WriteResult {
  name: string;
  oneClient: LoadResult;
  concurrent: LoadResult;
}

export interface BenchResults {
  date: string;
  machine: { cpus: number; cpuModel: string; memoryBytes: number; node: string; os: string };
  quick: boolean;
  ads: number;
  activeAds: number;
  secondsPerMeasurement: number;
  connections: number;
  reads: ReadResult[];
  writes: WriteResult[];
  /** The ad page's reads through nginx; a reason instead when nginx is not installed. */
  cachingProxy: { reads: ProxiedReadResult[] } | { skipped: string };
  /** Send-to-receive between two app processes (issue 12). */
  liveDelivery: LiveDeliveryResult;
  baseline: { allAds: AllAdsBaseline; firstPage: { bytes: number; ms: number } };
  clientWeight: Record<RoutePage, RouteWeight>;
  lighthouse: (LighthouseResult & { page: RoutePage })[];
  memory: { coldBytes: number; startBytes: number; endBytes: number };
  startup: StartupTimes;
  budgets?: BudgetCheck[];
}

const ms = (value: number) => value.toFixed(1);
const kb = (bytes: number) => `${(bytes / 1000).toFixed(1)} kB`;
const seconds = (milliseconds: number) => `${(milliseconds / 1000).toFixed(1)} s`;
/** The lowest and highest of a figure over the startup's rounds. */
const range = (rounds: StartupTimes['rounds'], key: 'firstStartMs' | 'warmRestartMs') => {
  const values = rounds.map((round) => round[key]);
  return `${seconds(Math.min(...values))}–${seconds(Math.max(...values))}`;
};
const mb = (bytes: number) => `${(bytes / 1_000_000).toFixed(1)} MB`;

function table(headings: string[], rows: (string | number)[][]): string {
  const cells = [headings, ...rows.map((row) => row.map(String))];
  const widths = headings.map((_, column) => Math.max(...cells.map((row) => row[column]!.length)));
  const line = (row: string[]) =>
    row
      .map((cell, column) => (column === 0 ? cell.padEnd(widths[column]!) : cell.padStart(widths[column]!)))
      .join('  ');
  return [
    line(cells[0]!),
    widths.map((width) => '-'.repeat(width)).join('  '),
    ...cells.slice(1).map(line),
  ].join('\n');
}

export function formatResults(results: BenchResults): string {
  const c = results.connections;
  const sections = [
    `Bazaar bench, ${results.date}: ${results.ads.toLocaleString('en-US')} ads (${results.activeAds.toLocaleString('en-US')} active), ` +
      `${results.machine.cpus} × ${results.machine.cpuModel}, Node ${results.machine.node}, ` +
      `${results.secondsPerMeasurement} s per measurement${results.quick ? ' (quick run)' : ''}`,
    table(
      [
        'reads (ms)',
        'p50 1',
        'p95 1',
        'p99 1',
        `req/s ${c}`,
        `p99 ${c}`,
        'errors',
        'floor p50',
        'app/floor',
        'ceiling req/s',
        'app/ceiling',
        'body',
      ],
      results.reads.map((read) => [
        read.name,
        ms(read.oneClient.p50),
        ms(read.oneClient.p95),
        ms(read.oneClient.p99),
        Math.round(read.concurrent.rps),
        ms(read.concurrent.p99),
        read.oneClient.errors + read.concurrent.errors,
        ms(read.floor.p50),
        `${read.appVsFloor.toFixed(2)}×`,
        Math.round(read.ceiling.rps),
        `${(read.appVsCeiling * 100).toFixed(0)} %`,
        kb(read.bodyBytes),
      ]),
    ),
    'reads' in results.cachingProxy
      ? table(
          [
            'through nginx (proxy_cache), 2 app processes',
            `req/s ${c}`,
            `p50 ${c}`,
            `p99 ${c}`,
            'errors',
            'from cache',
            'vs ceiling',
          ],
          results.cachingProxy.reads.map((read) => [
            read.name,
            Math.round(read.concurrent.rps),
            ms(read.concurrent.p50),
            ms(read.concurrent.p99),
            read.concurrent.errors,
            `${(read.hitShare * 100).toFixed(0)} %`,
            `${(read.proxiedVsCeiling * 100).toFixed(0)} %`,
          ]),
        )
      : `through a caching proxy: skipped, ${results.cachingProxy.skipped}`,
    table(
      ['writes (ms)', 'p50 1', 'p95 1', 'p99 1', `req/s ${c}`, `p50 ${c}`, `p99 ${c}`, 'errors'],
      results.writes.map((write) => [
        write.name,
        ms(write.oneClient.p50),
        ms(write.oneClient.p95),
        ms(write.oneClient.p99),
        write.concurrent.rps.toFixed(1),
        ms(write.concurrent.p50),
        ms(write.concurrent.p99),
        write.oneClient.errors + write.concurrent.errors,
      ]),
    ),
    table(
      [`live delivery, ${results.liveDelivery.messages} messages (ms)`, 'p50', 'p95', 'p99', 'max'],
      (
        [
          ['send on process A → event on process B', results.liveDelivery.event],
          ['send on process A → receiver fetched it from B', results.liveDelivery.shown],
        ] as const
      ).map(([name, times]) => [name, ms(times.p50), ms(times.p95), ms(times.p99), ms(times.max)]),
    ),
    table(
      ['original design vs. Bazaar', 'bytes', 'ms'],
      [
        [
          `all ${results.baseline.allAds.ads.toLocaleString('en-US')} active ads as one list`,
          mb(results.baseline.allAds.bytes),
          ms(results.baseline.allAds.ms),
        ],
        [
          'first page of search results',
          kb(results.baseline.firstPage.bytes),
          ms(results.baseline.firstPage.ms),
        ],
      ],
    ),
    table(
      [
        'client first load (gzip)',
        'JS files',
        'JS',
        'CSS',
        'Lighthouse',
        'LCP ms',
        'TBT ms',
        'CLS',
        'a11y / BP / SEO',
      ],
      Object.entries(results.clientWeight).map(([route, weight]) => {
        const lighthouse = results.lighthouse.find((page) => page.page === route);
        return [
          route,
          weight.jsFiles,
          kb(weight.jsGzipBytes),
          kb(weight.cssGzipBytes),
          lighthouse?.score ?? '-',
          lighthouse ? Math.round(lighthouse.lcpMs) : '-',
          lighthouse ? Math.round(lighthouse.tbtMs) : '-',
          lighthouse ? lighthouse.cls.toFixed(3) : '-',
          lighthouse ? `${lighthouse.accessibility} / ${lighthouse.bestPractices} / ${lighthouse.seo}` : '-',
        ];
      }),
    ),
    `app memory (RSS): ${mb(results.memory.coldBytes)} at start, ${mb(results.memory.startBytes)} warm before the load, ` +
      `${mb(results.memory.endBytes)} after it\n` +
      `startup to /api/ready (median of ${results.startup.rounds.length}): ` +
      `${seconds(results.startup.firstStartMs)} on an empty DATA_DIR (${range(results.startup.rounds, 'firstStartMs')}), ` +
      `${seconds(results.startup.warmRestartMs)} on a warm restart (${range(results.startup.rounds, 'warmRestartMs')})`,
  ];
  if (results.budgets) {
    const missed = results.budgets.filter((budget) => !budget.passed);
    sections.push(
      `budgets: ${results.budgets.length - missed.length} of ${results.budgets.length} met\n` +
        results.budgets
          .map(
            (budget) =>
              `${budget.passed ? 'PASS' : 'MISS'}  ${budget.name}: ${Number(budget.actual.toFixed(2))}${budget.unit} ` +
              `(${budget.kind === 'max' ? '≤' : '≥'} ${budget.limit}${budget.unit})`,
          )
          .join('\n'),
    );
  }
  return sections.join('\n\n');
}
