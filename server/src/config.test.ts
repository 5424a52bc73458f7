import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config';

describe('loadConfig', () => {
  it('starts with nothing set: port 3000, ./data, embedded database, demo data', () => {
    const config = loadConfig({});
    expect(config.PORT).toBe(3000);
    expect(config.DATA_DIR).toBe(path.resolve('./data'));
    expect(config.DATABASE_URL).toBeUndefined();
    expect(config.SEED_DEMO).toBe(true);
    expect(config.PUBLIC_URL).toBe('http://localhost:3000');
    expect(config.STORAGE).toBe('local');
    expect(config.PAYMENT_PROVIDER).toBe('demo');
  });

  it('names every bad variable in one message', () => {
    expect(() => loadConfig({ PORT: 'eighty', STORAGE: 'ftp', DATABASE_URL: 'not a url' })).toThrow(
      /PORT[\s\S]*DATABASE_URL[\s\S]*STORAGE|PORT[\s\S]*STORAGE[\s\S]*DATABASE_URL/,
    );
  });

  it('refuses S3 storage without a bucket and Stripe without its keys', () => {
    expect(() => loadConfig({ STORAGE: 's3' })).toThrow(ConfigError);
    expect(() => loadConfig({ STORAGE: 's3' })).toThrow(/S3_BUCKET/);
    expect(() => loadConfig({ PAYMENT_PROVIDER: 'stripe' })).toThrow(/STRIPE_SECRET_KEY/);
  });

  it('reads booleans written as true/false', () => {
    expect(loadConfig({ SEED_DEMO: 'false' }).SEED_DEMO).toBe(false);
    expect(() => loadConfig({ SEED_DEMO: 'maybe' })).toThrow(/SEED_DEMO/);
  });

  it('reads TRUST_PROXY as off, a number of proxies or a list of proxy addresses, never as "everyone"', () => {
    expect(loadConfig({}).TRUST_PROXY).toBe(false);
    expect(loadConfig({ TRUST_PROXY: 'false' }).TRUST_PROXY).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '1' }).TRUST_PROXY).toBe(1);
    expect(loadConfig({ TRUST_PROXY: '2' }).TRUST_PROXY).toBe(2);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.0/8, 127.0.0.1' }).TRUST_PROXY).toEqual([
      '10.0.0.0/8',
      '127.0.0.1',
    ]);
    for (const everyone of ['true', 'TRUE', 'yes']) {
      expect(() => loadConfig({ TRUST_PROXY: everyone })).toThrow(/TRUST_PROXY: true would believe/);
    }
    expect(() => loadConfig({ TRUST_PROXY: '1000' })).toThrow(/TRUST_PROXY/);
    expect(() => loadConfig({ TRUST_PROXY: 'everyone' })).toThrow(/TRUST_PROXY/);
  });

  it('reads DATABASE_REPLICA_URLS as a list beside DATABASE_URL, none by default, and names a bad one without its text', () => {
    const primary = 'postgres://bazaar@primary:5432/bazaar';
    expect(loadConfig({}).DATABASE_REPLICA_URLS).toEqual([]);
    expect(loadConfig({}).REPLICA_MAX_LAG_MS).toBe(5000);
    expect(
      loadConfig({
        DATABASE_URL: primary,
        DATABASE_REPLICA_URLS: ' postgres://bazaar@replica-a/bazaar, postgresql://bazaar@replica-b/bazaar ,',
      }).DATABASE_REPLICA_URLS,
    ).toEqual(['postgres://bazaar@replica-a/bazaar', 'postgresql://bazaar@replica-b/bazaar']);
    const bad = () =>
      loadConfig({
        DATABASE_URL: primary,
        DATABASE_REPLICA_URLS: 'postgres://replica-a/bazaar,mysql://user:secret@replica-b/bazaar',
      });
    expect(bad).toThrow(/DATABASE_REPLICA_URLS: replica 2 is not a postgres/);
    expect(bad).not.toThrow(/secret/);
    expect(() => loadConfig({ DATABASE_REPLICA_URLS: 'postgres://replica-a/bazaar' })).toThrow(
      /DATABASE_REPLICA_URLS: replicas need DATABASE_URL/,
    );
    expect(() => loadConfig({ REPLICA_MAX_LAG_MS: '10' })).toThrow(/REPLICA_MAX_LAG_MS/);
  });

  it('reads the hourly posting limit, 20 by default', () => {
    expect(loadConfig({}).POSTING_LIMIT_PER_HOUR).toBe(20);
    expect(loadConfig({ POSTING_LIMIT_PER_HOUR: '5' }).POSTING_LIMIT_PER_HOUR).toBe(5);
    expect(() => loadConfig({ POSTING_LIMIT_PER_HOUR: '0' })).toThrow(/POSTING_LIMIT_PER_HOUR/);
  });

  it('reads the moderation mode and the blocked terms, post and a default list when unset', () => {
    const defaults = loadConfig({});
    expect(defaults.MODERATION).toBe('post');
    expect(defaults.BLOCKED_TERMS).toContain('counterfeit');
    const set = loadConfig({ MODERATION: 'pre', BLOCKED_TERMS: ' replica watch, Western Union ,,' });
    expect(set.MODERATION).toBe('pre');
    expect(set.BLOCKED_TERMS).toEqual(['replica watch', 'Western Union']);
    expect(loadConfig({ BLOCKED_TERMS: '' }).BLOCKED_TERMS).toEqual([]);
    expect(() => loadConfig({ MODERATION: 'later' })).toThrow(/MODERATION/);
    expect(() => loadConfig({ BLOCKED_TERMS: 'scam, ---' })).toThrow(/BLOCKED_TERMS: "---" is not a term/);
  });
});
