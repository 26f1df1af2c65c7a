import path from 'node:path';
import { runNode } from '../../tools/kit/processes.ts';
import { stackPortEnv, stackPortsAt } from '../../tools/stack/stackPorts.ts';

const repoRoot = path.resolve(__dirname, '..', '..');
const startScript = path.join(repoRoot, 'tools', 'stack', 'start.ts');

export interface ExtraStack {
  baseURL: string;
  /** Everything the stack printed so far (its services' lines, behind their names). */
  output(): string;
  /** The process id of one of its services, as its supervisor last reported it. */
  pid(service: string): number;
  /** Resolves once the supervisor reports the service ready again under a new process id. */
  back(service: string, previousPid: number): Promise<void>;
  /** Stops the whole stack: SIGTERM is Ctrl-C; SIGKILL is a crash of every process at once. */
  stop(signal: NodeJS.Signals): Promise<void>;
}

/**
 * A second storefront beside the suite's own, for tests that stop and restart one (the suite's
 * stack must keep running for the other tests). Uses the front ends the suite's stack built.
 */
export async function startExtraStack(portBase: number, dataDir: string, env: Record<string, string> = {}): Promise<ExtraStack> {
  const ports = stackPortsAt(portBase);
  const stack = runNode(startScript, {
    name: 'the extra stack',
    cwd: repoRoot,
    inheritEnv: true,
    env: {
      // Every port its own (the stack's one list): the defaults belong to a developer's npm start.
      ...stackPortEnv(portBase),
      DATA_DIR: dataDir,
      RELEASES_DIR: path.join(dataDir, 'releases'),
      SKIP_BUILD: '1',
      RATE_LIMIT_PER_MINUTE: '0',
      CATALOG_RATE_LIMIT_PER_MINUTE: '0',
      ...env,
    },
    // Its own group: a SIGKILL to it is a crash of every process of that shop at once.
    group: true,
  });
  await stack.waitFor(/Storefront ready/, 300_000);
  const baseURL = `http://localhost:${ports.gateway}`;
  const pids = () => [...stack.output().matchAll(/\[stack\] (\S+) is (?:ready|back) \(pid (\d+)/g)];
  return {
    baseURL,
    output: () => stack.output(),
    pid(service) {
      const last = pids()
        .filter((match) => match[1] === service)
        .at(-1);
      if (!last) throw new Error(`the extra stack reported no pid for ${service}`);
      return Number(last[2]);
    },
    async back(service, previousPid) {
      for (let waited = 0; waited < 60_000; waited += 100) {
        const last = pids()
          .filter((match) => match[1] === service)
          .at(-1);
        if (last && Number(last[2]) !== previousPid) return;
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      throw new Error(`${service} did not come back within a minute`);
    },
    async stop(signal) {
      stack.signal(signal);
      await stack.exited;
      // Every port free again (children that follow their parent out take a moment).
      for (const port of Object.values(ports)) {
        for (let tries = 0; tries < 100; tries++) {
          const open = await fetch(`http://127.0.0.1:${port}/`).then(
            () => true,
            () => false,
          );
          if (!open) break;
          await new Promise((resolve) => setTimeout(resolve, 100));
        }
      }
    },
  };
}
