import { describe, expect, it } from 'vitest';
import os from 'node:os';
import path from 'node:path';
import { duration, loadConfig } from '../../src/server/core/config';
import { statementKind } from '../../src/server/core/metrics';

describe('server config from the environment', () => {
  it('listens on this machine only in demo mode (known passwords) unless HOST says otherwise', () => {
    expect(loadConfig({}).host).toBe('127.0.0.1');
    expect(loadConfig({ DEMO: '1' }).host).toBe('127.0.0.1');
    expect(loadConfig({ HOST: '0.0.0.0' }).host).toBe('0.0.0.0');
    expect(loadConfig({ DEMO: '0' }).host).toBe('0.0.0.0');
    expect(loadConfig({ DEMO: '0', HOST: '10.0.0.5' }).host).toBe('10.0.0.5');
  });

  it('serves from one process per core unless WORKERS says how many', () => {
    expect(loadConfig({}).workers).toBe(os.availableParallelism());
    expect(loadConfig({ WORKERS: '3' }).workers).toBe(3);
    expect(loadConfig({ WORKERS: '1' }).workers).toBe(1);
    for (const bad of ['0', '-2', '1.5', 'all'])
      expect(loadConfig({ WORKERS: bad }).workers).toBe(os.availableParallelism());
  });

  it('reads the shutdown timeout in ms, 10 s by default, and the delay before it stops listening', () => {
    expect(loadConfig({}).shutdownTimeout).toBe(10_000);
    expect(loadConfig({ SHUTDOWN_TIMEOUT: '2500' }).shutdownTimeout).toBe(2500);
    expect(loadConfig({ SHUTDOWN_TIMEOUT: 'soon' }).shutdownTimeout).toBe(10_000);
    expect(loadConfig({}).shutdownDelay).toBe(0);
    expect(loadConfig({ SHUTDOWN_DELAY: '2s' }).shutdownDelay).toBe(2000);
  });

  it('reads the back-pressure limits, with defaults that only a sustained lag trips', () => {
    expect(loadConfig({}).pressure).toEqual({
      maxEventLoopDelay: 500,
      maxEventLoopUtilization: 0,
      maxHeapUsedBytes: 0,
      maxRssBytes: 0,
      sampleInterval: 5000,
      retryAfter: 5,
    });
    const p = loadConfig({
      PRESSURE_MAX_DELAY: '200',
      PRESSURE_MAX_ELU: '0.95',
      PRESSURE_MAX_HEAP_MB: '512',
      PRESSURE_MAX_RSS_MB: '1024',
      PRESSURE_SAMPLE_MS: '1000',
      PRESSURE_RETRY_AFTER: '2',
    }).pressure;
    expect(p).toEqual({
      maxEventLoopDelay: 200,
      maxEventLoopUtilization: 0.95,
      maxHeapUsedBytes: 512 * 1024 * 1024,
      maxRssBytes: 1024 * 1024 * 1024,
      sampleInterval: 1000,
      retryAfter: 2,
    });
    expect(loadConfig({ PRESSURE_MAX_DELAY: '0' }).pressure.maxEventLoopDelay).toBe(0);
    expect(loadConfig({ PRESSURE_MAX_DELAY: 'high' }).pressure.maxEventLoopDelay).toBe(500);
  });

  it('turns metrics on with a token only', () => {
    expect(loadConfig({}).metricsToken).toBeUndefined();
    expect(loadConfig({ METRICS_TOKEN: '' }).metricsToken).toBeUndefined();
    expect(loadConfig({ METRICS_TOKEN: 's3cret' }).metricsToken).toBe('s3cret');
  });

  it('reads periodic backups: off by default, intervals with units, 7 kept', () => {
    expect(loadConfig({}).backup).toEqual({ every: 0, keep: 7, dir: undefined });
    expect(loadConfig({ BACKUP_EVERY: '6h', BACKUP_KEEP: '3', BACKUP_DIR: 'bk' }).backup).toEqual({
      every: 6 * 3_600_000,
      keep: 3,
      dir: path.resolve('bk'),
    });
    expect([duration('90s'), duration('30m'), duration('1d'), duration('2500'), duration('')]).toEqual([
      90_000, 1_800_000, 86_400_000, 2500, 0,
    ]);
    expect(() => loadConfig({ BACKUP_EVERY: 'hourly' })).toThrow(/Not a duration: hourly/);
  });

  it('names a statement by its first keyword for the database metrics', () => {
    expect(statementKind('select 1')).toBe('select');
    expect(statementKind('  INSERT INTO "t" VALUES (?)')).toBe('insert');
    expect(statementKind('(select 1) union (select 2)')).toBe('select');
    expect(statementKind('with x as (select 1) select * from x')).toBe('with');
    expect(statementKind('begin immediate')).toBe('begin');
    expect(statementKind('SELECT pg_notify($1, $2)')).toBe('select');
    expect(statementKind('LISTEN mpa_writes')).toBe('other');
  });
});
