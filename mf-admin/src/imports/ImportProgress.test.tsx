import { render, screen } from '@testing-library/react';
import type { ImportJob } from 'catalog-api/imports';
import { importJobExample } from 'catalog-api/testing';
import { ImportProgress } from './ImportProgress.tsx';

const job = (change: Partial<ImportJob>): ImportJob => ({
  ...importJobExample,
  state: 'running',
  source: 'JSON file',
  total: 200,
  processed: 50,
  accepted: 49,
  refusedCount: 1,
  refused: [{ index: 7, id: 908, reason: 'price: Too small' }],
  error: null,
  ...change,
});

describe('the import progress', () => {
  it('shows a running job as a bar with its percentage, without the refused records yet', () => {
    render(<ImportProgress job={job({})} />);
    const bar = screen.getByRole('progressbar', { name: 'Import progress' });
    expect(bar.getAttribute('aria-valuenow')).toBe('25');
    expect(screen.getByRole('status').textContent).toBe('Importing… 50 of 200 records');
    expect(screen.queryByRole('table')).toBeNull();
  });

  it('leaves the bar indeterminate while the total is unknown', () => {
    render(<ImportProgress job={job({ total: null })} />);
    expect(screen.getByRole('progressbar').hasAttribute('aria-valuenow')).toBe(false);
    expect(screen.getByRole('status').textContent).toBe('Importing… 50 records so far');
  });

  it('shows a finished job at 100 % with what it took and each refused record', () => {
    render(<ImportProgress job={job({ state: 'done', processed: 200, accepted: 199 })} />);
    expect(screen.getByRole('progressbar').getAttribute('aria-valuenow')).toBe('100');
    expect(screen.getByRole('status').textContent).toBe('Done: 199 of 200 records imported.');
    expect(screen.getByRole('heading', { name: 'Refused records (1)' })).toBeTruthy();
    const cells = screen.getAllByRole('row')[1]!.textContent;
    expect(cells).toBe('#8908price: Too small');
  });

  it('says why a job stopped, and that the list is cut when it is', () => {
    render(<ImportProgress job={job({ state: 'failed', error: 'The catalogue service was shut down.', refusedCount: 1500 })} />);
    expect(screen.getByRole('status').textContent).toBe('The import stopped: The catalogue service was shut down.');
    expect(screen.getByText('The first 1 of 1500 are listed.')).toBeTruthy();
  });
});
