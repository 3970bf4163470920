import { parentPort, workerData } from 'node:worker_threads';
import type { ChildMessage } from './run-limited';

/** The worker thread of `runLimited`'s child: imports the parser module and runs it once. */
const { parser, input } = workerData as { parser: string; input: unknown };

const run = async (): Promise<ChildMessage<unknown>> => {
  try {
    const mod = (await import(parser)) as { parse(input: unknown): Promise<unknown> };
    return { ok: true, value: await mod.parse(input) };
  } catch (err) {
    const e = err as { name?: string; code?: string; message?: string };
    // A parser's own refusal keeps its code; anything else is reported without its message, which
    // may quote the file.
    if (e?.name === 'LimitedRunError' && e.code) return { ok: false, code: e.code, message: e.message };
    return { ok: false, code: 'parse_failed' };
  }
};

parentPort!.postMessage(await run());
