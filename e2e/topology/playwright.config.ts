import path from 'node:path';
import { defineConfig } from '@playwright/test';

// The browser journey against the container topology, run by deploy/podman/topology-test.sh once
// the topology is up (no web server of its own).
export default defineConfig({
  testDir: '.',
  testMatch: '*.spec.ts',
  workers: 1,
  retries: 0,
  timeout: 180_000,
  expect: { timeout: 20_000 },
  reporter: [['list']],
  outputDir: path.resolve(__dirname, '..', '..', 'test-results', 'topology'),
  use: {
    baseURL: process.env.TOPOLOGY_URL ?? 'http://127.0.0.1:8080',
    browserName: 'chromium',
    trace: 'retain-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking'],
    },
  },
});
