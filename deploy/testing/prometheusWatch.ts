// The topology test's look at its Prometheus (deploy/podman/topology-test.sh):
//   node deploy/testing/prometheusWatch.ts up <prometheus-url> <expected targets>
//     waits until that many targets are scraped and every one is up;
//   node deploy/testing/prometheusWatch.ts down <prometheus-url> <instance> <alert>
//     waits until the instance's target is down and the alert fires for it.
// Prints what it sees while it waits and fails with the last answer after the time limit.
import { setTimeout as sleep } from 'node:timers/promises';

interface Target {
  labels: { instance: string; job: string };
  health: 'up' | 'down' | 'unknown';
  lastError: string;
}
interface Alert {
  labels: { alertname: string; instance?: string };
  state: 'pending' | 'firing';
}

async function api<T>(base: string, path: string): Promise<T> {
  const response = await fetch(`${base}/api/v1/${path}`, { signal: AbortSignal.timeout(5000) });
  const body = (await response.json()) as { status: string; data: T };
  if (body.status !== 'success') throw new Error(`${path}: ${JSON.stringify(body)}`);
  return body.data;
}

async function waitFor(what: string, limitMs: number, check: () => Promise<string | null>): Promise<void> {
  const deadline = Date.now() + limitMs;
  let last = '';
  while (Date.now() < deadline) {
    try {
      const missing = await check();
      if (missing === null) return;
      if (missing !== last) console.log(`  ${what}: ${missing}`);
      last = missing;
    } catch (error) {
      last = (error as Error).message;
    }
    await sleep(2000);
  }
  throw new Error(`${what} not seen within ${limitMs / 1000} s; last: ${last}`);
}

const targets = async (base: string) => (await api<{ activeTargets: Target[] }>(base, 'targets?state=active')).activeTargets;

async function everyTargetUp(base: string, expected: number): Promise<void> {
  await waitFor(`${expected} targets up`, 120_000, async () => {
    const active = await targets(base);
    const notUp = active.filter((target) => target.health !== 'up');
    if (active.length === expected && notUp.length === 0) return null;
    return `${active.length} targets, not up: ${notUp.map((t) => `${t.labels.instance} (${t.health}${t.lastError ? `: ${t.lastError}` : ''})`).join(', ') || 'none'}`;
  });
  console.log(`  every one of the ${expected} targets is up: ${(await targets(base)).map((t) => t.labels.instance).join(', ')}`);
}

async function downAndAlerting(base: string, instance: string, alertname: string): Promise<void> {
  await waitFor(`${instance} down`, 60_000, async () => {
    const target = (await targets(base)).find((candidate) => candidate.labels.instance === instance);
    return target?.health === 'down' ? null : `health ${target?.health ?? 'no such target'}`;
  });
  console.log(`  ${instance} is down`);
  // The rule waits a minute (for: 1m) before it fires, so that a restart does not page anyone.
  await waitFor(`${alertname} firing for ${instance}`, 150_000, async () => {
    const { alerts } = await api<{ alerts: Alert[] }>(base, 'alerts');
    const alert = alerts.find((candidate) => candidate.labels.alertname === alertname && candidate.labels.instance === instance);
    return alert?.state === 'firing' ? null : `alert ${alert?.state ?? 'not raised'}`;
  });
  console.log(`  ${alertname} fires for ${instance}`);
}

const [command, base, ...rest] = process.argv.slice(2);
if (command === 'up' && base && rest[0]) await everyTargetUp(base, Number(rest[0]));
else if (command === 'down' && base && rest[0] && rest[1]) await downAndAlerting(base, rest[0], rest[1]);
else {
  console.error('usage: prometheusWatch.ts up <url> <count> | down <url> <instance> <alert>');
  process.exit(2);
}
