import type { IdTokenSource } from 'shared-events';
import { ID_TOKEN_MODULE, loadIdTokenSource } from './accountTokens.ts';

const instances: Array<{ options: { remotes: Array<{ name: string }> }; loadRemote: jest.Mock }> = [];
jest.mock('@module-federation/enhanced/runtime', () => ({
  getInstance: (match: (instance: (typeof instances)[number]) => boolean) => instances.find(match),
}));

function pageWith(remotes: string[], exposed: unknown) {
  const loadRemote = jest.fn(async () => exposed);
  instances.splice(0, instances.length, { options: { remotes: remotes.map((name) => ({ name })) }, loadRemote });
  return loadRemote;
}

it("loads the account remote's token source through the federation instance that knows it", async () => {
  const source: IdTokenSource = { idToken: async () => 'token' };
  const loadRemote = pageWith(['catalog', 'account', 'admin'], source);
  expect(await loadIdTokenSource()).toBe(source);
  expect(loadRemote).toHaveBeenCalledWith(ID_TOKEN_MODULE);
  expect(ID_TOKEN_MODULE).toBe('account/idToken');
});

it('says so when the page has no account remote, or one without the token source', async () => {
  pageWith(['catalog'], undefined);
  await expect(loadIdTokenSource()).rejects.toThrow('no federation instance on this page knows the account remote');
  pageWith(['account'], { somethingElse: true });
  await expect(loadIdTokenSource()).rejects.toThrow('account/idToken has no idToken');
});
