import { Worker } from 'node:worker_threads';
import { type ChildMessage, EXIT_MEMORY, EXIT_TIME, siblingModule } from './run-limited';

/**
 * The child process of `runLimited`: its main thread is the watchdog (resident memory, deadline, the
 * server going away) and the parser runs in a worker thread with a heap cap, so the watchdog's timers
 * keep running however long the parser's synchronous work takes.
 */
interface Start {
  parser: string;
  input: unknown;
  heapMb: number;
  memoryMb: number;
  timeMs: number;
}

const WATCH_EVERY_MS = 20;

const thread = siblingModule(import.meta.url, './limited-thread');
// Worker threads do not inherit the process's `--import` hooks (Node 20): from TypeScript sources the
// thread registers tsx itself before importing its module.
const threadCode = import.meta.url.endsWith('.ts')
  ? `import(${JSON.stringify(import.meta.resolve('tsx/esm/api'))}).then((api) => { api.register(); return import(${JSON.stringify(thread.href)}); })`
  : `import(${JSON.stringify(thread.href)})`;

let replied = false;
const reply = (m: ChildMessage<unknown>, exitCode: number) => {
  if (replied) return;
  replied = true;
  // The exit code says the same if the message cannot be delivered before the process ends.
  if (process.connected) process.send?.(m, undefined, undefined, () => process.exit(exitCode));
  setTimeout(() => process.exit(exitCode), 200).unref();
};

process.once('message', (start: Start) => {
  const limitBytes = start.memoryMb * 1024 * 1024;
  let worker: Worker | undefined;
  const watch = setInterval(() => {
    const rss = process.memoryUsage.rss();
    if (rss > limitBytes) {
      clearInterval(watch);
      reply({ ok: false, code: 'memory_limit', rssMb: Math.round(rss / 1048576) }, EXIT_MEMORY);
      // Stop the parser now, not only when the process exits: it is still allocating.
      void worker?.terminate();
    }
  }, WATCH_EVERY_MS);
  setTimeout(() => reply({ ok: false, code: 'time_limit' }, EXIT_TIME), start.timeMs).unref();

  worker = new Worker(threadCode, {
    eval: true,
    workerData: { parser: start.parser, input: start.input },
    resourceLimits: { maxOldGenerationSizeMb: start.heapMb },
  });
  worker.once('message', (m: ChildMessage<unknown>) => {
    clearInterval(watch);
    reply(m, 0);
  });
  worker.once('error', (err: Error & { code?: string }) => {
    clearInterval(watch);
    const code = err.code === 'ERR_WORKER_OUT_OF_MEMORY' ? 'memory_limit' : 'crashed';
    reply({ ok: false, code }, code === 'memory_limit' ? EXIT_MEMORY : 1);
  });
  worker.once('exit', () => {
    clearInterval(watch);
    reply({ ok: false, code: 'crashed' }, 1);
  });
});

// The server went away (or killed its end): nothing will read the answer.
process.once('disconnect', () => process.exit(1));
