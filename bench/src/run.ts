/**
 * `npm run bench`: generates a large catalog and order history in a throw-away database,
 * starts the production server on it, drives the main endpoints with autocannon, counts SQL
 * statements per request, measures the web bundles and runs Lighthouse. Writes
 * bench/results/latest.md. Numbers are reported, never asserted.
 *
 * Flags: --smoke (tiny data, 0.25 s per endpoint, no Lighthouse: what `npm run test:process`
 * starts with), --size=large (ten times the catalog and orders; each endpoint's growth against
 * the committed default results; written to bench/results/large.md unless --out says otherwise),
 * --engine=pglite|postgres|both, --seconds=N, --connections=N, --no-lighthouse, --out=FILE,
 * --only=WORD[,WORD] (only the load scenarios whose name holds one of the words),
 * --only=lighthouse (Lighthouse and the bundles alone: no generated data, no load; written to
 * bench/.work/lighthouse.md unless --out says otherwise).
 */
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { hash } from '@node-rs/argon2';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { openDatabase } from '../../apps/server/src/db/client';
import { DATABASE_TIME_LIMITS } from '../../apps/server/src/db/connection-pool';
import { signAccessToken } from '../../apps/server/src/lib/tokens';
import {
  checkBudgets,
  STEADY_SHARE,
  steadyScenarios,
  steadyWarmUpSeconds,
  summarise,
} from './budgets';
import { measureBundles, type BundleRow } from './bundle';
import { addDrop, DROP_NAME, readDrop, sendDrop, summariseDrop, type DropSetup } from './drop';
import { explainSearch } from './explain';
import { BENCH_PASSWORD, FULL, generate, LARGE, TINY, type Scale } from './generate';
import { growth, readDefaultRows } from './growth';
import { runLighthouse, type LighthouseRow } from './lighthouse';
import { countStatements, runLoad, runPaced } from './load';
import { startCluster } from './postgres';
import { uniqueQueries, withSlip, random, type Vocabulary } from './queries';
import { bareHttpCeiling, postgresReference, type PostgresReference } from './reference';
import { writeReport, type EngineReport } from './report';
import {
  addToCartScenario,
  dashboardScenario,
  detailScenario,
  listingScenario,
  listingWhileCartsChangeScenario,
  orderPlacementScenario,
  searchScenario,
  statementRequests,
  uncachedSearchScenario,
  type StockLine,
} from './scenarios';
import { repoRoot, staleBuildWarning, withServer } from './server';

/** `--name=value`, `--name value`, or `--name` alone (true). */
function readArgs(argv: string[]): Map<string, string> {
  const read = new Map<string, string>();
  for (let i = 0; i < argv.length; i++) {
    const [k, v] = argv[i]!.replace(/^--/, '').split('=');
    const following = argv[i + 1];
    if (v === undefined && following !== undefined && !following.startsWith('--')) {
      read.set(k!, following);
      i++;
    } else read.set(k!, v ?? 'true');
  }
  return read;
}
const args = readArgs(process.argv.slice(2));
const smoke = args.has('smoke');
const large = args.get('size') === 'large';
const scale: Scale = smoke ? TINY : large ? LARGE : FULL;
const seconds = Number(args.get('seconds') ?? (smoke ? 0.25 : 10));
const connections = Number(args.get('connections') ?? (smoke ? 5 : 50));
const only = args.get('only')?.split(',');
/** "A limited drop opens" runs unless --only names other scenarios alone. */
const dropRuns = !only || only.some((word) => DROP_NAME.includes(word));
/** The drop: each shopper its own connection, all at once (a smoke run's is small). */
const DROP = smoke ? { shoppers: 20, stock: 5, limit: 1 } : { shoppers: 300, stock: 50, limit: 1 };
/** `--only=lighthouse`: the demo shop's pages in Lighthouse, without the generated data or load. */
const lighthouseOnly = only?.length === 1 && only[0] === 'lighthouse';
const ENGINES = ['postgres', 'pglite'] as const;
const engineArg = args.get('engine') ?? 'both';
const engines = ENGINES.filter((e) => engineArg === 'both' || engineArg === e);
if (engines.length === 0) {
  console.error(`--engine is postgres, pglite or both, not ${engineArg}`);
  process.exit(2);
}
const out =
  args.get('out') ??
  path.join(
    repoRoot,
    smoke
      ? 'bench/.work/smoke.md'
      : lighthouseOnly
        ? 'bench/.work/lighthouse.md'
        : large
          ? 'bench/results/large.md'
          : 'bench/results/latest.md',
  );
const JWT_SECRET = 'bench-secret-bench-secret-bench-secret-0123456789';

const rows = <T>(result: unknown) => (result as { rows: T[] }).rows;

async function benchEngine(
  engine: (typeof ENGINES)[number],
  passwordHash: string,
): Promise<EngineReport | undefined> {
  let databaseUrl: string | undefined;
  let cleanUp: () => Promise<void> | void = () => {};
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'otaku-bench-data-'));
  if (engine === 'postgres') {
    const baseUrl =
      process.env.BENCH_DATABASE_URL ??
      (await startCluster().then((c) => {
        if (c) cleanUp = c.stop;
        return c?.url;
      }));
    if (!baseUrl) {
      console.log(
        'PostgreSQL is not installed and BENCH_DATABASE_URL is not set: skipping PostgreSQL.',
      );
      return undefined;
    }
    const name = `otaku_bench_${Date.now()}`;
    const onServer = async (statement: string) => {
      const admin = new pg.Client({ connectionString: baseUrl });
      await admin.connect();
      await admin.query(statement).finally(() => admin.end());
    };
    await onServer(`create database ${name}`);
    // A server named by BENCH_DATABASE_URL outlives the run: leave it as it was found.
    if (process.env.BENCH_DATABASE_URL) cleanUp = () => onServer(`drop database ${name}`);
    const u = new URL(baseUrl);
    u.pathname = `/${name}`;
    databaseUrl = u.toString();
  }
  try {
    let reference: PostgresReference | undefined;
    if (databaseUrl) {
      console.log(`[${engine}] PostgreSQL's own round trip and commit rate…`);
      reference = await postgresReference(databaseUrl, {
        connections,
        seconds: Math.min(seconds, 5),
      });
    }
    console.log(`[${engine}] generating ${scale.products} products, ${scale.orders} orders…`);
    // A bulk load, not a shop's request: its set-based inserts and vacuums may take longer
    // than a statement of the shop may (decision 139).
    const database = await openDatabase({
      databaseUrl,
      dataDir: path.join(dataDir, 'pglite'),
      timeLimits: { ...DATABASE_TIME_LIMITS, statementMs: 0 },
    });
    const generating = Date.now();
    await generate(database, scale, passwordHash);
    const generatedSeconds = Math.round((Date.now() - generating) / 1000);
    console.log(`[${engine}] generated in ${generatedSeconds} s`);
    const vocabulary: Vocabulary = {
      words: rows<{ word: string }>(
        await database.db.execute(sql`select word from search_words order by word`),
      ).map((r) => r.word),
      names: rows<{ name: string }>(
        await database.db.execute(sql`select name from products order by md5(id) limit 5000`),
      ).map((r) => r.name),
    };
    // A typo of a word many products share, as the report's example of where a search's work goes.
    const typo = vocabulary.words.includes('dragon')
      ? 'dragn'
      : withSlip(vocabulary.words.find((w) => w.length >= 5) ?? 'dragon', random(1));
    const explained = await explainSearch(database, typo);
    const staff = await database.db.execute<{ id: string }>(
      sql`select id from users where role = 'superAdmin' limit 1`,
    );
    const ids = await database.db.execute<{ id: string }>(
      sql`select id from products order by id limit 20`,
    );
    const shoppers = await database.db.execute<{ id: string }>(
      sql`select id from users where role = 'user' order by email limit ${connections}`,
    );
    const stocked = await database.db.execute<StockLine>(
      sql`select product_id as "productId", variant from product_variants
          where stock >= 100000 order by product_id, position limit ${connections}`,
    );
    let drop: DropSetup | undefined;
    let dropShoppers: Array<{ id: string }> = [];
    if (dropRuns) {
      drop = await addDrop(database, DROP);
      dropShoppers = rows<{ id: string }>(
        await database.db.execute(
          sql`select id from users where role = 'user' order by email desc limit ${DROP.shoppers}`,
        ),
      );
    }
    await database.close();
    const staffId = rows<{ id: string }>(staff)[0]!.id;
    const productIds = rows<{ id: string }>(ids).map((r) => r.id);
    const lines = rows<StockLine>(stocked);

    const staffToken = await signAccessToken(JWT_SECRET, staffId);
    const shopperTokens = await Promise.all(
      rows<{ id: string }>(shoppers).map((u) => signAccessToken(JWT_SECRET, u.id)),
    );
    const dropTokens = await Promise.all(
      dropShoppers.map((u) => signAccessToken(JWT_SECRET, u.id)),
    );
    const env = {
      DATA_DIR: dataDir,
      JWT_SECRET,
      ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
      // Every shopper of the bench calls from this one address, each adding to its cart
      // thousands of times a minute: far past what a shop lets one account or one address do
      // (DESIGN.md §8). The limits stay on, so their counting is measured, but never refuse.
      // The carts stay within the shop's ceilings: each holds a unit or two at a time.
      RESERVATIONS_PER_MINUTE_PER_ACCOUNT: '1000000',
      RESERVATIONS_PER_MINUTE_PER_ADDRESS: '1000000',
    };

    // Statements are counted by a server that reports them in a header; the load is measured
    // on one without the two hooks that counting adds to every request, as a shop runs.
    const statements = await withServer({ ...env, SQL_STATEMENT_HEADER: 'on' }, async (url) => {
      // Each caller once first: a signed-in user is read on their first call and then kept
      // until a user changes (decision 088), so the counts below are those of every later call.
      for (const [path, token, method] of [
        ['/api/order/orderStats', staffToken, 'GET'],
        ['/api/cart', shopperTokens[0]!, 'POST'],
      ] as const) {
        await fetch(url + path, { method, headers: { authorization: `Bearer ${token}` } });
      }
      return countStatements(
        url,
        statementRequests(productIds[0]!, staffToken, shopperTokens[0]!, lines[0]!),
      );
    });
    const load = await withServer(env, async (url) => {
      const results = [];
      // One run of queries for both: what one scenario asked, the other does not ask again.
      const nextQuery = uniqueQueries(vocabulary);
      // Order placement last: it adds orders, and the dashboard is measured at the set scale.
      for (const scenario of [
        listingScenario(),
        searchScenario(),
        uncachedSearchScenario(nextQuery),
        uncachedSearchScenario(nextQuery, true),
        detailScenario(productIds),
        dashboardScenario(staffToken),
        addToCartScenario(shopperTokens, lines),
        listingWhileCartsChangeScenario(shopperTokens, lines),
        orderPlacementScenario(shopperTokens, lines),
      ].filter((s) => !only || only.some((word) => s.name.includes(word)))) {
        console.log(`[${engine}] ${scenario.name}`);
        const result = await runLoad(url, scenario, { connections, seconds });
        if (scenario.key && steadyScenarios(engine).includes(scenario.key)) {
          const rate = Math.max(1, Math.round(STEADY_SHARE * result.sentPerSecond));
          console.log(`[${engine}] ${scenario.name}, steady at ${rate} req/s`);
          result.steady = await runPaced(url, scenario, {
            connections,
            seconds,
            rate,
            warmUpSeconds: steadyWarmUpSeconds(seconds),
          });
        }
        for (const r of [result, result.steady]) {
          if (r && Object.keys(r.unexpected).length > 0) {
            console.log(`[${engine}] unexpected answers: ${JSON.stringify(r.unexpected)}`);
          }
        }
        results.push(result);
      }
      // Last, on a server that has warmed up like a shop's: the drop opens.
      if (!drop) return { results };
      console.log(`[${engine}] ${DROP_NAME}`);
      return { results, dropAnswers: await sendDrop(url, drop, dropTokens) };
    });
    let dropResult;
    if (drop && load.dropAnswers) {
      const reading = await openDatabase({ databaseUrl, dataDir: path.join(dataDir, 'pglite') });
      const after = await readDrop(reading, drop).finally(() => reading.close());
      dropResult = summariseDrop(drop, load.dropAnswers, after.held, after.stockLeft);
    }
    return {
      engine:
        engine === 'pglite'
          ? 'PGlite'
          : `PostgreSQL over ${new URL(databaseUrl!).searchParams.has('host') ? 'a Unix socket' : 'TCP'}`,
      scale,
      generatedSeconds,
      load: load.results,
      ...(dropResult ? { drop: dropResult } : {}),
      statements,
      reference,
      explained,
    };
  } finally {
    await cleanUp();
  }
}

async function main() {
  const stale = staleBuildWarning();
  if (stale) console.warn(stale);
  const passwordHash = await hash(BENCH_PASSWORD);
  // The machine's own ceiling before and after the shop's runs: a shared machine's speed can
  // change within minutes, and a run is worth comparing only when the two agree.
  const ceiling: Array<Awaited<ReturnType<typeof bareHttpCeiling>>> = [];
  const reports: EngineReport[] = [];
  if (!lighthouseOnly) {
    console.log('a bare Node HTTP server under the same load…');
    ceiling.push(await bareHttpCeiling('before the shop', { connections, seconds }));
    for (const engine of engines) {
      const report = await benchEngine(engine, passwordHash);
      if (report) reports.push(report);
    }
    console.log('the bare Node HTTP server again…');
    ceiling.push(await bareHttpCeiling('after the shop', { connections, seconds }));
  }
  let bundles: BundleRow[] = [];
  let lighthouse: LighthouseRow[] = [];
  if (!smoke) {
    bundles = measureBundles();
    if (!args.has('no-lighthouse')) {
      const env = { DATA_DIR: mkdtempSync(path.join(os.tmpdir(), 'otaku-bench-lh-')) };
      lighthouse = await withServer(env, async (url) => {
        const res = await fetch(
          `${url}/api/product/getProducts?productConstraints=${encodeURIComponent(JSON.stringify({ category: 'comics', productTypes: ['all'], price: 0, sortBy: 'popular', page: 1, searchQuery: '' }))}`,
        );
        const body = (await res.json()) as { currPageProducts?: Array<{ productID: string }> };
        const productId = body.currPageProducts?.[0]?.productID ?? 'COM-000000';
        return runLighthouse(
          [
            { page: 'home', url: `${url}/` },
            { page: 'shop', url: `${url}/shop` },
            { page: 'product', url: `${url}/shop/${productId}` },
          ],
          Number(args.get('runs') ?? 5),
        );
      });
    }
  }
  // A large run says how each endpoint grew against the default size's committed results.
  const defaults = path.join(repoRoot, 'bench/results/latest.md');
  if (large && existsSync(defaults)) {
    const rowsOfDefault = readDefaultRows(readFileSync(defaults, 'utf8'));
    for (const report of reports) report.growth = growth(report.engine, report.load, rowsOfDefault);
  }
  const budgets = checkBudgets({ ceiling, engines: reports, bundles, lighthouse });
  const text = writeReport(
    { ceiling, engines: reports, bundles, lighthouse, connections, seconds, smoke, budgets },
    out,
  );
  console.log(text);
  console.log(`Results written to ${path.relative(repoRoot, out)}`);
  if (!smoke) console.log(`Budgets: ${summarise(budgets)}.`);
  // The suite must still drive real endpoints: a call that no longer answers is a broken
  // suite (never a slow number, which is only reported).
  const broken = reports.flatMap((r) =>
    r.statements
      .filter((s) => s.status < 200 || s.status > 299)
      .map((s) => `${r.engine}: ${s.name} answered ${s.status}`),
  );
  if (broken.length > 0) {
    console.error(`The benchmark could not drive every endpoint:\n${broken.join('\n')}`);
    process.exit(1);
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
