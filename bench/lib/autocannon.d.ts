// The slice of autocannon's API the API bench uses (the package ships no types).
declare module 'autocannon' {
  interface Options {
    url: string;
    connections?: number;
    duration?: number;
    method?: string;
    headers?: Record<string, string>;
    body?: string;
    /** Called with each connection's client as it opens (in this process; a file path with workers). */
    setupClient?: (client: AutocannonClient) => void;
  }
  interface AutocannonRequest {
    method?: string;
    path?: string;
    headers?: Record<string, string>;
    body?: string;
    setupRequest?: (req: AutocannonRequest) => AutocannonRequest;
  }
  interface AutocannonClient {
    setRequests(requests: AutocannonRequest[]): void;
  }
  interface Histogram {
    average: number;
    p50: number;
    p99: number;
    total: number;
  }
  interface Result {
    requests: Histogram;
    latency: Histogram;
    errors: number;
    timeouts: number;
    non2xx: number;
    duration: number;
  }
  export default function autocannon(opts: Options): Promise<Result>;
}
