import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../src/config';

describe('configuration', () => {
  it('has working defaults', () => {
    const config = loadConfig({});
    expect(config.port).toBe(8443);
    expect(config.dataDir).toMatch(/data$/);
    expect(config.databaseUrl).toBeUndefined();
    expect(config.demoData).toBe(true);
  });

  it('listens on this machine only with demo data, unless HOST says otherwise', () => {
    expect(loadConfig({}).host).toBe('127.0.0.1');
    expect(loadConfig({ HOST: '0.0.0.0' }).host).toBe('0.0.0.0');
    expect(loadConfig({ CABDESK_DEMO_DATA: 'false' }).host).toBe('0.0.0.0');
  });

  it('names the variable that is wrong', () => {
    expect(() => loadConfig({ PORT: 'eighty' })).toThrow(ConfigError);
    expect(() => loadConfig({ PORT: 'eighty' })).toThrow(/PORT: must be a whole number/);
    expect(() => loadConfig({ DATABASE_URL: 'mysql://x' })).toThrow(/DATABASE_URL: must be a postgres:\/\/ URL/);
    expect(() => loadConfig({ TLS_CERT_FILE: 'cert.pem' })).toThrow(/TLS_KEY_FILE/);
    expect(() => loadConfig({ JWT_SECRET: 'short' })).toThrow(/JWT_SECRET: must be at least 32 characters/);
    expect(() => loadConfig({ MAP_TILE_URL: 'https://tiles.example/tile.png' })).toThrow(/MAP_TILE_URL: must be/);
  });

  it('starts links in e-mails with PUBLIC_URL, never with what a request says', () => {
    expect(loadConfig({}).publicUrl).toBe('http://localhost:8443');
    expect(loadConfig({ PORT: '9000' }).publicUrl).toBe('http://localhost:9000');
    expect(loadConfig({ PUBLIC_URL: 'https://desk.example.com/' }).publicUrl).toBe('https://desk.example.com');
    expect(() => loadConfig({ PUBLIC_URL: 'desk.example.com' })).toThrow(/PUBLIC_URL: must be an http/);
    expect(loadConfig({}).passwordResetTtlMinutes).toBe(60);
    expect(() => loadConfig({ PASSWORD_RESET_TTL_MINUTES: '1' })).toThrow(
      /PASSWORD_RESET_TTL_MINUTES: must be at least 5/,
    );
  });

  it('takes the secrets key and a stand-in Stripe address, checked', () => {
    expect(loadConfig({}).secretsKey).toBeUndefined();
    expect(() => loadConfig({ SECRETS_KEY: 'short' })).toThrow(/SECRETS_KEY: must be at least 32 characters/);
    expect(loadConfig({ SECRETS_KEY: 's'.repeat(32) }).secretsKey).toBe('s'.repeat(32));
    expect(loadConfig({}).stripeApi).toBeUndefined();
    expect(loadConfig({ STRIPE_API_URL: 'http://127.0.0.1:12111' }).stripeApi).toEqual({
      host: '127.0.0.1',
      port: 12111,
      protocol: 'http',
    });
    expect(loadConfig({ STRIPE_API_URL: 'https://stripe.example' }).stripeApi?.port).toBe(443);
    expect(() => loadConfig({ STRIPE_API_URL: 'stripe.example/v1' })).toThrow(/STRIPE_API_URL: must be an http/);
  });
});
