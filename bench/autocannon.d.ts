// The part of autocannon's programmatic API the benchmark uses (the package ships no types).
declare module "autocannon" {
  namespace autocannon {
    type Request = { method?: string; path?: string; headers?: Record<string, string>; body?: string | Buffer };
    type RequestSpec = Request & { setupRequest?: (req: Request, context: Record<string, unknown>) => Request };
    type Options = {
      url: string;
      connections?: number;
      duration?: number;
      amount?: number;
      timeout?: number;
      pipelining?: number;
      requests?: RequestSpec[];
    };
    type Histogram = {
      average: number;
      mean: number;
      stddev: number;
      min: number;
      max: number;
      total: number;
      p50: number;
      p90: number;
      p99: number;
    };
    type Result = {
      requests: Histogram & { sent: number };
      latency: Histogram;
      throughput: Histogram;
      duration: number;
      errors: number;
      timeouts: number;
      non2xx: number;
      statusCodeStats: Record<string, { count: number }>;
    };
  }
  type Instance = {
    stop(): void;
    /** Every answer, with its latency in milliseconds. */
    on(event: "response", fn: (client: unknown, statusCode: number, resBytes: number, responseTime: number) => void): void;
  };
  function autocannon(opts: autocannon.Options, cb: (err: Error | null, result: autocannon.Result) => void): Instance;
  export default autocannon;
}
