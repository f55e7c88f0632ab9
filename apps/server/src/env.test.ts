import { describe, expect, it } from 'vitest';
import { EnvError, loadEnv } from './env';

const base = { DATABASE_URL: 'postgres://portal@pgbouncer:6432/portal' };

describe('database settings', () => {
  it('refuses a transaction pooler without a direct connection, saying what to set', () => {
    expect(() => loadEnv({ ...base, DATABASE_POOLER: 'transaction' })).toThrow(EnvError);
    expect(() => loadEnv({ ...base, DATABASE_POOLER: 'transaction' })).toThrow(/DATABASE_DIRECT_URL/);
    expect(loadEnv({ ...base, DATABASE_POOLER: 'transaction', DATABASE_DIRECT_URL: 'postgres://portal@db:5432/portal' }).database).toMatchObject({
      pooler: 'transaction',
      directUrl: 'postgres://portal@db:5432/portal',
    });
  });

  it('takes the pool size and timeouts', () => {
    expect(loadEnv({ ...base, DATABASE_POOL_SIZE: '4', DATABASE_CONNECT_TIMEOUT_MS: '1500', DATABASE_STATEMENT_TIMEOUT_MS: '3000' }).database).toMatchObject({
      poolSize: 4,
      connectTimeoutMs: 1500,
      statementTimeoutMs: 3000,
    });
    expect(() => loadEnv({ ...base, DATABASE_POOL_SIZE: '0' })).toThrow(/DATABASE_POOL_SIZE/);
  });

  it('refuses a TRUST_PROXY that is neither a hop count nor addresses', () => {
    expect(() => loadEnv({ TRUST_PROXY: 'nginx' })).toThrow(/TRUST_PROXY/);
    expect(loadEnv({ TRUST_PROXY: '10.0.0.0/8' }).trustProxy).toEqual(['10.0.0.0/8']);
  });
});
