// The soak runs beside a developer's npm start: its stack shares no port with npm start's, nor with
// the browser tests' stack, whatever port the stack gains later (they all move by one list).
import { loadStackConfig } from '../stack/stackConfig.ts';
import { STACK_PORTS } from '../stack/stackPorts.ts';
import { soakStackEnv } from './soakStack.ts';

const portsOf = (env: Record<string, string>) => Object.values(loadStackConfig(env, '/repo').ports);

it('moves every port of the stack away from npm start, the mail catcher and the metrics listeners included', () => {
  const defaults = portsOf({});
  const soak = portsOf(soakStackEnv(8500, '/tmp/soak-data'));
  expect(soak).toHaveLength(STACK_PORTS.length);
  expect(new Set(soak).size).toBe(soak.length);
  expect(soak.filter((port) => defaults.includes(port))).toEqual([]);
  expect(soak.every((port) => port >= 8500 && port < 8700)).toBe(true);
});

it('keeps every metrics listener and the mail catcher on its own moved port', () => {
  const config = loadStackConfig(soakStackEnv(8500, '/tmp/soak-data'), '/repo');
  expect(config.metricsPorts).toEqual({ gateway: 8670, catalog: 8671, checkout: 8672 });
  expect([config.ports.mailSmtp, config.ports.mailWeb]).toEqual([8625, 8680]);
});
