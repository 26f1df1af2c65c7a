// Our own invented shop vocabulary: product kinds, brands and copy per category.
import type { DrawingName } from '../images/drawings.ts';

export interface Kind {
  noun: string;
  /** Word for tags and plurals, e.g. "chairs". */
  tag: string;
  drawing: DrawingName;
  modifiers: readonly string[];
  /** Price span in whole dollars; prices fall log-uniformly inside it. */
  price: readonly [number, number];
}

export interface CategoryVocabulary {
  code: string;
  brands: readonly string[];
  kinds: readonly Kind[];
  /** First sentence; {title}, {noun}, {brand} are filled in. */
  intros: readonly string[];
  details: readonly string[];
  /** Closing sentence naming the colour; {color} is filled in. */
  finishes: readonly string[];
}

/** The seed catalogue's six categories, the ones the spec's header menu names. */
export const SEED_CATEGORIES = ['accessories', 'furniture', 'electronics', 'clothing', 'bags', 'home-appliances'] as const;
export type SeedCategory = (typeof SEED_CATEGORIES)[number];

export const VOCABULARY: Record<SeedCategory, CategoryVocabulary> = {
  accessories: {
    code: 'ACC',
    brands: ['Aurelia', 'Tidewell', 'Brightline', 'Keystone & Co', 'Solvane', 'Vantera'],
    kinds: [
      { noun: 'Watch', tag: 'watches', drawing: 'watch', price: [59, 420], modifiers: ['Automatic', 'Field', 'Dive', 'Chronograph', 'Minimalist', 'Heritage'] },
      {
        noun: 'Sunglasses',
        tag: 'sunglasses',
        drawing: 'sunglasses',
        price: [14, 160],
        modifiers: ['Polarized', 'Aviator', 'Round', 'Sport', 'Cat-Eye', 'Square'],
      },
      {
        noun: 'Umbrella',
        tag: 'umbrellas',
        drawing: 'umbrella',
        price: [12, 45],
        modifiers: ['Compact', 'Windproof', 'Travel', 'Golf', 'Auto-Open', 'Clear Dome'],
      },
      {
        noun: 'Water Bottle',
        tag: 'bottles',
        drawing: 'bottle',
        price: [8, 39],
        modifiers: ['Insulated', 'Stainless Steel', 'Glass', 'Collapsible', 'Sport', 'Leakproof'],
      },
      { noun: 'Keychain', tag: 'keychains', drawing: 'keyring', price: [4, 15], modifiers: ['Leather', 'Brass', 'Enamel', 'Carabiner', 'Woven', 'Walnut'] },
    ],
    intros: [
      'The {title} is the small upgrade you will reach for every day.',
      '{brand} designed the {title} to be carried, used and never fussed over.',
      'A {noun} that earns its place in your pocket, bag or on your wrist.',
    ],
    details: [
      'Every part is chosen to take knocks, rain and years of daily use.',
      'It comes in a recycled-card box that makes it an easy gift.',
      'Materials are tested for scratches and fading before each batch ships.',
      'Small details, like rounded edges and a solid clasp, make it pleasant to handle.',
    ],
    finishes: ['The {color} finish goes with almost anything you wear.', 'In {color}, it is understated enough for work and bright enough for weekends.'],
  },
  furniture: {
    code: 'FUR',
    brands: ['Oakhaven', 'Nordlys', 'Linden & Loom', 'Hearthwood', 'Calder Studio', 'Morrowfield'],
    kinds: [
      {
        noun: 'Lounge Chair',
        tag: 'chairs',
        drawing: 'chair',
        price: [140, 520],
        modifiers: ['Walnut', 'Oak', 'Rattan', 'Velvet', 'Leather', 'Linen', 'Teak', 'Ash'],
      },
      { noun: 'Dining Chair', tag: 'chairs', drawing: 'chair', price: [49, 190], modifiers: ['Oak', 'Beech', 'Bentwood', 'Cane', 'Molded', 'Ash'] },
      {
        noun: 'Sofa',
        tag: 'sofas',
        drawing: 'sofa',
        price: [420, 1600],
        modifiers: ['Three-Seat Linen', 'Modular Velvet', 'Mid-Century', 'Tufted', 'Compact', 'Sleeper'],
      },
      {
        noun: 'Coffee Table',
        tag: 'tables',
        drawing: 'table',
        price: [95, 480],
        modifiers: ['Walnut', 'Marble-Top', 'Oak', 'Glass', 'Travertine', 'Round Ash'],
      },
      { noun: 'Side Table', tag: 'tables', drawing: 'table', price: [29, 160], modifiers: ['Nesting', 'Oak', 'Metal', 'Round', 'Marble', 'Pedestal'] },
      {
        noun: 'Floor Lamp',
        tag: 'lamps',
        drawing: 'lamp',
        price: [45, 260],
        modifiers: ['Arc', 'Tripod', 'Linen Shade', 'Brass', 'Adjustable', 'Paper Lantern'],
      },
      { noun: 'Table Lamp', tag: 'lamps', drawing: 'lamp', price: [19, 95], modifiers: ['Ceramic', 'Mushroom', 'Brass', 'Glass Globe', 'Rattan', 'Bedside'] },
      { noun: 'Bookshelf', tag: 'shelving', drawing: 'shelf', price: [69, 380], modifiers: ['Ladder', 'Walnut', 'Modular', 'Oak', 'Industrial', 'Low'] },
      {
        noun: 'Bar Stool',
        tag: 'stools',
        drawing: 'stool',
        price: [39, 160],
        modifiers: ['Counter-Height', 'Swivel', 'Rattan', 'Oak', 'Saddle-Seat', 'Backless'],
      },
    ],
    intros: [
      'The {title} brings calm, honest design into the room it lives in.',
      '{brand} builds the {title} to be used every day and kept for decades.',
      'A {noun} with clean lines, generous proportions and a quiet presence.',
    ],
    details: [
      'The frame is joined by hand and finished with a low-sheen, hard-wearing oil.',
      'Felt pads protect your floors, and every surface wipes clean with a damp cloth.',
      'It arrives flat-packed with the tools you need; assembly takes about twenty minutes.',
      'Sustainably sourced materials are used throughout, down to the fixings.',
    ],
    finishes: ['The {color} tone sits well beside both warm woods and cool greys.', 'Finished in {color}, it works in a living room, a study or a bedroom.'],
  },
  electronics: {
    code: 'ELE',
    brands: ['Voltaic', 'Lumen Audio', 'Pixelcraft', 'Northwave', 'Kestrel Labs', 'Arclight'],
    kinds: [
      {
        noun: 'Headphones',
        tag: 'audio',
        drawing: 'headphones',
        price: [29, 349],
        modifiers: ['Noise-Cancelling', 'Wireless Over-Ear', 'Studio Monitor', 'Foldable', 'Open-Back', 'Kids'],
      },
      { noun: 'Smartphone', tag: 'phones', drawing: 'phone', price: [189, 999], modifiers: ['5G', 'Compact', 'Pro', 'Camera-First', 'Rugged', 'Everyday'] },
      {
        noun: 'Phone Case',
        tag: 'phone-accessories',
        drawing: 'phone',
        price: [6, 35],
        modifiers: ['Silicone', 'Leather', 'Clear', 'Rugged', 'Wallet', 'Recycled'],
      },
      {
        noun: 'Laptop',
        tag: 'laptops',
        drawing: 'laptop',
        price: [449, 1999],
        modifiers: ['Ultralight', '14-inch', '16-inch Creator', 'Convertible', 'Gaming', 'Student'],
      },
      {
        noun: 'Bluetooth Speaker',
        tag: 'audio',
        drawing: 'speaker',
        price: [19, 249],
        modifiers: ['Portable', 'Waterproof', 'Mini', 'Smart', 'Bookshelf', 'Party'],
      },
      { noun: 'Camera', tag: 'cameras', drawing: 'camera', price: [59, 1290], modifiers: ['Mirrorless', 'Instant', 'Compact', 'Action', 'Film', 'Vlogging'] },
      { noun: 'Smartwatch', tag: 'wearables', drawing: 'watch', price: [49, 399], modifiers: ['Fitness', 'GPS', 'Slim', 'Outdoor', 'Kids', 'Classic'] },
    ],
    intros: [
      'The {title} puts dependable, well-tuned technology in your hands.',
      '{brand} made the {title} for people who want it to just work.',
      'A {noun} that is quick to set up and a pleasure to use every day.',
    ],
    details: [
      'A long-lasting battery charges over USB-C and tops up quickly.',
      'Firmware updates arrive over the air, and the warranty runs for two years.',
      'It pairs in seconds and remembers your devices from then on.',
      'Recycled aluminium and plastics make up most of the body.',
    ],
    finishes: ['The {color} housing resists fingerprints and everyday scuffs.', 'Its {color} finish looks at home on a desk or in a bag.'],
  },
  clothing: {
    code: 'CLO',
    brands: ['Threadline', 'Fieldcraft', 'Marlowe', 'Harbor & Pine', 'Softform', 'Ridgeway'],
    kinds: [
      {
        noun: 'T-Shirt',
        tag: 'tops',
        drawing: 'tshirt',
        price: [9, 39],
        modifiers: ['Organic Cotton', 'Heavyweight', 'Striped', 'Pocket', 'Linen-Blend', 'Relaxed'],
      },
      { noun: 'Jacket', tag: 'outerwear', drawing: 'jacket', price: [49, 260], modifiers: ['Rain', 'Denim', 'Quilted', 'Puffer', 'Chore', 'Bomber'] },
      {
        noun: 'Hoodie',
        tag: 'tops',
        drawing: 'hoodie',
        price: [29, 89],
        modifiers: ['Fleece', 'Zip-Up', 'Oversized', 'Organic', 'Heavyweight', 'Lightweight'],
      },
      { noun: 'Sneakers', tag: 'shoes', drawing: 'sneaker', price: [39, 169], modifiers: ['Running', 'Canvas', 'Leather Court', 'Trail', 'Knit', 'Retro'] },
      { noun: 'Beanie', tag: 'hats', drawing: 'beanie', price: [8, 39], modifiers: ['Ribbed', 'Merino', 'Fisherman', 'Cuffed', 'Chunky', 'Cashmere-Blend'] },
      { noun: 'Socks', tag: 'socks', drawing: 'socks', price: [4, 18], modifiers: ['Crew', 'Ankle', 'Wool Hiking', 'Striped', 'Bamboo', 'Compression'] },
    ],
    intros: [
      'The {title} is cut for comfort and made to last beyond one season.',
      '{brand} tailors the {title} with a relaxed fit that works on most frames.',
      'A {noun} you will wear on repeat, from early commutes to late weekends.',
    ],
    details: [
      'The fabric is pre-washed, so it keeps its shape and size after laundering.',
      'Seams are double-stitched where clothes usually give out first.',
      'It is sewn in audited factories from responsibly sourced fibres.',
      'Machine wash cold and hang to dry to keep it looking new.',
    ],
    finishes: ['The {color} shade pairs easily with denim and neutrals.', 'Dyed {color}, it layers well under or over the rest of your wardrobe.'],
  },
  bags: {
    code: 'BAG',
    brands: ['Packwell', 'Wanderloom', 'Trailmark', 'Carryall Co', 'Portside', 'Saddlery North'],
    kinds: [
      {
        noun: 'Weekender Bag',
        tag: 'travel',
        drawing: 'duffel',
        price: [59, 260],
        modifiers: ['Canvas', 'Waxed Canvas', 'Leather', 'Nylon', 'Recycled', 'Quilted'],
      },
      { noun: 'Backpack', tag: 'backpacks', drawing: 'backpack', price: [29, 189], modifiers: ['Roll-Top', 'Laptop', 'Hiking', 'Mini', 'Commuter', 'Canvas'] },
      {
        noun: 'Handbag',
        tag: 'handbags',
        drawing: 'handbag',
        price: [49, 390],
        modifiers: ['Leather', 'Structured', 'Woven', 'Suede', 'Top-Handle', 'Quilted'],
      },
      { noun: 'Tote Bag', tag: 'totes', drawing: 'tote', price: [9, 79], modifiers: ['Canvas', 'Market', 'Leather', 'Beach', 'Cotton', 'Oversized'] },
      { noun: 'Crossbody Bag', tag: 'handbags', drawing: 'handbag', price: [25, 149], modifiers: ['Mini', 'Leather', 'Nylon', 'Saddle', 'Sling', 'Camera'] },
      { noun: 'Wallet', tag: 'wallets', drawing: 'wallet', price: [6, 79], modifiers: ['Card', 'Bifold', 'Zip', 'Coin', 'Travel', 'Slim'] },
    ],
    intros: [
      'The {title} carries your essentials without weighing you down.',
      '{brand} designed the {title} around the way people actually pack.',
      'A {noun} with smart pockets and enough room for the day ahead.',
    ],
    details: [
      'Reinforced straps and metal hardware are rated well beyond everyday loads.',
      'A water-resistant lining keeps keys, cables and paperwork dry.',
      'Internal pockets keep small things where you can find them.',
      'It folds flat when empty and cleans up with a damp cloth.',
    ],
    finishes: ['The {color} exterior wears in gracefully with use.', 'In {color}, it is equally at home on a commute or a weekend away.'],
  },
  'home-appliances': {
    code: 'HOM',
    brands: ['Brewhaus', 'Kitchara', 'Purewave', 'Hearthstone', 'Quickserve', 'Airelle'],
    kinds: [
      {
        noun: 'Electric Kettle',
        tag: 'kitchen',
        drawing: 'kettle',
        price: [22, 129],
        modifiers: ['Gooseneck', 'Glass', 'Stainless Steel', 'Retro', 'Variable-Temperature', 'Cordless'],
      },
      { noun: 'Toaster', tag: 'kitchen', drawing: 'toaster', price: [19, 149], modifiers: ['2-Slice', '4-Slice', 'Retro', 'Long-Slot', 'Smart', 'Compact'] },
      {
        noun: 'Blender',
        tag: 'kitchen',
        drawing: 'blender',
        price: [24, 349],
        modifiers: ['High-Speed', 'Personal', 'Countertop', 'Smoothie', 'Glass-Jar', 'Vacuum'],
      },
      {
        noun: 'Coffee Maker',
        tag: 'coffee',
        drawing: 'coffeemaker',
        price: [29, 599],
        modifiers: ['Drip', 'Pour-Over', 'Espresso', 'Single-Serve', 'Cold Brew', 'Programmable'],
      },
      { noun: 'Fan', tag: 'cooling', drawing: 'fan', price: [12, 229], modifiers: ['Desk', 'Tower', 'Pedestal', 'Clip-On', 'Bladeless', 'Table'] },
      {
        noun: 'Microwave',
        tag: 'kitchen',
        drawing: 'microwave',
        price: [59, 329],
        modifiers: ['Compact', 'Countertop', 'Convection', 'Retro', 'Inverter', 'Grill'],
      },
    ],
    intros: [
      'The {title} takes a daily chore and makes it quick and quiet.',
      '{brand} engineered the {title} for reliable results, morning after morning.',
      'A {noun} with simple controls and none of the clutter.',
    ],
    details: [
      'Automatic shut-off and a cool-touch body make it safe around the house.',
      'Removable parts are dishwasher safe, so cleaning takes a minute.',
      'It draws little power on standby and comes with a two-year warranty.',
      'The compact footprint leaves room on even a small worktop.',
    ],
    finishes: ['The {color} body brightens a kitchen without shouting.', 'Its {color} finish matches the rest of the range from the same maker.'],
  },
};
