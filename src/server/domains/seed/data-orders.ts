/** Demo data of the order seed: receivers' addresses, carriers' hubs, return reasons, notes. */

export const RETURN_REASONS = [
  'Quality problem',
  'Size too big',
  'Colour not liked',
  '7-day no-reason return',
  'Price problem',
  'Invoice problem',
  'Other problem',
];

/** [country, province/state, city, district, street, postcode] */
export const ADDRESSES: [string, string, string, string, string, string][] = [
  ['CN', 'Guangdong', 'Shenzhen', 'Nanshan', '18 Keji Road South', '518057'],
  ['CN', 'Shanghai', 'Shanghai', 'Pudong', '100 Century Avenue', '200120'],
  ['CN', 'Beijing', 'Beijing', 'Chaoyang', '1 Jianguomenwai Street', '100004'],
  ['CN', 'Zhejiang', 'Hangzhou', 'Xihu', '969 Wenyi Road West', '310012'],
  ['US', 'California', 'San Francisco', 'Mission', '2150 Folsom Street', '94110'],
  ['US', 'New York', 'New York', 'Brooklyn', '77 Water Street', '11201'],
  ['GB', 'England', 'London', 'Camden', '12 Parkway', 'NW1 7AH'],
  ['DE', 'Berlin', 'Berlin', 'Mitte', 'Torstraße 110', '10119'],
  ['FR', 'Île-de-France', 'Paris', '11e', '24 Rue Oberkampf', '75011'],
  ['JP', 'Tokyo', 'Tokyo', 'Shibuya', '2-21-1 Shibuya', '150-0002'],
  ['KR', 'Seoul', 'Seoul', 'Gangnam', '521 Teheran-ro', '06164'],
  ['SG', 'Singapore', 'Singapore', 'Downtown', '8 Marina View', '018960'],
  ['AU', 'New South Wales', 'Sydney', 'Surry Hills', '45 Crown Street', '2010'],
  ['CA', 'Ontario', 'Toronto', 'Downtown', '200 King Street West', 'M5H 3T4'],
];

export const CARRIERS = ['SF Express', 'ZTO Express', 'YTO Express', 'JD Logistics', 'DHL', 'FedEx', 'UPS'];

export const HUBS = ['Shenzhen sorting centre', 'Guangzhou hub', 'Shanghai hub', 'Regional depot', 'Local station'];

export const CLOSE_NOTES = ['Payment timed out', 'Customer asked to cancel', 'Out of stock'];

export const RETURN_DESCRIPTIONS = [
  'The item arrived with a scratch on the side.',
  'Ordered the wrong size, would like to return it.',
  'The colour is different from the pictures.',
  'Changed my mind, the parcel is unopened.',
  'Found it cheaper elsewhere after ordering.',
];
