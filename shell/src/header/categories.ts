/** The header's 'Shop by Category' entries: catalogue slugs in the spec's order. */
export const headerCategories = ['accessories', 'furniture', 'electronics', 'clothing', 'bags', 'home-appliances'] as const;
