import { FirebaseConfigError, parseFirebaseConfig } from './config.ts';

const dev = {
  apiKey: 'demo-api-key',
  authDomain: 'demo-storefront.firebaseapp.com',
  projectId: 'demo-storefront',
  databaseURL: 'http://127.0.0.1:9000/?ns=demo-storefront',
  authEmulatorHost: '127.0.0.1:9099',
  databaseEmulatorHost: '127.0.0.1:9000',
};
const prod = {
  apiKey: 'AIzaSyExample',
  authDomain: 'shop-prod.firebaseapp.com',
  projectId: 'shop-prod',
  databaseURL: 'https://shop-prod-default-rtdb.firebaseio.com',
  appId: '1:123:web:abc',
};

function issues(input: unknown): string[] {
  try {
    parseFirebaseConfig(input);
  } catch (e) {
    expect(e).toBeInstanceOf(FirebaseConfigError);
    return (e as FirebaseConfigError).issues;
  }
  throw new Error('expected the config to be rejected');
}

describe('parseFirebaseConfig', () => {
  it('accepts the local emulator config and a production config', () => {
    expect(parseFirebaseConfig(dev)).toEqual(dev);
    expect(parseFirebaseConfig(prod)).toEqual(prod);
  });

  it('accepts IPv6 and named emulator hosts', () => {
    expect(parseFirebaseConfig({ ...dev, authEmulatorHost: '[::1]:9099', databaseEmulatorHost: 'localhost:9000' })).toMatchObject({
      authEmulatorHost: '[::1]:9099',
    });
  });

  it('names every bad field', () => {
    const found = issues({ apiKey: '', projectId: 'Bad Id', databaseURL: 'not a url' });
    expect(found.join('\n')).toMatch(/apiKey/);
    expect(found.join('\n')).toMatch(/projectId/);
    expect(found.join('\n')).toMatch(/databaseURL/);
  });

  it('rejects a database URL with another scheme', () => {
    expect(issues({ ...prod, databaseURL: 'ftp://example.com' }).join()).toMatch(/databaseURL/);
  });

  it('accepts an emulator URL and keeps host:port', () => {
    expect(parseFirebaseConfig({ ...dev, authEmulatorHost: 'http://127.0.0.1:9099/' }).authEmulatorHost).toBe('127.0.0.1:9099');
  });

  it.each(['127.0.0.1', '127.0.0.1:0', '127.0.0.1:70000', 'http://127.0.0.1:9099/path', 'ftp://127.0.0.1:9099', 'host name:9099'])(
    'rejects emulator host %s',
    (host) => {
      expect(issues({ ...dev, authEmulatorHost: host }).join()).toMatch(/authEmulatorHost/);
    },
  );

  it('requires the emulator hosts for a demo project (it exists nowhere else)', () => {
    const { authEmulatorHost: _a, databaseEmulatorHost: _d, ...noEmulators } = dev;
    const found = issues(noEmulators).join('\n');
    expect(found).toMatch(/authEmulatorHost: is required for the demo project/);
    expect(found).toMatch(/databaseEmulatorHost: is required/);
  });

  it('rejects unknown keys (e.g. analytics settings: we never load Analytics)', () => {
    expect(issues({ ...prod, measurementId: 'G-XYZ' }).join()).toMatch(/measurementId|unrecognized/i);
  });

  it('rejects non-objects', () => {
    expect(issues(null).length).toBeGreaterThan(0);
    expect(issues('config').length).toBeGreaterThan(0);
  });
});
