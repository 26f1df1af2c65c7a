import { searchFigures } from './figures.ts';
import { importJob, importStarted } from './imports.ts';
import { newProduct, product, productChange, productList } from './products.ts';
import * as examples from './testing/examples.ts';
import { COLOR_NAMES, PALETTE, PRICE_RANGES, priceRangeLabel } from './vocabulary.ts';

describe('the catalogue API contract', () => {
  it.each([
    ['product', product, examples.productExample],
    ['productList', productList, examples.productListExample],
    ['importStarted', importStarted, examples.importStartedExample],
    ['importJob', importJob, examples.importJobExample],
    ['searchFigures', searchFigures, examples.searchFiguresExample],
  ] as const)('reads its %s example as it is, field for field', (_name, schema, example) => {
    expect(schema.parse(example)).toEqual(example);
  });

  it('lets an older caller read a product a newer service added a field to, and refuses one without a price', () => {
    expect(product.parse({ ...examples.productExample, weight: 2 })).toEqual(examples.productExample);
    const { price: _gone, ...withoutPrice } = examples.productExample;
    expect(product.safeParse(withoutPrice).success).toBe(false);
  });

  it('takes a new product with title, category and price, and a change of at least one field', () => {
    expect(newProduct.parse({ title: ' Desk Lamp ', category: 'furniture', price: 24.99 })).toEqual({
      title: 'Desk Lamp',
      category: 'furniture',
      price: 24.99,
    });
    expect(newProduct.safeParse({ title: 'Desk Lamp', category: 'Home Decoration', price: 1 }).success).toBe(false);
    expect(productChange.safeParse({}).success).toBe(false);
    expect(productChange.safeParse({ color: 'octarine' }).success).toBe(false);
  });

  it("names the shop's colours and price ranges once: every colour a swatch, every range labelled as the shop shows it", () => {
    expect(COLOR_NAMES).toEqual(PALETTE.map((color) => color.name));
    expect(PRICE_RANGES.map(priceRangeLabel)).toEqual(['$0.00-$9.99', '$10.00-$19.99', '$20.00-$29.99', '$30.00-$39.99', '$40.00-$69.99']);
  });
});
