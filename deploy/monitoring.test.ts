// The monitoring files under deploy/monitoring against the services they watch: every metric the
// alert rules and the Grafana dashboard query is one a service exports (names read from the
// services' own registries), every alert has a promtool unit test and a paragraph in
// docs/operations.md, and the metrics modules the three services copy stay the same.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Registry } from 'prom-client';
import { parse } from 'yaml';
import { registry as catalogRegistry } from '../mf-catalog/server/metrics/registry.ts';
import { registry as checkoutRegistry } from '../mf-checkout/server/metrics/registry.ts';
import { registry as gatewayRegistry } from '../shell/server/metrics/registry.ts';

const repoRoot = path.resolve(__dirname, '..');
const read = (file: string) => readFileSync(path.join(repoRoot, file), 'utf8');

/** Every series name a registry's metrics appear under in Prometheus (a histogram's _bucket, _sum and _count). */
async function seriesNames(registry: Registry): Promise<string[]> {
  const metrics = await registry.getMetricsAsJSON();
  return metrics.flatMap(({ name, type }) => {
    const kind = String(type);
    if (kind === 'histogram') return [`${name}_bucket`, `${name}_sum`, `${name}_count`];
    if (kind === 'summary') return [name, `${name}_sum`, `${name}_count`];
    return [name];
  });
}

/** Words of PromQL that are not metric names. */
const KEYWORDS = new Set(['and', 'or', 'unless', 'bool', 'offset', 'inf', 'nan']);

/** The metric names a PromQL expression reads: identifiers that are not functions, keywords or labels. */
export function metricNamesIn(expr: string): string[] {
  const bare = expr
    .replace(/"(?:[^"\\]|\\.)*"/g, '""')
    .replace(/\{[^}]*\}/g, '')
    .replace(/\b(by|without|on|ignoring|group_left|group_right)\s*\([^)]*\)/g, '')
    .replace(/\[[^\]]*\]/g, '');
  const names: string[] = [];
  for (const match of bare.matchAll(/[A-Za-z_:][A-Za-z0-9_:]*/g)) {
    const followedBy = bare.slice(match.index + match[0].length).trimStart();
    if (followedBy.startsWith('(') || KEYWORDS.has(match[0].toLowerCase())) continue;
    names.push(match[0]);
  }
  return names;
}

type Rules = { groups: { name: string; rules: { alert: string; expr: string }[] }[] };
type RuleTests = { tests: { alert_rule_test?: { alertname: string }[] }[] };
type Dashboard = { panels: { title: string; targets?: { expr: string }[] }[] };

const rules = parse(read('deploy/monitoring/alerts.yml')) as Rules;
const alerts = rules.groups.flatMap((group) => group.rules);
const dashboard = JSON.parse(read('deploy/monitoring/grafana/storefront.json')) as Dashboard;

describe('PromQL metric names', () => {
  it('are told apart from functions, labels and durations', () => {
    expect(
      metricNamesIn('histogram_quantile(0.75, sum by (route, le) (rate(web_vitals_lcp_seconds_bucket{route!~"/a|b"}[1h]))) > 2.5 and on (route) up == 0'),
    ).toEqual(['web_vitals_lcp_seconds_bucket', 'up']);
  });
});

describe('the monitoring files', () => {
  let exported: Set<string>;
  beforeAll(async () => {
    // `up` is Prometheus's own: whether the scrape of a target worked.
    exported = new Set(['up', ...(await Promise.all([gatewayRegistry, catalogRegistry, checkoutRegistry].map(seriesNames))).flat()]);
  });

  it('alert only on metrics the services export', () => {
    const unknown = alerts.flatMap((rule) =>
      metricNamesIn(rule.expr)
        .filter((name) => !exported.has(name))
        .map((name) => `${rule.alert}: ${name}`),
    );
    expect(unknown).toEqual([]);
  });

  it('draw only metrics the services export, in every panel', () => {
    const queried = dashboard.panels.filter((panel) => panel.targets);
    expect(queried.length).toBeGreaterThan(20);
    const unknown = queried.flatMap((panel) =>
      panel.targets!.flatMap((target) =>
        metricNamesIn(target.expr)
          .filter((name) => !exported.has(name))
          .map((name) => `${panel.title}: ${name}`),
      ),
    );
    expect(unknown).toEqual([]);
  });

  it('cover the figures the brief names: each service, renders, searches, orders, payments, 3-D Secure, webhooks, vitals', () => {
    const drawn = new Set(dashboard.panels.flatMap((panel) => (panel.targets ?? []).flatMap((target) => metricNamesIn(target.expr))));
    for (const name of [
      'http_requests_total',
      'http_request_duration_seconds_bucket',
      'gateway_server_render_duration_seconds_bucket',
      'gateway_server_render_fallbacks_total',
      'catalog_search_empty_total',
      'checkout_order_transitions_total',
      'checkout_payments_total',
      'checkout_3ds_challenges_total',
      'checkout_webhooks_total',
      'web_vitals_lcp_seconds_bucket',
      'web_vitals_inp_seconds_bucket',
    ])
      expect(drawn).toContain(name);
  });

  it('test every alert with promtool and explain each one in docs/operations.md', () => {
    const tests = parse(read('deploy/monitoring/alerts.test.yml')) as RuleTests;
    const tested = new Set(tests.tests.flatMap((test) => (test.alert_rule_test ?? []).map((check) => check.alertname)));
    const operations = read('docs/operations.md');
    expect(alerts.map((rule) => rule.alert).filter((name) => !tested.has(name))).toEqual([]);
    expect(alerts.map((rule) => rule.alert).filter((name) => !operations.includes(name))).toEqual([]);
  });
});
