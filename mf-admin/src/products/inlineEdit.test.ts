import { cellChange, editText, pendingValue } from './inlineEdit.ts';
import { apiQueryOf, listFromSearch, pageCount, searchFromList, shownRange } from './listQuery.ts';

describe('in-place edits of a list row', () => {
  it('start from the value as shown and send the field they change', () => {
    expect(editText('price', 2499)).toBe('24.99');
    expect(editText('stock', 12)).toBe('12');
    expect(cellChange('price', '19,5')).toEqual({ change: { price: 19.5 } });
    expect(cellChange('stock', '40')).toEqual({ change: { stock: 40 } });
    expect(cellChange('stock', '-1')).toEqual({ error: { key: 'form.error.whole' } });
    expect(cellChange('price', '')).toEqual({ error: { key: 'form.error.number' } });
  });

  it('show a new price while it is saved, but stock only as the catalogue answers it', () => {
    expect(pendingValue('price', { price: 19.5 }, 2499)).toBe(1950);
    expect(pendingValue('stock', { stock: 40 }, 12)).toBe(12);
  });
});

describe('the product list address', () => {
  it('reads and writes search and page, dropping what makes no sense', () => {
    expect(listFromSearch('?q=%20lamp%20&page=3')).toEqual({ q: 'lamp', page: 3 });
    expect(listFromSearch('?page=0')).toEqual({ q: '', page: 1 });
    expect(listFromSearch('?page=abc')).toEqual({ q: '', page: 1 });
    expect(searchFromList({ q: 'lamp', page: 1 })).toBe('?q=lamp');
    expect(searchFromList({ q: '', page: 2 })).toBe('?page=2');
    expect(searchFromList({ q: ' ', page: 1 })).toBe('');
  });

  it('turns into the API query and the range shown', () => {
    expect(apiQueryOf({ q: 'lamp', page: 3 })).toEqual({ q: 'lamp', skip: 40, limit: 20 });
    expect(pageCount(0)).toBe(1);
    expect(pageCount(41)).toBe(3);
    expect(shownRange({ q: '', page: 3 }, 1, 41)).toEqual({ from: 41, to: 41, total: 41 });
    expect(shownRange({ q: '', page: 1 }, 0, 0)).toEqual({ from: 0, to: 0, total: 0 });
  });
});
