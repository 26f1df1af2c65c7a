import { beaconSchema } from './beaconSchema.ts';

const accepts = (body: unknown) => beaconSchema.safeParse(body).success;
const inp = (interaction: unknown) => ({ route: '/shop/:id', vitals: [{ name: 'INP', value: 120, interaction }] });

describe('a Web Vitals beacon', () => {
  it("takes INP with the interaction's role and listed name, or its role alone", () => {
    expect(accepts(inp({ role: 'button', name: 'add-to-cart' }))).toBe(true);
    expect(accepts(inp({ role: 'combobox', name: 'header-search' }))).toBe(true);
    expect(accepts(inp({ role: 'link' }))).toBe(true);
    expect(
      accepts({
        route: '/',
        vitals: [
          { name: 'INP', value: 80 },
          { name: 'LCP', value: 1200 },
        ],
      }),
    ).toBe(true);
  });

  it('refuses any label value outside the lists, so no beacon adds a series', () => {
    expect(accepts(inp({ role: 'heading' }))).toBe(false);
    expect(accepts(inp({ role: 'button', name: 'wave-hello' }))).toBe(false);
    expect(accepts(inp({ role: 'button', name: 'Add To Cart: Dive Watch' }))).toBe(false);
    expect(accepts(inp({ name: 'filter' }))).toBe(false);
    expect(accepts(inp({ role: 'textbox', name: 'header-search', typed: 'my address' }))).toBe(false);
    expect(accepts(inp('button add-to-cart'))).toBe(false);
    expect(accepts({ route: '/shop/12', vitals: [{ name: 'INP', value: 80, interaction: { role: 'link' } }] })).toBe(false);
  });

  it('takes an interaction on INP only', () => {
    expect(accepts({ route: '/', vitals: [{ name: 'LCP', value: 1200, interaction: { role: 'link' } }] })).toBe(false);
    expect(accepts({ route: '/', vitals: [{ name: 'CLS', value: 0.01, interaction: { role: 'button', name: 'filter' } }] })).toBe(false);
  });
});
