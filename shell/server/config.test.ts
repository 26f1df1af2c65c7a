import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { ConfigError, loadGatewayConfig } from './config.ts';

const repoRoot = path.resolve(__dirname, '..', '..');
const production = {
  NODE_ENV: 'production',
  FIREBASE_API_KEY: 'AIza-real-key',
  FIREBASE_PROJECT_ID: 'storefront-prod',
  FIREBASE_AUTH_DOMAIN: 'storefront-prod.firebaseapp.com',
  FIREBASE_DATABASE_URL: 'https://storefront-prod-default-rtdb.firebaseio.com',
  SITE_URL: 'https://shop.example',
};

describe('gateway configuration', () => {
  it('defaults to the local Firebase of the embedded default in development', () => {
    const config = loadGatewayConfig({}, repoRoot);
    expect(config.production).toBe(false);
    expect(config.client.firebase).toMatchObject({
      projectId: 'demo-storefront',
      authEmulatorUrl: 'http://127.0.0.1:9099',
      databaseEmulatorHost: '127.0.0.1:9000',
    });
  });

  it('in production never points the browser at an emulator', () => {
    const config = loadGatewayConfig(production, repoRoot);
    expect(config.production).toBe(true);
    expect(config.client.firebase.authEmulatorUrl).toBeUndefined();
    expect(config.client.firebase.databaseEmulatorHost).toBeUndefined();
    expect(config.siteUrl).toBe('https://shop.example');
  });

  it('in production refuses every local stand-in and demo value, naming each on one line', () => {
    let error: unknown;
    try {
      loadGatewayConfig(
        { NODE_ENV: 'production', FIREBASE_AUTH_EMULATOR_URL: 'http://127.0.0.1:9099', FIREBASE_DATABASE_EMULATOR_HOST: '127.0.0.1:9000' },
        repoRoot,
      );
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(ConfigError);
    const message = (error as Error).message;
    expect(message).not.toContain('\n');
    for (const name of [
      'FIREBASE_AUTH_EMULATOR_URL',
      'FIREBASE_DATABASE_EMULATOR_HOST',
      'FIREBASE_PROJECT_ID',
      'FIREBASE_API_KEY',
      'FIREBASE_DATABASE_URL',
      'SITE_URL',
    ]) {
      expect(message).toContain(name);
    }
  });

  it('stops the gateway process at start with that one line', () => {
    const result = spawnSync(process.execPath, [path.join(__dirname, 'main.ts')], {
      env: { PATH: process.env.PATH ?? '', ...production, FIREBASE_AUTH_EMULATOR_URL: 'http://127.0.0.1:9099', PORT: '0' },
      encoding: 'utf8',
      timeout: 20_000,
    });
    expect(result.status).toBe(1);
    expect(result.stderr.trim()).toBe(
      '[gateway] Invalid gateway configuration: FIREBASE_AUTH_EMULATOR_URL must not be set in production (it is the local Auth emulator)',
    );
  });
});
