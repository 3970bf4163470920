import { fork } from 'node:child_process';
import { createRequire } from 'node:module';
import { fileURLToPath, pathToFileURL } from 'node:url';

/**
 * Runs a parser of untrusted bytes (PDF, image, C-CDA, FHIR…) in a child process with a memory cap,
 * a time limit and nothing but its input: no database, no files, no secrets in its arguments.
 *
 * Why a child process and not only a worker thread: `worker_threads`' `resourceLimits` cap the JS
 * heap, but not ArrayBuffers or WebAssembly memory, which is where pdf.js inflates streams and
 * tesseract keeps its pages (a 400 KB PDF inflating to 400 MB passes any heap limit). So the parser
 * runs in a worker thread (heap cap) inside a child process whose main thread is only a watchdog:
 * it reads the whole process's resident memory every few milliseconds and exits at the cap or at the
 * deadline, and exits when the server goes away. The server keeps a hard kill on a timer as a last
 * resort, so a child that cannot even exit (stuck in native code) is ended too. The server's own
 * event loop never runs the parser, so it stays responsive whatever the file does.
 *
 * A parser module exports `parse(input)`; to refuse an input with a reason of its own it throws a
 * `LimitedRunError` with its code (e.g. `too_large`).
 */
export interface Limits {
  /** Resident memory of the whole child process (heap, buffers, wasm), in MB. */
  memoryMb: number;
  /** Wall-clock time for one run, start-up included. */
  timeMs: number;
}

/**
 * `memory_limit` and `time_limit` (the limits were hit), `crashed` (the child died another way),
 * `parse_failed` (the parser threw), or a code the parser chose.
 */
export class LimitedRunError extends Error {
  constructor(
    readonly code: string,
    message = code,
  ) {
    super(message);
    this.name = 'LimitedRunError';
  }
}

/** Exit codes the watchdog uses to say why it stopped the child. */
export const EXIT_MEMORY = 80;
export const EXIT_TIME = 81;

/** Extra time the watchdog gets to stop the child itself before the server kills it. */
const KILL_GRACE_MS = 2_000;

const here = import.meta.url;
/** A module beside `base` (an `import.meta.url`), with the extension the running code has. */
export const siblingModule = (base: string, name: string) =>
  new URL(`${name}${base.endsWith('.ts') ? '.ts' : '.js'}`, base);
const childEntry = siblingModule(here, './limited-child');
// Running from TypeScript sources (npm start, tests): the child needs the same loader.
const loader = here.endsWith('.ts')
  ? ['--import', pathToFileURL(createRequire(here).resolve('tsx')).href]
  : [];

export type ChildMessage<O> =
  | { ok: true; value: O }
  | { ok: false; code: string; message?: string; rssMb?: number };

export const runLimited = <I, O>(parser: URL, input: I, limits: Limits): Promise<O> =>
  new Promise<O>((resolve, reject) => {
    const heapMb = Math.max(32, Math.floor(limits.memoryMb / 2));
    const child = fork(fileURLToPath(childEntry), [], {
      execArgv: [...loader, `--max-old-space-size=${heapMb}`],
      // Only what the parser needs: no secrets reach the child's environment.
      env: { NODE_ENV: process.env.NODE_ENV ?? 'production', PATH: process.env.PATH ?? '' },
      serialization: 'advanced',
      stdio: ['ignore', 'ignore', 'ignore', 'ipc'],
    });
    let answer: ChildMessage<O> | undefined;
    let killedAtDeadline = false;
    const deadline = setTimeout(() => {
      killedAtDeadline = true;
      child.kill('SIGKILL');
    }, limits.timeMs + KILL_GRACE_MS);
    child.on('message', (m: ChildMessage<O>) => {
      answer ??= m;
    });
    child.on('error', (err) => {
      clearTimeout(deadline);
      child.kill('SIGKILL');
      reject(new LimitedRunError('crashed', err.message));
    });
    child.on('exit', (code) => {
      clearTimeout(deadline);
      if (answer?.ok) return resolve(answer.value);
      if (answer) return reject(new LimitedRunError(answer.code, answer.message));
      if (code === EXIT_MEMORY) return reject(new LimitedRunError('memory_limit'));
      if (code === EXIT_TIME || killedAtDeadline) return reject(new LimitedRunError('time_limit'));
      reject(new LimitedRunError('crashed', `exit ${code}`));
    });
    child.send({ parser: parser.href, input, heapMb, memoryMb: limits.memoryMb, timeMs: limits.timeMs });
  });
