import { expect, it } from 'vitest';
import { type LimitedRunError, runLimited } from './run-limited';

const parser = new URL('../../test/limited-parsers.ts', import.meta.url);
// Generous time: a loaded machine may take many seconds just to start the child.
const limits = { memoryMb: 256, timeMs: 120_000 };
const failure = (mode: string, mb?: number, l = limits) =>
  runLimited(parser, { mode, mb }, l).then(
    () => 'no failure',
    (err: LimitedRunError) => err.code,
  );

it('runs a parser in a child process and answers its result', { timeout: 300_000 }, async () => {
  expect(await runLimited(parser, { mode: 'echo', mb: 3 }, limits)).toEqual({ upper: 'ok', bytes: 3 });
  // Buffers under the cap are fine.
  expect(await runLimited(parser, { mode: 'buffers', mb: 32 }, limits)).toBe(32);
});

it('stops a parser whose buffers (not its heap) outgrow the memory cap', { timeout: 300_000 }, async () => {
  const before = process.memoryUsage.rss();
  expect(await failure('buffers', 1024)).toBe('memory_limit');
  // The server's own memory did not take the load.
  expect(process.memoryUsage.rss() - before).toBeLessThan(100 * 1024 * 1024);
});

it('stops a parser whose heap outgrows its cap', { timeout: 300_000 }, async () => {
  expect(await failure('heap')).toBe('memory_limit');
});

it('stops a parser that never yields at the time limit, while the server keeps answering', {
  timeout: 300_000,
}, async () => {
  const started = Date.now();
  let ticks = 0;
  const timer = setInterval(() => ticks++, 50);
  const code = await failure('spin', 0, { memoryMb: 256, timeMs: 1_500 });
  clearInterval(timer);
  expect(code).toBe('time_limit');
  const took = Date.now() - started;
  expect(took).toBeGreaterThanOrEqual(1_500);
  expect(took).toBeLessThan(6_000);
  // The event loop kept turning the whole time.
  expect(ticks).toBeGreaterThan(took / 50 / 3);
});

it('reports a child that died, a parser refusal with its code, and hides other errors', {
  timeout: 300_000,
}, async () => {
  expect(await failure('exit')).toBe('crashed');
  const refusal = await runLimited(parser, { mode: 'refuse' }, limits).catch((e: LimitedRunError) => e);
  expect(refusal).toMatchObject({ code: 'too_large', message: 'A page is too large to draw.' });
  const other = await runLimited(parser, { mode: 'other' }, limits).catch((e: LimitedRunError) => e);
  expect(other).toMatchObject({ code: 'parse_failed' });
  expect((other as Error).message).not.toContain('secret');
});
