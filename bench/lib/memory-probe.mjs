/**
 * Bench-only, preloaded into the soak's app process (`node --expose-gc --import …/memory-probe.mjs`):
 * every BENCH_MEMORY_EVERY_MS (30 s) it runs a full garbage collection and writes the process's
 * memory (after it) to BENCH_MEMORY_FILE as one JSON object, so the soak reads the live heap rather than
 * the garbage of the moment. Nothing of the app imports it; without BENCH_MEMORY_FILE it does nothing.
 */
import { renameSync, writeFileSync } from 'node:fs';
import { getHeapSpaceStatistics } from 'node:v8';

const file = process.env.BENCH_MEMORY_FILE;
const every = Number(process.env.BENCH_MEMORY_EVERY_MS ?? 30_000);

if (file) {
  const sample = () => {
    globalThis.gc?.();
    const m = process.memoryUsage();
    const tmp = `${file}.tmp`;
    writeFileSync(
      tmp,
      JSON.stringify({
        at: Date.now(),
        rss: m.rss,
        heapUsed: m.heapUsed,
        // What V8 holds from the system (live or not), per space: young-generation growth shows here.
        heapTotal: m.heapTotal,
        spaces: Object.fromEntries(
          getHeapSpaceStatistics().map((s) => [s.space_name.replace(/_space$/, ''), s.space_size]),
        ),
        external: m.external,
        arrayBuffers: m.arrayBuffers,
        gc: !!globalThis.gc,
      }),
    );
    renameSync(tmp, file);
  };
  setTimeout(sample, 1_000).unref();
  setInterval(sample, every).unref();
}
