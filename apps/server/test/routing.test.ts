import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { estimateRoute, measureRoute, osrm, routerOf } from '../src/domains/pricing/routing';

const westminster = { lat: 51.4995, lng: -0.1248 };
const stPauls = { lat: 51.5138, lng: -0.0984 };

let server: Server;
let base: string;
const asked: string[] = [];

beforeAll(async () => {
  // A route service on loopback speaking OSRM's answer; "/down/" answers 503 like a service in trouble.
  server = createServer((req, res) => {
    asked.push(req.url ?? '');
    if (req.url?.startsWith('/down/')) {
      res.writeHead(503).end();
      return;
    }
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(JSON.stringify({ code: 'Ok', routes: [{ distance: 4321.4, duration: 600.6 }] }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

describe('routing', () => {
  it('asks an OSRM-compatible service with lng,lat pairs and takes its distance and time', async () => {
    const route = await measureRoute(osrm(base), [westminster, stPauls], 1.3);
    expect(route).toEqual({ distanceMetres: 4321, durationSeconds: 601, method: 'road' });
    expect(asked.at(-1)).toBe('/route/v1/driving/-0.124800,51.499500;-0.098400,51.513800?overview=false');
  });

  it('falls back to the straight line times the road factor when the service fails', async () => {
    const failures: unknown[] = [];
    const route = await measureRoute(osrm(`${base}/down`), [westminster, stPauls], 1.3, (e) => failures.push(e));
    expect(route.method).toBe('estimate');
    expect(failures).toHaveLength(1);
    expect(route).toEqual(estimateRoute([westminster, stPauls], 1.3));
    // About 2.3 km in a straight line, so about 3 km by the road factor.
    expect(route.distanceMetres).toBeGreaterThan(2800);
    expect(route.distanceMetres).toBeLessThan(3300);
  });

  it('uses the offline estimate when no service is configured, and a larger factor for longer roads', () => {
    expect(routerOf({ routingApiUrl: undefined })).toBeNull();
    const short = estimateRoute([westminster, stPauls], 1.1);
    const long = estimateRoute([westminster, stPauls], 1.5);
    expect(long.distanceMetres).toBeGreaterThan(short.distanceMetres);
    expect(long.durationSeconds).toBeGreaterThan(short.durationSeconds);
  });
});
