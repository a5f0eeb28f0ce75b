import http from 'node:http';
/**
 * A closed-loop load generator that keeps every latency: `concurrency` workers call `once()` back to
 * back for `seconds`, so percentiles (p95 included, which autocannon does not give) are exact.
 */
export interface LoadFigures {
  name: string;
  requests: number;
  perSecond: number;
  p50: number;
  p95: number;
  p99: number;
  max: number;
  failures: number;
}

export function percentile(sorted: number[], p: number): number {
  if (!sorted.length) return 0;
  const index = Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1);
  return sorted[Math.max(0, index)] ?? 0;
}

export function summarise(name: string, latencies: number[], seconds: number, failures: number): LoadFigures {
  const sorted = [...latencies].sort((a, b) => a - b);
  const round = (n: number) => Math.round(n * 100) / 100;
  return {
    name,
    requests: sorted.length,
    perSecond: Math.round(sorted.length / seconds),
    p50: round(percentile(sorted, 50)),
    p95: round(percentile(sorted, 95)),
    p99: round(percentile(sorted, 99)),
    max: round(sorted[sorted.length - 1] ?? 0),
    failures,
  };
}

export async function closedLoop(
  name: string,
  once: (worker: number, i: number) => Promise<boolean>,
  options: { concurrency: number; seconds: number; warmupSeconds?: number },
): Promise<LoadFigures> {
  const run = async (seconds: number, keep: boolean) => {
    const latencies: number[] = [];
    let failures = 0;
    const until = performance.now() + seconds * 1000;
    let counter = 0;
    await Promise.all(
      Array.from({ length: options.concurrency }, async (_, worker) => {
        while (performance.now() < until) {
          const started = performance.now();
          const ok = await once(worker, counter++).catch(() => false);
          if (keep) latencies.push(performance.now() - started);
          if (!ok) failures++;
        }
      }),
    );
    return { latencies, failures };
  };
  if (options.warmupSeconds) await run(options.warmupSeconds, false);
  const { latencies, failures } = await run(options.seconds, true);
  return summarise(name, latencies, options.seconds, failures);
}

/**
 * POSTs JSON and answers whether the status was 2xx. Plain node:http on kept-alive sockets: the
 * generator shares the machine with the server it measures, and fetch spends several times the
 * CPU per call (web streams), which the server then lacks.
 */
export function poster(baseUrl: string, token?: string) {
  const url = new URL(baseUrl);
  const agent = new http.Agent({ keepAlive: true, maxSockets: 256 });
  return (path: string, body: unknown): Promise<{ ok: boolean; status: number; json: unknown }> =>
    new Promise((resolve, reject) => {
      const payload = Buffer.from(JSON.stringify(body));
      const request = http.request(
        {
          agent,
          host: url.hostname,
          port: url.port,
          path,
          method: 'POST',
          headers: {
            'content-type': 'application/json',
            'content-length': payload.length,
            ...(token ? { authorization: `Bearer ${token}` } : {}),
          },
        },
        (response) => {
          const chunks: Buffer[] = [];
          response.on('data', (chunk: Buffer) => chunks.push(chunk));
          response.on('error', reject);
          response.on('end', () => {
            const text = Buffer.concat(chunks).toString('utf8');
            let json: unknown;
            try {
              json = JSON.parse(text);
            } catch {
              json = text;
            }
            const status = response.statusCode ?? 0;
            resolve({ ok: status >= 200 && status < 300, status, json });
          });
        },
      );
      request.on('error', reject);
      request.end(payload);
    });
}
