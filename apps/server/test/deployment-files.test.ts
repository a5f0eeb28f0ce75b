/**
 * The deployment recipe as written (docs/deploy.md): this machine runs no container engine, so the
 * files are read and held to what makes the topology work — the same settings in both processes,
 * health checks the start order waits on, the proxy sending to both, every copied file present.
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { serverRoot } from '../src/platform/paths';

const root = path.resolve(serverRoot, '../..');
const read = (file: string) => readFileSync(path.join(root, file), 'utf8');

interface Service {
  image?: string;
  build?: unknown;
  environment?: Record<string, string>;
  volumes?: string[];
  ports?: string[];
  healthcheck?: { test: string[] };
  depends_on?: Record<string, { condition: string }> | string[];
  command?: string[];
}

const compose = parse(read('compose.yaml'), { merge: true }) as {
  services: Record<string, Service>;
  volumes: Record<string, unknown>;
};
const services = compose.services;
const cabdesks = Object.entries(services).filter(([, s]) => s.build === '.');

describe('compose.yaml', () => {
  it('runs PostgreSQL 17, Redis, two Cabdesk processes and Caddy, each service well formed', () => {
    expect(Object.keys(services).sort()).toEqual(['cabdesk-1', 'cabdesk-2', 'caddy', 'postgres', 'redis']);
    expect(services.postgres?.image).toBe('postgres:17');
    expect(services.redis?.image).toMatch(/^redis:\d/);
    expect(services.caddy?.image).toMatch(/^caddy:2/);
    expect(cabdesks.map(([name]) => name)).toEqual(['cabdesk-1', 'cabdesk-2']);
    for (const [name, service] of Object.entries(services)) {
      expect(service.image ?? service.build, name).toBeTruthy();
      for (const volume of service.volumes ?? []) {
        const source = volume.split(':')[0]!;
        if (source.startsWith('.')) expect(existsSync(path.join(root, source)), volume).toBe(true);
        else expect(Object.keys(compose.volumes), volume).toContain(source);
      }
    }
  });

  it('gives both processes the same database, Redis, keys and shared files', () => {
    const [[, one], [, two]] = cabdesks as [[string, Service], [string, Service]];
    expect(one.environment).toEqual(two.environment);
    expect(one.volumes).toEqual(two.volumes);
    const env = one.environment!;
    expect(env.DATABASE_URL).toMatch(/^postgres:\/\/cabdesk:.+@postgres:5432\/cabdesk$/);
    expect(env.REDIS_URL).toBe('redis://redis:6379');
    for (const key of ['JWT_SECRET', 'SECRETS_KEY']) expect(env[key], key).toMatch(/^\$\{\w+:\?.+\}$/);
    expect(env.CABDESK_DEMO_DATA).toBe('false');
    expect(env.HOST).toBe('0.0.0.0');
    expect(one.volumes).toContain('files:/data/files');
    // The image keeps its data under /data (Dockerfile), where the files volume is mounted.
    expect(read('Dockerfile')).toMatch(/CABDESK_DATA_DIR=\/data/);
  });

  it('starts the processes only once the database and Redis answer their health checks', () => {
    expect(services.postgres?.healthcheck?.test.join(' ')).toContain('pg_isready');
    expect(services.redis?.healthcheck?.test.join(' ')).toContain('ping');
    for (const [name, service] of cabdesks) {
      expect(service.depends_on, name).toEqual({
        postgres: { condition: 'service_healthy' },
        redis: { condition: 'service_healthy' },
      });
    }
  });

  it('publishes HTTPS through Caddy only, with the Caddyfile mounted', () => {
    expect(services.caddy?.ports).toEqual(expect.arrayContaining(['80:80', '443:443']));
    for (const [name, service] of [...cabdesks, ['postgres', services.postgres!] as const]) {
      expect(service.ports, name).toBeUndefined();
    }
    expect(services.caddy?.volumes).toContain('./deploy/Caddyfile:/etc/caddy/Caddyfile:ro');
  });
});

describe('the Caddyfile', () => {
  it('sends to both processes on the port they listen on, checking /ready, and keeps /metrics in', () => {
    const caddyfile = read('deploy/Caddyfile');
    const port = services['cabdesk-1']!.environment!.PORT;
    expect(caddyfile).toMatch(new RegExp(`reverse_proxy cabdesk-1:${port} cabdesk-2:${port}`));
    expect(caddyfile).toMatch(/health_uri \/ready/);
    expect(caddyfile).toMatch(/@metrics path \/metrics\s+respond @metrics 404/);
  });
});

describe('the Dockerfile', () => {
  it('copies only files that exist, runs the compiled server as a plain user and checks /ready', () => {
    const dockerfile = read('Dockerfile');
    const sources = [...dockerfile.matchAll(/^COPY (?!--from)(\S+) /gm)].map((m) => m[1]!);
    expect(sources.length).toBeGreaterThan(5);
    for (const source of sources) if (source !== '.') expect(existsSync(path.join(root, source)), source).toBe(true);
    expect(dockerfile).toMatch(/^USER node$/m);
    expect(dockerfile).toMatch(/HEALTHCHECK[\s\S]+\/ready/);
    expect(dockerfile).toMatch(/^CMD \["node", "--enable-source-maps", "apps\/server\/dist\/main\.js"\]$/m);
    // The file the image runs is the one the build writes.
    expect(read('apps/server/build.mjs')).toContain("outfile: path.join(here, 'dist/main.js')");
    expect(JSON.parse(read('package.json')).scripts.build).toContain('build:server');
  });
});

describe('the systemd unit', () => {
  it('runs the compiled server from its settings file and restarts it', () => {
    const unit = read('deploy/cabdesk.service');
    expect(unit).toMatch(/^ExecStart=\/usr\/bin\/node --enable-source-maps apps\/server\/dist\/main\.js$/m);
    expect(unit).toMatch(/^EnvironmentFile=\/etc\/cabdesk\/cabdesk\.env$/m);
    expect(unit).toMatch(/^Restart=always$/m);
    const example = read('deploy/cabdesk.env.example');
    for (const key of ['DATABASE_URL', 'REDIS_URL', 'JWT_SECRET', 'SECRETS_KEY', 'PUBLIC_URL']) {
      expect(example, key).toMatch(new RegExp(`^${key}=`, 'm'));
    }
  });
});
