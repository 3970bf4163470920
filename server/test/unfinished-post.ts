import { request } from 'node:http';

export interface EarlyAnswer {
  status: number;
  body: string;
  /** How many body bytes had been handed to the socket when the answer came. */
  sentBytes: number;
}

/**
 * A POST that announces `announced` bytes (or none: chunked) and sends only `sent` of them, then waits
 * with the body still open. It resolves only if the server answers without the rest, so a server that
 * reads the whole body before answering never resolves (the test times out): what a slow, oversized
 * upload from a stranger would cost.
 */
export const postUnfinished = (
  url: string,
  opts: { announced?: number; sent: number; headers?: Record<string, string> },
) =>
  new Promise<EarlyAnswer>((resolve, reject) => {
    let sentBytes = 0;
    const req = request(url, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        ...opts.headers,
        ...(opts.announced !== undefined ? { 'content-length': String(opts.announced) } : {}),
      },
    });
    req.on('error', reject);
    req.on('response', (res) => {
      const at = sentBytes;
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => {
        body += chunk;
      });
      res.on('end', () => {
        resolve({ status: res.statusCode ?? 0, body, sentBytes: at });
        req.destroy();
      });
    });
    const chunk = Buffer.alloc(64 * 1024, 0x20);
    const pump = () => {
      while (sentBytes < opts.sent) {
        const part = chunk.subarray(0, Math.min(chunk.length, opts.sent - sentBytes));
        sentBytes += part.length;
        if (!req.write(part)) return void req.once('drain', pump);
      }
    };
    pump();
  });
