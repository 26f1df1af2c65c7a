import { AppConfigError, firebaseConfigFromAppConfig, loadFirebaseConfig, resetAppConfigForTests } from './appConfig.ts';

const gateway = {
  firebase: {
    apiKey: 'demo-api-key',
    authDomain: 'demo-storefront.firebaseapp.com',
    projectId: 'demo-storefront',
    databaseURL: 'http://127.0.0.1:9000?ns=demo-storefront',
    authEmulatorUrl: 'http://127.0.0.1:9099',
    databaseEmulatorHost: '127.0.0.1:9000',
  },
  stripePublishableKey: 'pk_test_x',
};

const ok = (body: unknown) => async () => new Response(JSON.stringify(body), { status: 200 });

beforeEach(resetAppConfigForTests);

describe('firebaseConfigFromAppConfig', () => {
  it("reshapes the gateway's answer into the account service's config", () => {
    expect(firebaseConfigFromAppConfig(gateway)).toEqual({
      apiKey: 'demo-api-key',
      authDomain: 'demo-storefront.firebaseapp.com',
      projectId: 'demo-storefront',
      databaseURL: 'http://127.0.0.1:9000?ns=demo-storefront',
      authEmulatorHost: 'http://127.0.0.1:9099',
      databaseEmulatorHost: '127.0.0.1:9000',
    });
  });

  it('leaves out fields the gateway may add later, and empty ones', () => {
    expect(firebaseConfigFromAppConfig({ firebase: { ...gateway.firebase, authEmulatorUrl: '', measurementId: 'G-1' } })).not.toHaveProperty('measurementId');
    expect(firebaseConfigFromAppConfig({ firebase: { ...gateway.firebase, authEmulatorUrl: '' } })).not.toHaveProperty('authEmulatorHost');
    expect(firebaseConfigFromAppConfig(null)).toEqual({});
  });
});

describe('loadFirebaseConfig', () => {
  it('fetches /app-config.json once and validates it', async () => {
    const fetch = jest.fn((_input: string, _init?: RequestInit) => ok(gateway)());
    const config = await loadFirebaseConfig(fetch);
    expect(config).toMatchObject({ projectId: 'demo-storefront', authEmulatorHost: '127.0.0.1:9099', databaseEmulatorHost: '127.0.0.1:9000' });
    await loadFirebaseConfig(fetch);
    expect(fetch).toHaveBeenCalledTimes(1);
    expect(fetch.mock.calls[0]?.[0]).toBe('/app-config.json');
  });

  it('reports an unreachable gateway, and asks again next time', async () => {
    const error = await loadFirebaseConfig(async () => Promise.reject(new TypeError('Failed to fetch'))).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AppConfigError);
    expect((error as AppConfigError).problem).toBe('unreachable');
    await expect(loadFirebaseConfig(async () => new Response('nope', { status: 502 }))).rejects.toMatchObject({ problem: 'unreachable' });
    await expect(loadFirebaseConfig(ok(gateway))).resolves.toMatchObject({ projectId: 'demo-storefront' });
  });

  it('reports an invalid config field by field', async () => {
    const error = (await loadFirebaseConfig(ok({ firebase: { ...gateway.firebase, apiKey: '' } })).catch((e: unknown) => e)) as AppConfigError;
    expect(error.problem).toBe('invalid');
    expect(error.message).toMatch(/apiKey/);
  });
});
