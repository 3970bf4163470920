import { LimitedRunError } from '../src/untrusted/run-limited';

/** Parsers that misbehave on purpose, run by `runLimited` in its tests. */
type Input = { mode: string; mb?: number };

export const parse = async ({ mode, mb = 0 }: Input) => {
  switch (mode) {
    case 'echo':
      return { upper: 'ok', bytes: mb };
    case 'buffers': {
      // Memory outside the JS heap (as pdf.js's inflated streams are): filled so it is resident.
      const kept: Uint8Array[] = [];
      for (let i = 0; i < mb; i++) kept.push(new Uint8Array(1024 * 1024).fill(1));
      return kept.length;
    }
    case 'heap': {
      const kept: string[][] = [];
      for (;;) kept.push(Array.from({ length: 100_000 }, (_, i) => `x${i}`));
    }
    case 'spin':
      for (;;) {
        // A loop that never yields.
      }
    case 'exit':
      process.exit(3);
      break;
    case 'refuse':
      throw new LimitedRunError('too_large', 'A page is too large to draw.');
    default:
      throw new Error('a message quoting the file: secret words');
  }
};
