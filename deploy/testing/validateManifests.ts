// Validates Kubernetes manifests against the Kubernetes schemas (kubernetes-models, ESM only: run
// by Node itself, not inside jest). Usage: node deploy/testing/validateManifests.ts FILE...
// Prints one JSON line: [{ file, kind, name, problem }] with problem null for a valid object.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { parseAllDocuments } from 'yaml';
import { ConfigMap, PersistentVolumeClaim, Secret, Service } from 'kubernetes-models/v1';
import { Deployment } from 'kubernetes-models/apps/v1';
import { Job } from 'kubernetes-models/batch/v1';
import { HorizontalPodAutoscaler } from 'kubernetes-models/autoscaling/v2';
import { PodDisruptionBudget } from 'kubernetes-models/policy/v1';

const models: Record<string, new (data: never) => { validate(): void }> = {
  'v1/ConfigMap': ConfigMap,
  'v1/Secret': Secret,
  'v1/Service': Service,
  'v1/PersistentVolumeClaim': PersistentVolumeClaim,
  'apps/v1/Deployment': Deployment,
  'batch/v1/Job': Job,
  'policy/v1/PodDisruptionBudget': PodDisruptionBudget,
  'autoscaling/v2/HorizontalPodAutoscaler': HorizontalPodAutoscaler,
};

const results = process.argv.slice(2).flatMap((file) =>
  parseAllDocuments(readFileSync(file, 'utf8')).map((document) => {
    const manifest = document.toJS() as { apiVersion?: string; kind?: string; metadata?: { name?: string } };
    const where = { file: path.basename(file), kind: manifest.kind, name: manifest.metadata?.name };
    if (document.errors.length > 0) return { ...where, problem: document.errors[0]!.message };
    const Model = models[`${manifest.apiVersion}/${manifest.kind}`];
    if (!Model) return { ...where, problem: `no schema known for ${manifest.apiVersion} ${manifest.kind}` };
    try {
      new Model(manifest as never).validate();
      return { ...where, problem: null };
    } catch (error) {
      return { ...where, problem: (error as Error).message };
    }
  }),
);
console.log(JSON.stringify(results));
