import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseAllDocuments } from 'yaml';
import * as catalogConfig from '../mf-catalog/server/config.ts';
import * as checkoutConfig from '../mf-checkout/server/config.ts';
import * as gatewayConfig from '../shell/server/config.ts';
import { readCompose, readEnvFile } from './testing/compose.ts';

// The deployment files are configuration nobody runs in the unit tests: these checks keep them valid
// against Kubernetes' schemas and in step with one another and with what the services really read.

const deployDir = __dirname;
const repoRoot = path.dirname(deployDir);
const services = ['gateway', 'catalog', 'checkout'] as const;
type ServiceName = (typeof services)[number];

type Manifest = { apiVersion: string; kind: string; metadata: { name: string; labels?: Record<string, string> }; [key: string]: unknown };

/** The repository files `entry` loads at run time through relative imports, itself included. */
function importedModules(entry: string, seen = new Set<string>()): Set<string> {
  if (seen.has(entry)) return seen;
  seen.add(entry);
  // Type-only imports are erased when Node strips the types: nothing is loaded for them.
  const source = readFileSync(path.join(repoRoot, entry), 'utf8').replace(/^\s*(?:import|export) type [^;]*;/gm, '');
  for (const match of source.matchAll(/(?:from|import)\s*\(?\s*'(\.{1,2}\/[^']+)'/g)) {
    importedModules(path.posix.normalize(path.posix.join(path.posix.dirname(entry), match[1]!)), seen);
  }
  return seen;
}

const yamlFiles = (dir: string) =>
  readdirSync(dir)
    .filter((name) => name.endsWith('.yaml'))
    .map((name) => path.join(dir, name));

function manifestsIn(dir: string): { file: string; manifest: Manifest }[] {
  return yamlFiles(dir).flatMap((file) =>
    parseAllDocuments(readFileSync(file, 'utf8')).map((document) => {
      const name = path.basename(file);
      if (document.errors.length > 0) throw new Error(`${name}: ${document.errors[0]!.message}`);
      return { file: name, manifest: document.toJS() as Manifest };
    }),
  );
}

const applied = manifestsIn(path.join(deployDir, 'kubernetes'));
const examples = manifestsIn(path.join(deployDir, 'kubernetes', 'examples'));
const jobs = manifestsIn(path.join(deployDir, 'kubernetes', 'jobs'));
const ofKind = <T = Manifest>(kind: string, from = applied) => from.filter(({ manifest }) => manifest.kind === kind).map(({ manifest }) => manifest as T);

type Container = {
  image: string;
  ports: { name: string; containerPort: number }[];
  env: { name: string; value?: string; valueFrom?: { configMapKeyRef?: { name: string; key: string }; secretKeyRef?: { name: string; key: string } } }[];
  livenessProbe: { httpGet: { path: string; port: string } };
  readinessProbe: { httpGet: { path: string; port: string } };
  volumeMounts?: { name: string }[];
};
type DeploymentShape = Manifest & {
  spec: {
    selector: { matchLabels: Record<string, string> };
    template: {
      metadata: { labels: Record<string, string> };
      spec: { containers: Container[]; volumes?: { name: string; persistentVolumeClaim?: { claimName: string } }[] };
    };
  };
};
const deployment = (name: ServiceName) => ofKind<DeploymentShape>('Deployment').find((d) => d.metadata.name === name)!;
const container = (name: ServiceName) => deployment(name).spec.template.spec.containers[0]!;

// Production-looking values for compose's required variables: the services must accept them.
const productionEnvironment = {
  POSTGRES_PASSWORD: 'a-real-password',
  INTERNAL_TOKEN: 'a-long-internal-token',
  SESSION_SECRET: 'a-session-secret-of-at-least-32-characters',
  FIREBASE_API_KEY: 'AIzaSy-real-key',
  FIREBASE_PROJECT_ID: 'shop-production',
  FIREBASE_AUTH_DOMAIN: 'shop-production.firebaseapp.com',
  FIREBASE_DATABASE_URL: 'https://shop-production-default-rtdb.firebaseio.com',
  STRIPE_PUBLISHABLE_KEY: 'pk_live_real',
  STRIPE_SECRET_KEY: 'sk_live_real',
  STRIPE_WEBHOOK_SECRET: 'whsec_real_signing_secret',
  SITE_URL: 'https://shop.example',
};
const production = readCompose([path.join(deployDir, 'compose.yaml')], productionEnvironment);
const local = readCompose([path.join(deployDir, 'compose.yaml'), path.join(deployDir, 'compose.local.yaml')], readEnvFile(path.join(deployDir, 'local.env')));
const imageName = (image: string) =>
  image
    .replace(/:[^:/]+$/, '')
    .split('/')
    .pop();

const loaders: Record<ServiceName, { variables: readonly string[]; load: (env: Record<string, string>) => unknown }> = {
  gateway: { variables: gatewayConfig.variableNames, load: (env) => gatewayConfig.loadGatewayConfig(env, repoRoot) },
  catalog: { variables: catalogConfig.variableNames, load: (env) => catalogConfig.loadConfig(env, { sqlitePath: ':memory:' }) },
  checkout: { variables: checkoutConfig.variableNames, load: (env) => checkoutConfig.loadConfig(env, { sqlitePath: ':memory:' }) },
};

describe('the Kubernetes manifests', () => {
  it('are valid against the Kubernetes schemas (kubernetes-models), every object of every file', () => {
    const files = ['', 'examples', 'jobs'].flatMap((dir) => yamlFiles(path.join(deployDir, 'kubernetes', dir)));
    const validator = path.join(deployDir, 'testing', 'validateManifests.ts');
    const results = JSON.parse(execFileSync(process.execPath, [validator, ...files], { encoding: 'utf8' })) as {
      file: string;
      kind: string;
      name: string;
      problem: string | null;
    }[];
    expect(results).toHaveLength(applied.length + examples.length + jobs.length);
    expect(results.filter((result) => result.problem !== null)).toEqual([]);
  });

  it('the schema check catches a broken manifest', () => {
    const broken = path.join(os.tmpdir(), `broken-${process.pid}.yaml`);
    writeFileSync(broken, readFileSync(path.join(deployDir, 'kubernetes', 'checkout.yaml'), 'utf8').replace('replicas: 2', 'replicas: two'));
    try {
      const results = JSON.parse(execFileSync(process.execPath, [path.join(deployDir, 'testing', 'validateManifests.ts'), broken], { encoding: 'utf8' })) as {
        problem: string | null;
      }[];
      expect(results[0]!.problem).toMatch(/replicas must be integer/);
    } finally {
      rmSync(broken, { force: true });
    }
  });

  it('give every stateless service liveness and readiness probes, a disruption budget and an autoscaler on its own Deployment', () => {
    for (const name of services) {
      const d = deployment(name);
      expect(d.spec.template.metadata.labels).toMatchObject(d.spec.selector.matchLabels);
      expect(container(name).livenessProbe.httpGet).toEqual({ path: '/healthz', port: 'http' });
      expect(container(name).readinessProbe.httpGet).toEqual({ path: '/readyz', port: 'http' });
      const pdb = ofKind<Manifest & { spec: { selector: { matchLabels: Record<string, string> } } }>('PodDisruptionBudget').find(
        (p) => p.metadata.name === name,
      );
      expect(pdb?.spec.selector.matchLabels).toEqual(d.spec.selector.matchLabels);
      const hpa = ofKind<Manifest & { spec: { scaleTargetRef: { kind: string; name: string }; minReplicas: number } }>('HorizontalPodAutoscaler').find(
        (h) => h.metadata.name === name,
      );
      expect(hpa?.spec.scaleTargetRef).toMatchObject({ kind: 'Deployment', name });
      expect(hpa?.spec.minReplicas).toBeGreaterThanOrEqual(2);
      const service = ofKind<Manifest & { spec: { selector: Record<string, string>; ports: { targetPort: string }[] } }>('Service').find(
        (s) => s.metadata.name === name,
      );
      expect(service?.spec.selector).toEqual(d.spec.selector.matchLabels);
      expect(container(name).ports.map((port) => port.name)).toContain(service?.spec.ports[0]?.targetPort);
    }
  });

  it('read only keys that the ConfigMap and the Secret define, and claim only volumes that exist', () => {
    const configKeys = Object.keys(ofKind<Manifest & { data: object }>('ConfigMap')[0]!.data);
    const secretKeys = Object.keys(ofKind<Manifest & { stringData: object }>('Secret', examples)[0]!.stringData);
    const claims = ofKind('PersistentVolumeClaim').map((claim) => claim.metadata.name);
    for (const name of services) {
      for (const variable of container(name).env) {
        if (variable.valueFrom?.configMapKeyRef) expect(configKeys).toContain(variable.valueFrom.configMapKeyRef.key);
        if (variable.valueFrom?.secretKeyRef) expect(secretKeys).toContain(variable.valueFrom.secretKeyRef.key);
      }
      for (const volume of deployment(name).spec.template.spec.volumes ?? []) {
        if (volume.persistentVolumeClaim) expect(claims).toContain(volume.persistentVolumeClaim.claimName);
      }
    }
  });
});

describe('the migrate Jobs (deploy/kubernetes/jobs)', () => {
  type JobShape = Manifest & { spec: { template: { spec: { restartPolicy: string; containers: (Container & { command: string[] })[] } } } };
  const job = (name: ServiceName) => ofKind<JobShape>('Job', jobs).find((j) => j.metadata.name === `migrate-${name}`)!.spec.template.spec;
  const entries = { gateway: 'shell/server/migrate.ts', catalog: 'mf-catalog/server/migrate.ts', checkout: 'mf-checkout/server/migrate.ts' } as const;

  it.each(services)('the %s Job runs its migrate command in the image its Deployment runs, once', (name) => {
    const spec = job(name);
    expect(spec.restartPolicy).toBe('Never');
    expect(spec.containers[0]!.image).toBe(container(name).image);
    expect(spec.containers[0]!.command).toEqual(['node', entries[name]]);
  });

  it.each(services)('the %s Job reads only keys the ConfigMap and the Secret define, and the service accepts them in production', (name) => {
    const configMap = ofKind<Manifest & { data: Record<string, string> }>('ConfigMap')[0]!.data;
    const secret = ofKind<Manifest & { stringData: Record<string, string> }>('Secret', examples)[0]!.stringData;
    const env: Record<string, string> = {};
    for (const variable of job(name).containers[0]!.env) {
      const ref = variable.valueFrom?.configMapKeyRef ?? variable.valueFrom?.secretKeyRef;
      const value = variable.value ?? (variable.valueFrom?.configMapKeyRef ? configMap[ref!.key] : secret[ref!.key]);
      expect([variable.name, value]).toEqual([variable.name, expect.any(String)]);
      env[variable.name] = value!;
    }
    expect(env.DATABASE_URL).toMatch(/^postgres/);
    // The catalogue's migrate command validates the service's whole configuration, the others only their storage.
    if (name === 'catalog') expect(() => loaders.catalog.load(env)).not.toThrow();
  });

  it.each(services)('the %s image holds every module its migrate command loads', (name) => {
    const containerfile = readFileSync(path.join(deployDir, 'Containerfile'), 'utf8');
    const stage = containerfile.split(/^FROM /m).find((block) => block.startsWith(`service AS ${name}\n`))!;
    const copied = [...stage.matchAll(/^COPY (?!--from)(\S+) /gm)].map((match) => match[1]!.replace(/\/$/, ''));
    const missing = [...importedModules(entries[name])].filter((file) => !copied.some((source) => file === source || file.startsWith(`${source}/`)));
    expect(missing).toEqual([]);
  });
});

describe('the compose topology and the Kubernetes manifests', () => {
  it.each(services)('name the same image, port, probes and variables for the %s', (name) => {
    const instances = Object.entries(production.services).filter(([service]) => service.startsWith(`${name}-`));
    expect(instances.length).toBeGreaterThanOrEqual(2);
    for (const [, instance] of instances) {
      expect(imageName(instance.image!)).toBe(imageName(container(name).image));
      expect(instance.environment.PORT).toBe(String(container(name).ports[0]!.containerPort));
      expect(Object.keys(instance.environment).sort()).toEqual(
        container(name)
          .env.map((variable) => variable.name)
          .sort(),
      );
    }
  });

  it('interpolate variables the way podman-compose does too: no empty default, which it leaves as literal text', () => {
    // `${SMTP_URL:-}` reached the checkout as the text itself under podman-compose 1.0 (its pattern
    // wants a non-empty default), and a `${CATALOG_ADMIN_TOKEN:-}` would have been a working token.
    for (const file of ['compose.yaml', 'compose.local.yaml']) {
      expect([file, readFileSync(path.join(deployDir, file), 'utf8').match(/\$\{\w+:?-\}/g) ?? []]).toEqual([file, []]);
    }
  });

  it('balances every instance and takes out one that stops answering its readiness probe', () => {
    const haproxy = readFileSync(path.join(deployDir, 'haproxy', 'haproxy.cfg'), 'utf8');
    const backends = haproxy.split(/^backend /m).slice(1);
    for (const name of services) {
      const port = container(name).ports[0]!.containerPort;
      const backend = backends.find((block) => block.includes(`server ${name}-1 `));
      expect(backend).toContain('option httpchk GET /readyz');
      const servers = [...backend!.matchAll(/^\s*server (\S+) (\S+):(\d+)/gm)].map((match) => ({ name: match[1], host: match[2], port: Number(match[3]) }));
      const instances = Object.keys(production.services).filter((service) => service.startsWith(`${name}-`));
      expect(servers.map((server) => server.host).sort()).toEqual(instances.sort());
      expect(new Set(servers.map((server) => server.port))).toEqual(new Set([port]));
    }
    expect(haproxy).toMatch(/default-server[^\n]*\bcheck\b/);
  });

  it('builds each image from a target of deploy/Containerfile that exposes its port and checks /healthz', () => {
    const containerfile = readFileSync(path.join(deployDir, 'Containerfile'), 'utf8');
    const stages = Object.fromEntries(
      containerfile
        .split(/^FROM /m)
        .slice(1)
        .map((stage) => [stage.match(/ AS ([\w-]+)/)?.[1], stage]),
    );
    const composeFiles = [production, local];
    for (const compose of composeFiles) {
      for (const [service, definition] of Object.entries(compose.services)) {
        if (!definition.build) continue;
        expect([service, stages[definition.build.target] !== undefined]).toEqual([service, true]);
      }
    }
    for (const name of services) {
      const stage = stages[name]!;
      expect(stage).toContain(`EXPOSE ${container(name).ports[0]!.containerPort}`);
      expect(stage).toMatch(/HEALTHCHECK[\s\S]*\/healthz/);
      expect(stage).toMatch(/^USER storefront$/m);
    }
  });

  it('copies into each image every module its entry loads (a shared module outside the service folder is easy to forget)', () => {
    const containerfile = readFileSync(path.join(deployDir, 'Containerfile'), 'utf8');
    const stages = containerfile.split(/^FROM /m).slice(1);
    const started = stages.filter((stage) => /^CMD \["node", "[^"]+\.ts"/m.test(stage));
    expect(started.length).toBeGreaterThanOrEqual(5);
    for (const stage of started) {
      const name = /^\S+ AS ([\w-]+)/.exec(stage)![1]!;
      const entry = /^CMD \["node", "([^"]+)"/m.exec(stage)![1]!;
      const copied = [...stage.matchAll(/^COPY (?!--from)(\S+) /gm)].map((match) => match[1]!.replace(/\/$/, ''));
      const missing = [...importedModules(entry)].filter((file) => !copied.some((source) => file === source || file.startsWith(`${source}/`)));
      expect([name, missing]).toEqual([name, []]);
    }
  });
});

describe('the services accept the deployment configuration', () => {
  it.each(services)('the %s reads every variable compose and Kubernetes set (no misspelt name is silently ignored)', (name) => {
    const known = new Set(loaders[name].variables);
    const named = [...Object.keys(production.services[`${name}-1`]!.environment), ...container(name).env.map((variable) => variable.name)];
    expect(named.filter((variable) => !known.has(variable))).toEqual([]);
  });

  it.each(services)('the %s starts in production with the production topology', (name) => {
    expect(() => loaders[name].load(production.services[`${name}-1`]!.environment)).not.toThrow();
  });

  it.each(services)('the %s starts with the local profile (local Firebase and Stripe mock)', (name) => {
    expect(() => loaders[name].load(local.services[`${name}-1`]!.environment)).not.toThrow();
  });

  it('the local profile pays through the Stripe mock and signs in with the local Firebase, never the real ones', () => {
    const gateway = gatewayConfig.loadGatewayConfig(local.services['gateway-1']!.environment, repoRoot);
    expect(gateway.client.stripePublishableKey).toBeUndefined();
    expect(gateway.client.firebase.authEmulatorUrl).toBeDefined();
    const checkout = checkoutConfig.loadConfig(local.services['checkout-1']!.environment, { sqlitePath: ':memory:' });
    expect(checkout.stripe.secretKey).toBeUndefined();
    expect(checkout.stripe.localUrl).toBe('http://local-stripe:12112');
    expect(checkout.stripe.webhookSecret).toBe(local.services['local-stripe']!.environment.WEBHOOK_SECRET);
    expect(gateway.localStripeUrl).toBe('http://local-stripe:12112');
    expect(checkout.firebase.authVerifyUrl).toBeDefined();
  });

  it('refuses to start the production topology without its secrets, naming the missing one', () => {
    const { SESSION_SECRET: _left, ...withoutSessionSecret } = productionEnvironment;
    expect(() => readCompose([path.join(deployDir, 'compose.yaml')], withoutSessionSecret)).toThrow(/SESSION_SECRET/);
  });
});
