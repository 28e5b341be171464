import { ShopApprovalMode, ShopSelfOperated } from '../../../../generated/enums.js';
/**
 * Demo shops by owner (username); the demo seller gets VIP and two shops, seller2 one shop and no VIP. `ageDays`:
 * opened that many days before the seed (after the owner's account); their products and members come later.
 */
export const DEMO_SHOPS = [
  {
    seller: 'seller',
    shopName: 'Demo Fashion Store',
    legalPersonName: 'Alice Chen',
    country: 'US',
    city: 'New York',
    companyName: 'Demo Fashion LLC',
    address1: '350 5th Ave',
    address2: 'Suite 100',
    firstName: 'Alice',
    lastName: 'Chen',
    inviteCode: 'FASHION1',
    phone: '+1 212 555 0100',
    status: 1,
    postcode: '10118',
    currency: 'USD',
    paypalClientId: 'demo-client-fashion',
    paypalSecret: 'demo-paypal-secret-fashion-0001',
    paypalAccount: 'pay@fashion.example.com',
    chainNetwork: 'TRC20',
    walletAddress: 'TDemoWalletFashion000000000000001',
    approvalMode: ShopApprovalMode.automatic,
    ageDays: 150,
  },
  {
    seller: 'seller',
    shopName: 'Demo Gadget Store',
    legalPersonName: 'Alice Chen',
    country: 'CN',
    city: 'Shenzhen',
    companyName: 'Demo Gadgets Ltd',
    address1: '1 Keyuan Rd',
    address2: '',
    firstName: 'Alice',
    lastName: 'Chen',
    inviteCode: 'GADGET1',
    phone: '+86 755 5550 0101',
    status: 1,
    postcode: '518057',
    currency: 'CNY',
    paypalClientId: '',
    paypalSecret: '',
    paypalAccount: '',
    chainNetwork: null,
    walletAddress: '',
    approvalMode: ShopApprovalMode.manual,
    ageDays: 101,
  },
  {
    seller: 'seller2',
    shopName: 'Second Seller Books',
    legalPersonName: 'Bob Smith',
    country: 'GB',
    city: 'London',
    companyName: 'Second Books Ltd',
    address1: '10 Charing Cross Rd',
    address2: '',
    firstName: 'Bob',
    lastName: 'Smith',
    inviteCode: 'BOOKS1',
    phone: '+44 20 5550 0102',
    status: 1,
    postcode: 'WC2H 0HF',
    currency: 'GBP',
    paypalClientId: 'demo-client-books',
    paypalSecret: 'demo-paypal-secret-books-0002',
    paypalAccount: 'pay@books.example.com',
    chainNetwork: null,
    walletAddress: '',
    approvalMode: ShopApprovalMode.manual,
    ageDays: 56,
  },
] as const;

/**
 * The platform's own shop (self-operated sales beside the sellers'), held by the super admin: the writes of platform
 * staff that name no shop (clients written for the single-store upstream) land in it.
 */
export const PLATFORM_SHOP = {
  seller: 'admin',
  shopName: 'Marketplace Direct',
  legalPersonName: 'Grace Lin',
  country: 'US',
  city: 'San Francisco',
  companyName: 'Marketplace Operations Inc.',
  address1: '500 Howard St',
  address2: 'Floor 3',
  firstName: 'Grace',
  lastName: 'Lin',
  inviteCode: 'DIRECT1',
  phone: '+1 415 555 0199',
  status: 1,
  postcode: '94105',
  currency: 'USD',
  paypalClientId: '',
  paypalSecret: '',
  paypalAccount: '',
  chainNetwork: null,
  walletAddress: '',
  approvalMode: ShopApprovalMode.automatic,
  selfOperated: ShopSelfOperated.yes,
  ageDays: 200,
} as const;

/** Active VIP memberships granted by the demo super admin. */
export const DEMO_VIP = [{ seller: 'seller', plan: '1y', months: 12 }] as const;

/** Upstream's member levels: [name, growthPoint, defaultStatus, freeFreightPoint]. */
export const MEMBER_LEVELS: [string, number, 0 | 1, number][] = [
  ['Gold', 1000, 0, 199],
  ['Platinum', 5000, 0, 99],
  ['Diamond', 15000, 0, 0],
  ['Regular', 0, 1, 199],
];

/** Demo members per shop (by index in DEMO_SHOPS): username, nickname, real name, country, apply status. */
export const DEMO_MEMBERS: [
  shop: number,
  username: string,
  nickname: string,
  realName: string,
  country: string,
  apply: 0 | 1 | 2,
][] = [
  [0, 'emma.w', 'Emma', 'Emma Wilson', 'US', 1],
  [0, 'liam.j', 'Liam', 'Liam Johnson', 'CA', 1],
  [0, 'olivia.b', 'Liv', 'Olivia Brown', 'GB', 1],
  [1, 'wang.fang', 'Fang', 'Wang Fang', 'CN', 1],
  [1, 'li.lei', 'Lei', 'Li Lei', 'CN', 0],
  [1, 'sato.yui', 'Yui', 'Sato Yui', 'JP', 0],
  [1, 'kim.minji', 'Minji', 'Kim Min-ji', 'KR', 2],
  [2, 'noah.t', 'Noah', 'Noah Taylor', 'GB', 1],
  [2, 'mia.d', 'Mia', 'Mia Davies', 'IE', 0],
];
