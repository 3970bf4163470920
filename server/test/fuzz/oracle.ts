import type { Operation } from './operations';

/** Text that only an internal failure puts in a body: a stack frame or PostgreSQL's own words. */
const LEAKS: [string, RegExp][] = [
  ['stack trace', /\bat \S+ \(?\S+\.(?:ts|js|mjs):\d+|node:internal|\n\s+at /],
  [
    'SQL',
    /relation "[^"]*"|column "[^"]*"|syntax error at or near|violates (?:not-null|check|foreign key|unique) constraint|invalid input syntax for|duplicate key value|Failed query/i,
  ],
];
/** SQL statements: in an error body only (a 2xx may say "Select a date from the list"). */
const STATEMENT = /\b(?:select\s[\s\S]{0,200}\sfrom|insert\s+into|update\s+\S+\s+set|delete\s+from)\s/i;

const TEXT_TYPES = /json|text|xml|csv|calendar|html/;

/**
 * A 502 or 503 the operation documents, naming why (a service the operator did not configure, a peer
 * that does not answer): an honest answer to a request the server cannot serve here, not a crash.
 */
const servedRefusal = (op: Operation, status: number, contentType: string, body: string) => {
  if ((status !== 502 && status !== 503) || !op.statuses.has(status)) return false;
  if (!contentType.includes('application/problem+json')) return false;
  const code = /"code":"([^"]+)"/.exec(body)?.[1];
  return code !== undefined && code !== 'internal_error' && code !== 'database_unavailable';
};

/** Why a response is wrong for the operation, or nothing when it is right. */
export const judge = (op: Operation, status: number, contentType: string, body: string): string[] => {
  const wrong: string[] = [];
  if (status >= 500 && !servedRefusal(op, status, contentType, body)) wrong.push(`status ${status}`);
  else if (!op.statuses.has(status)) wrong.push(`status ${status} is not documented`);
  if (status >= 400 && status < 500) {
    if (!contentType.includes('application/problem+json')) wrong.push(`4xx as ${contentType || 'no type'}`);
    else {
      let problem: Record<string, unknown> | undefined;
      try {
        problem = JSON.parse(body);
      } catch {
        wrong.push('problem is not JSON');
      }
      if (problem) {
        for (const field of ['type', 'title', 'detail', 'code'])
          if (typeof problem[field] !== 'string') wrong.push(`problem without ${field}`);
        if (problem.status !== status) wrong.push(`problem status ${String(problem.status)}`);
      }
    }
  }
  if (TEXT_TYPES.test(contentType) || status >= 400)
    for (const [what, pattern] of LEAKS) if (pattern.test(body)) wrong.push(`${what} in the body`);
  if (status >= 400 && STATEMENT.test(body)) wrong.push('SQL statement in the body');
  return wrong;
};
