/** Words of the demo marketing data: promotions, coupons, adverts, subjects, news, referral texts. */

/** Upstream's daily flash slots (every database gets them): name, start, end, enabled. */
export const FLASH_SESSIONS: [string, string, string, number][] = [
  ['08:00 session', '08:00:00', '10:00:00', 1],
  ['10:00 session', '10:00:00', '12:00:00', 1],
  ['12:00 session', '12:00:00', '14:00:00', 1],
  ['14:00 session', '14:00:00', '16:00:00', 1],
  ['16:00 session', '16:00:00', '18:00:00', 1],
  ['18:00 session', '18:00:00', '20:00:00', 1],
  ['20:00 session', '20:00:00', '22:00:00', 1],
  ['22:00 night owls', '22:00:00', '23:59:00', 0],
];

export const PROMOTION_TITLES = [
  'Black Friday flash sale',
  'Cyber Monday lightning deals',
  'Winter warm-up week',
  'Singles Day specials',
  'Weekend flash picks',
  'New Year countdown',
];

export const COUPON_NAMES = [
  'Welcome gift',
  'Members only',
  'Spend more, save more',
  'New account bonus',
  'Category special',
  'Hand-picked favourites',
];

export const ADVERT_NAMES = [
  'Winter collection carousel',
  'Holiday gifts under 50',
  'Flash sale tonight',
  'Free shipping weekend',
  'New arrivals',
];

export const SUBJECTS: [string, string, string][] = [
  ['Work from home essentials', 'Lifestyle', 'laptops'],
  ['Back to school', 'Seasonal', 'backpacks'],
  ['Home cinema night', 'Electronics', 'monitors'],
  ['Run your first 10k', 'Sports', 'sneakers'],
  ['Cozy winter bedroom', 'Home', 'bedding'],
  ['Coffee lovers', 'Food', 'coffee-tea'],
  ['Skincare routine basics', 'Beauty', 'skincare'],
  ['Gifts for gamers', 'Electronics', 'headphones'],
];

export const PREFERRED_AREAS: [string, string][] = [
  ['Editor picks', 'Chosen by our team every week'],
  ['Best value', 'Great quality, fair prices'],
  ['Premium brands', 'Top names, official stores'],
  ['Trending now', 'What shoppers love this month'],
];

export const NEWS: [string, string][] = [
  ['Marketplace fees stay unchanged for 2027', 'Sellers keep the current commission rates for another year.'],
  ['New: coupons limited to categories', 'Shops can now issue coupons valid only in chosen categories.'],
  ['Holiday shipping deadlines', 'Order by December 18 for delivery before the holidays.'],
  ['Flash sales get nightly sessions', 'A new 22:00 session joins the daily flash schedule.'],
  ['Seller VIP trial extended', 'The VIP membership trial now runs until the end of the quarter.'],
  ['How we review product listings', 'What our reviewers check before a product goes live.'],
  ['Referral rewards paid weekly', 'Commissions from referral links are now paid every Monday.'],
  ['Better search for Chinese product names', 'Search now matches any part of a name, in every language.'],
  ['Returns made simpler', 'Members can attach photos to a return application from the app.'],
  ['Payment methods: PayPal and blockchain', 'Shops can accept PayPal and wallet payments.'],
  ['Maintenance window on Sunday night', 'The back office is read-only from 02:00 to 03:00 UTC.'],
  ['Welcome to our new sellers', 'Twelve new shops opened on the marketplace this month.'],
];

export const DEVICES = [
  'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1',
  'Mozilla/5.0 (Linux; Android 15; Pixel 9) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Mobile Safari/537.36',
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36',
  'Mozilla/5.0 (Macintosh; Intel Mac OS X 14_6) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Safari/605.1.15',
  'Mozilla/5.0 (Linux; Android 14; SM-S918B) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0 Mobile Safari/537.36',
];

export const LINK_NOTES = ['Instagram bio', 'Shop flyer', 'WeChat group', 'Newsletter footer', 'Partner blog'];
