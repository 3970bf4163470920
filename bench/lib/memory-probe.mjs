/**
 * Bench-only, preloaded into the soak's app process (`node --expose-gc --import …/memory-probe.mjs`):
 * every BENCH_MEMORY_EVERY_MS (30 s) it runs a full garbage collection and writes the process's
 * memory (after it) to BENCH_MEMORY_FILE as one JSON object, so the soak reads the live heap rather than
 * the garbage of the moment. Nothing of the app imports it; without BENCH_MEMORY_FILE it does nothing.
 */
import { renameSync, writeFileSync } from 'node:fs';

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
        external: m.external,
        gc: !!globalThis.gc,
      }),
    );
    renameSync(tmp, file);
  };
  setTimeout(sample, 1_000).unref();
  setInterval(sample, every).unref();
}
