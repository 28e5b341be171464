/**
 * The demo catalog: product types (attribute categories) with spec attributes (they make SKUs) and param
 * attributes, and a two-level category tree whose leaves say which type, brands and product names they use.
 * Each leaf has two product pictures (demoImage.product, drawn by scripts/demo-images).
 */
import {
  ProductAttributeFilterType,
  ProductAttributeSearchType,
  ProductAttributeType,
} from '../../../../generated/enums.js';

export interface DemoAttribute {
  name: string;
  /** A spec (sale attribute → SKUs) or a param. */
  type: ProductAttributeType;
  /** Values offered (input from list) — specs pick some of them, params one. */
  values: string[];
  /** A colour swatch filter, or none. */
  filterType?: ProductAttributeFilterType;
  searchType?: ProductAttributeSearchType;
}

export interface DemoType {
  name: string;
  attributes: DemoAttribute[];
}

const colors = (...values: string[]): DemoAttribute => ({
  name: 'Color',
  type: ProductAttributeType.spec,
  values,
  filterType: ProductAttributeFilterType.color,
});

export const DEMO_TYPES: DemoType[] = [
  {
    name: 'Clothing',
    attributes: [
      colors('Black', 'White', 'Navy', 'Red', 'Grey'),
      { name: 'Size', type: ProductAttributeType.spec, values: ['S', 'M', 'L', 'XL', 'XXL'] },
      {
        name: 'Material',
        type: ProductAttributeType.param,
        values: ['Cotton', 'Linen', 'Polyester', 'Wool blend'],
        searchType: ProductAttributeSearchType.keyword,
      },
      { name: 'Fit', type: ProductAttributeType.param, values: ['Slim', 'Regular', 'Loose'] },
      { name: 'Season', type: ProductAttributeType.param, values: ['Spring/Summer', 'Autumn/Winter', 'All seasons'] },
    ],
  },
  {
    name: 'Shoes',
    attributes: [
      colors('Black', 'White', 'Grey', 'Blue'),
      { name: 'Size', type: ProductAttributeType.spec, values: ['38', '39', '40', '41', '42', '43', '44'] },
      { name: 'Upper', type: ProductAttributeType.param, values: ['Mesh', 'Leather', 'Knit', 'Canvas'] },
      { name: 'Sole', type: ProductAttributeType.param, values: ['Rubber', 'EVA foam', 'Air cushion'] },
    ],
  },
  {
    name: 'Phones',
    attributes: [
      colors('Black', 'Silver', 'Gold', 'Blue', 'Green'),
      { name: 'Storage', type: ProductAttributeType.spec, values: ['64GB', '128GB', '256GB', '512GB'] },
      {
        name: 'Screen size',
        type: ProductAttributeType.param,
        values: ['6.1"', '6.4"', '6.7"'],
        searchType: ProductAttributeSearchType.range,
      },
      { name: 'Battery', type: ProductAttributeType.param, values: ['4000 mAh', '4500 mAh', '5000 mAh'] },
      {
        name: 'Network',
        type: ProductAttributeType.param,
        values: ['4G', '5G'],
        searchType: ProductAttributeSearchType.keyword,
      },
    ],
  },
  {
    name: 'Computers',
    attributes: [
      colors('Space grey', 'Silver', 'Black'),
      { name: 'Memory', type: ProductAttributeType.spec, values: ['8GB', '16GB', '32GB'] },
      {
        name: 'Processor',
        type: ProductAttributeType.param,
        values: ['Intel Core i5', 'Intel Core i7', 'AMD Ryzen 7', 'Apple M3'],
        searchType: ProductAttributeSearchType.keyword,
      },
      { name: 'Screen', type: ProductAttributeType.param, values: ['13.3"', '14"', '15.6"', '16"'] },
      { name: 'Weight', type: ProductAttributeType.param, values: ['1.2 kg', '1.5 kg', '2.1 kg'] },
    ],
  },
  {
    name: 'Appliances',
    attributes: [
      colors('White', 'Silver', 'Black'),
      { name: 'Power', type: ProductAttributeType.param, values: ['800 W', '1200 W', '2000 W'] },
      {
        name: 'Energy class',
        type: ProductAttributeType.param,
        values: ['A', 'A+', 'A++'],
        searchType: ProductAttributeSearchType.keyword,
      },
      { name: 'Warranty', type: ProductAttributeType.param, values: ['1 year', '2 years', '3 years'] },
    ],
  },
  {
    name: 'Home & furniture',
    attributes: [
      colors('Oak', 'Walnut', 'White', 'Black'),
      { name: 'Dimensions', type: ProductAttributeType.param, values: ['60×40×75 cm', '120×60×75 cm', '200×90×45 cm'] },
      { name: 'Material', type: ProductAttributeType.param, values: ['Solid wood', 'MDF', 'Steel', 'Fabric'] },
    ],
  },
  {
    name: 'Beauty',
    attributes: [
      { name: 'Volume', type: ProductAttributeType.spec, values: ['30 ml', '50 ml', '100 ml'] },
      {
        name: 'Skin type',
        type: ProductAttributeType.param,
        values: ['All', 'Dry', 'Oily', 'Sensitive'],
        searchType: ProductAttributeSearchType.keyword,
      },
      { name: 'Origin', type: ProductAttributeType.param, values: ['France', 'Korea', 'Japan', 'USA'] },
    ],
  },
  {
    name: 'Food & drinks',
    attributes: [
      { name: 'Pack', type: ProductAttributeType.spec, values: ['Single', 'Pack of 6', 'Pack of 12'] },
      { name: 'Shelf life', type: ProductAttributeType.param, values: ['6 months', '12 months', '18 months'] },
      { name: 'Origin', type: ProductAttributeType.param, values: ['Switzerland', 'USA', 'Italy', 'Thailand'] },
    ],
  },
  {
    name: 'Books',
    attributes: [
      { name: 'Format', type: ProductAttributeType.spec, values: ['Paperback', 'Hardcover', 'E-book'] },
      {
        name: 'Language',
        type: ProductAttributeType.param,
        values: ['English', 'Chinese', 'French'],
        searchType: ProductAttributeSearchType.keyword,
      },
      { name: 'Pages', type: ProductAttributeType.param, values: ['180', '320', '560'] },
    ],
  },
];

export interface DemoLeaf {
  name: string;
  /** Product type name (DEMO_TYPES). */
  type: string;
  brands: string[];
  /** Product nouns; a product name is brand + noun + model. */
  nouns: string[];
  price: [number, number];
  weight: number;
}

export interface DemoTop {
  name: string;
  unit: string;
  keywords: string;
  /** Index of the demo shop (modulo the shops there are) selling this category. */
  shop: number;
  children: DemoLeaf[];
}

const leaf = (
  name: string,
  type: string,
  brands: string[],
  nouns: string[],
  price: [number, number],
  weight: number,
): DemoLeaf => ({ name, type, brands, nouns, price, weight });

const WEAR = ['Uniqlo', 'Zara', 'H&M', "Levi's", 'Nike', 'Adidas', 'Puma'];
const PHONES = ['Apple', 'Samsung', 'Huawei', 'Xiaomi', 'OPPO', 'vivo'];
const PCS = ['Apple', 'Lenovo', 'Dell', 'HP', 'Asus', 'Huawei'];
const HOME = ['Midea', 'Haier', 'Philips', 'Panasonic', 'LG', 'Samsung'];

export const DEMO_CATEGORIES: DemoTop[] = [
  {
    name: 'Clothing',
    unit: 'piece',
    keywords: 'clothes, apparel, fashion',
    shop: 0,
    children: [
      leaf('T-shirts', 'Clothing', WEAR, ['Cotton Tee', 'Graphic Tee', 'Pocket Tee', 'Oversized Tee'], [9, 39], 180),
      leaf('Shirts', 'Clothing', WEAR, ['Oxford Shirt', 'Linen Shirt', 'Flannel Shirt'], [19, 69], 250),
      leaf(
        'Jackets',
        'Clothing',
        WEAR,
        ['Down Jacket', 'Denim Jacket', 'Rain Jacket', 'Bomber Jacket'],
        [49, 199],
        700,
      ),
      leaf('Trousers', 'Clothing', WEAR, ['Chinos', 'Slim Jeans', 'Joggers', 'Cargo Pants'], [25, 89], 450),
      leaf(
        'Dresses',
        'Clothing',
        ['Zara', 'H&M', 'Uniqlo'],
        ['Summer Dress', 'Wrap Dress', 'Knit Dress'],
        [29, 99],
        300,
      ),
    ],
  },
  {
    name: 'Shoes & bags',
    unit: 'pair',
    keywords: 'shoes, sneakers, bags',
    shop: 0,
    children: [
      leaf(
        'Sneakers',
        'Shoes',
        ['Nike', 'Adidas', 'Puma'],
        ['Runner', 'Court Classic', 'Trail Sneaker', 'Retro Sneaker'],
        [59, 189],
        800,
      ),
      leaf(
        'Boots',
        'Shoes',
        ['Nike', 'Adidas', 'Puma', "Levi's"],
        ['Chelsea Boot', 'Hiking Boot', 'Work Boot'],
        [79, 229],
        1200,
      ),
      leaf('Sandals', 'Shoes', ['Nike', 'Adidas', 'Puma'], ['Slide', 'Sport Sandal'], [19, 59], 400),
      leaf(
        'Backpacks',
        'Clothing',
        ['Nike', 'Adidas', 'Puma', "Levi's"],
        ['Daypack', 'Laptop Backpack', 'Gym Bag'],
        [29, 119],
        900,
      ),
    ],
  },
  {
    name: 'Phones & digital',
    unit: 'unit',
    keywords: 'phone, smartphone, tablet, audio',
    shop: 1,
    children: [
      leaf('Smartphones', 'Phones', PHONES, ['Pro', 'Max', 'Lite', 'Ultra', 'Neo'], [199, 1299], 190),
      leaf(
        'Tablets',
        'Phones',
        ['Apple', 'Samsung', 'Huawei', 'Xiaomi', 'Lenovo'],
        ['Tab', 'Pad Air', 'Pad Pro'],
        [249, 999],
        480,
      ),
      leaf(
        'Headphones',
        'Appliances',
        ['Sony', 'Apple', 'Huawei', 'Xiaomi', 'Philips'],
        ['Wireless Earbuds', 'Noise Cancelling Headphones', 'Sport Earphones'],
        [29, 399],
        250,
      ),
      leaf(
        'Smartwatches',
        'Phones',
        ['Apple', 'Samsung', 'Huawei', 'Xiaomi'],
        ['Watch', 'Band', 'Watch Active'],
        [49, 499],
        60,
      ),
      leaf(
        'Cameras',
        'Appliances',
        ['Canon', 'Nikon', 'Sony', 'Panasonic'],
        ['Mirrorless Camera', 'Compact Camera', 'Action Camera'],
        [299, 2499],
        650,
      ),
    ],
  },
  {
    name: 'Computers & office',
    unit: 'unit',
    keywords: 'laptop, computer, monitor, printer',
    shop: 1,
    children: [
      leaf(
        'Laptops',
        'Computers',
        PCS,
        ['Book 14', 'ThinkBook', 'Gaming Laptop', 'Ultrabook', 'Air 13'],
        [499, 2499],
        1500,
      ),
      leaf(
        'Desktops',
        'Computers',
        ['Apple', 'Lenovo', 'Dell', 'HP', 'Asus'],
        ['Mini PC', 'Tower PC', 'All-in-One'],
        [399, 1999],
        6000,
      ),
      leaf(
        'Monitors',
        'Appliances',
        ['Dell', 'LG', 'Samsung', 'Asus', 'HP', 'Philips'],
        ['27" 4K Monitor', '24" IPS Monitor', 'Curved Monitor'],
        [129, 699],
        4500,
      ),
      leaf(
        'Printers',
        'Appliances',
        ['HP', 'Canon'],
        ['Laser Printer', 'Inkjet Printer', 'Photo Printer'],
        [79, 499],
        5500,
      ),
    ],
  },
  {
    name: 'Home appliances',
    unit: 'unit',
    keywords: 'appliance, kitchen, home',
    shop: 1,
    children: [
      leaf(
        'Refrigerators',
        'Appliances',
        HOME,
        ['French Door Fridge', 'Mini Fridge', 'Side-by-Side Fridge'],
        [299, 1899],
        65000,
      ),
      leaf('Washing machines', 'Appliances', HOME, ['Front Loader', 'Washer Dryer', 'Top Loader'], [299, 999], 60000),
      leaf(
        'Air conditioners',
        'Appliances',
        ['Midea', 'Haier', 'LG', 'Panasonic'],
        ['Split AC', 'Portable AC', 'Inverter AC'],
        [249, 1299],
        30000,
      ),
      leaf(
        'Kitchen appliances',
        'Appliances',
        ['Midea', 'Philips', 'Panasonic', 'Xiaomi'],
        ['Air Fryer', 'Rice Cooker', 'Blender', 'Microwave'],
        [29, 249],
        4000,
      ),
    ],
  },
  {
    name: 'Home & living',
    unit: 'piece',
    keywords: 'furniture, home, decor, toys',
    shop: 2,
    children: [
      leaf(
        'Furniture',
        'Home & furniture',
        ['IKEA'],
        ['Desk', 'Bookshelf', 'Sofa', 'Dining Table', 'Wardrobe'],
        [49, 899],
        25000,
      ),
      leaf(
        'Lighting',
        'Home & furniture',
        ['IKEA', 'Philips'],
        ['Floor Lamp', 'Desk Lamp', 'Ceiling Light'],
        [15, 149],
        2000,
      ),
      leaf('Bedding', 'Home & furniture', ['IKEA'], ['Duvet', 'Pillow', 'Bed Sheet Set'], [19, 129], 1500),
      leaf(
        'Toys',
        'Home & furniture',
        ['LEGO'],
        ['Classic Brick Box', 'City Set', 'Technic Set', 'Creator Set'],
        [19, 199],
        900,
      ),
    ],
  },
  {
    name: 'Beauty & health',
    unit: 'bottle',
    keywords: 'beauty, skincare, cosmetics',
    shop: 0,
    children: [
      leaf('Skincare', 'Beauty', ["L'Oréal"], ['Face Cream', 'Serum', 'Cleanser', 'Sunscreen'], [9, 79], 120),
      leaf('Makeup', 'Beauty', ["L'Oréal"], ['Lipstick', 'Mascara', 'Foundation'], [9, 49], 60),
      leaf(
        'Personal care',
        'Appliances',
        ['Philips', 'Panasonic'],
        ['Electric Toothbrush', 'Shaver', 'Hair Dryer'],
        [25, 199],
        500,
      ),
    ],
  },
  {
    name: 'Food & drinks',
    unit: 'pack',
    keywords: 'food, drinks, snacks',
    shop: 2,
    children: [
      leaf(
        'Coffee & tea',
        'Food & drinks',
        ['Nestlé'],
        ['Instant Coffee', 'Coffee Capsules', 'Green Tea'],
        [4, 39],
        300,
      ),
      leaf('Snacks', 'Food & drinks', ['Nestlé'], ['Chocolate Bar', 'Wafer', 'Cereal Bar'], [2, 19], 150),
      leaf('Soft drinks', 'Food & drinks', ['Coca-Cola'], ['Cola', 'Zero Sugar Cola', 'Sparkling Water'], [1, 15], 400),
    ],
  },
  {
    name: 'Books',
    unit: 'copy',
    keywords: 'books, reading',
    shop: 2,
    children: [
      leaf(
        'Fiction',
        'Books',
        [],
        ['The Silent Harbor', 'Winter Light', 'A Map of Stars', 'Paper Kingdoms'],
        [8, 29],
        400,
      ),
      leaf('Business', 'Books', [], ['The Lean Shop', 'Selling Online', 'Numbers That Matter'], [12, 39], 450),
      leaf('Children', 'Books', ['LEGO'], ['Bedtime Stories', 'Build and Learn', 'Animal Atlas'], [6, 19], 300),
    ],
  },
];

/** Param attributes used as filters of a top category (name of the type's param attribute), as upstream relates them. */
export const FILTERS: Record<string, [type: string, attribute: string][]> = {
  Clothing: [
    ['Clothing', 'Material'],
    ['Clothing', 'Fit'],
  ],
  'Phones & digital': [
    ['Phones', 'Screen size'],
    ['Phones', 'Network'],
  ],
  'Computers & office': [
    ['Computers', 'Processor'],
    ['Computers', 'Screen'],
  ],
  'Home appliances': [['Appliances', 'Energy class']],
  Books: [['Books', 'Language']],
};
