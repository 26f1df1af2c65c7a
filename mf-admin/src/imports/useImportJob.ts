import { useEffect, useState } from 'react';
import type { CatalogApi } from '../api/catalogApi.ts';
import type { ImportJob } from 'catalog-api/imports';
import { pollDelay } from './importRules.ts';

export interface ImportWatch {
  job: ImportJob | null;
  /** The last poll's failure; polling goes on (a restarting instance, a moment offline). */
  pollError: string | null;
}

/** Polls an import until it is done or failed; any catalogue instance answers from the database. */
export function useImportJob(catalog: CatalogApi, id: string | null): ImportWatch {
  const [watch, setWatch] = useState<ImportWatch>({ job: null, pollError: null });

  useEffect(() => {
    setWatch({ job: null, pollError: null });
    if (!id) return;
    let live = true;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const poll = (attempt: number) => {
      catalog.importJob(id).then(
        (job) => {
          if (!live) return;
          setWatch({ job, pollError: null });
          if (job.state === 'running') timer = setTimeout(() => poll(attempt + 1), pollDelay(attempt));
        },
        (error: unknown) => {
          if (!live) return;
          setWatch((current) => ({ ...current, pollError: error instanceof Error ? error.message : String(error) }));
          timer = setTimeout(() => poll(attempt + 1), pollDelay(attempt + 3));
        },
      );
    };
    poll(0);
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [catalog, id]);

  return watch;
}
