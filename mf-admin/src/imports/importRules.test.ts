import { fileContentType, percentDone, pollDelay, urlRequest } from './importRules.ts';

describe('the import page', () => {
  it('sends each file kind with its type and refuses the rest before uploading', () => {
    expect(fileContentType('products.JSON', 10)).toEqual({ contentType: 'application/json' });
    expect(fileContentType('feed.ndjson', 10)).toEqual({ contentType: 'application/x-ndjson' });
    expect(fileContentType('feed.jsonl', 10)).toEqual({ contentType: 'application/x-ndjson' });
    expect(fileContentType('sheet.csv', 10)).toEqual({ contentType: 'text/csv' });
    expect(fileContentType('sheet.xlsx', 10)).toEqual({ error: 'import.error.fileType' });
    expect(fileContentType('big.json', 17 * 1024 * 1024)).toEqual({ error: 'import.error.fileSize' });
    expect(fileContentType('empty.json', 0)).toEqual({ error: 'import.error.fileEmpty' });
  });

  it('takes http(s) addresses only', () => {
    expect(urlRequest(' https://dummyjson.com/products ')).toEqual({ kind: 'url', url: 'https://dummyjson.com/products' });
    expect(urlRequest('ftp://x.example/p.json')).toEqual({ error: 'import.error.url' });
    expect(urlRequest('dummyjson.com')).toEqual({ error: 'import.error.url' });
  });

  it('shows how far a job is: unknown total indeterminate, never 100 % before it is done', () => {
    expect(percentDone({ state: 'running', total: null, processed: 40 })).toBeNull();
    expect(percentDone({ state: 'running', total: 200, processed: 50 })).toBe(25);
    expect(percentDone({ state: 'running', total: 3, processed: 3 })).toBe(99);
    expect(percentDone({ state: 'done', total: 3, processed: 3 })).toBe(100);
    expect(percentDone({ state: 'done', total: null, processed: 0 })).toBe(100);
    expect(percentDone({ state: 'failed', total: 10, processed: 4 })).toBe(40);
  });

  it('polls quickly at first, then every two seconds', () => {
    expect([0, 1, 2, 3, 4, 10].map(pollDelay)).toEqual([250, 500, 1000, 2000, 2000, 2000]);
  });
});
