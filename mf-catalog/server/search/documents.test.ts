import { generateProduct } from '../seed/generator.ts';
import { Documents } from './documents.ts';

describe('the search documents', () => {
  it('give back every title, lower-cased, whether it sits in a full chunk of titles or the last partial one', () => {
    const documents = new Documents();
    const records = Array.from({ length: 9000 }, (_, i) => generateProduct(7, i + 1));
    for (const record of records.slice(0, 8500)) documents.add(record);
    documents.seal();
    for (const record of records.slice(8500)) documents.add(record);
    for (const doc of [0, 1, 4095, 4096, 4097, 8191, 8192, 8499, 8500, 8999]) expect(documents.titleKey(doc)).toBe(records[doc]!.title.toLowerCase());
  });

  it('finds a product changed after the build by its id, and counts its old document dead', () => {
    const documents = new Documents();
    for (let id = 1; id <= 10; id++) documents.add(generateProduct(7, id));
    documents.seal();
    expect(documents.remove(4)).toBe(true);
    const doc = documents.add(generateProduct(7, 4));
    expect(documents.ids[doc]).toBe(4);
    expect(documents.remove(4)).toBe(true);
    expect(documents.alive[doc]).toBe(false);
    expect(documents.remove(4)).toBe(false);
    expect(documents.deadShare).toBeCloseTo(2 / 11);
  });
});
