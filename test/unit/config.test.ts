import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/server/core/config';

describe('server config from the environment', () => {
  it('listens on this machine only in demo mode (known passwords) unless HOST says otherwise', () => {
    expect(loadConfig({}).host).toBe('127.0.0.1');
    expect(loadConfig({ DEMO: '1' }).host).toBe('127.0.0.1');
    expect(loadConfig({ HOST: '0.0.0.0' }).host).toBe('0.0.0.0');
    expect(loadConfig({ DEMO: '0' }).host).toBe('0.0.0.0');
    expect(loadConfig({ DEMO: '0', HOST: '10.0.0.5' }).host).toBe('10.0.0.5');
  });

  it('reads the shutdown timeout in ms, 10 s by default', () => {
    expect(loadConfig({}).shutdownTimeout).toBe(10_000);
    expect(loadConfig({ SHUTDOWN_TIMEOUT: '2500' }).shutdownTimeout).toBe(2500);
    expect(loadConfig({ SHUTDOWN_TIMEOUT: 'soon' }).shutdownTimeout).toBe(10_000);
  });
});
