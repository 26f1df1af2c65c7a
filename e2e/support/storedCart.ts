/**
 * One line of a cart as the shop stores it in localStorage["cart"] (the spec's shape, `qun` per line),
 * for tests that open a page with something in the cart without going through the catalogue.
 */
export const toteLine = {
  id: 9101,
  title: 'Canvas Tote',
  description: 'A tote.',
  price: 19.99,
  discountPercentage: 0,
  rating: 4,
  stock: 3,
  brand: 'Northwind',
  category: 'bags',
  thumbnail: '',
  images: [],
  qun: 1,
};
